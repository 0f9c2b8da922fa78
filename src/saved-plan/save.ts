// `plan <catalog> --out <plan-file>` (src/saved-plan/): the plan just read, compiled into its operations and written
// as a saved plan, whole or not at all. Never with the key: the document has no field for it, and a
// key pasted into a catalog's or the account's data is masked in it as on screen (a plan file is a CI
// artifact), with a warning naming the field, as export names one.
import { resolve } from 'node:path';
import type { Catalog } from '../catalog/schema.js';
import { fieldsHolding } from '../export/secret-fields.js';
import { checkOutputFile, writeOutputFile } from '../files/output-file.js';
import { compileOperations } from '../operations/compile.js';
import type { Target } from '../paddle/target.js';
import type { DiffOptions, Plan } from '../planner/types.js';
import type { Review } from '../review/types.js';
import type { SavedPlan, SavedReview } from './document.js';
import { maskedDocument, savedPlanDocument, savedPlanText } from './file.js';
import { reviewedMoves } from './reviewed-moves.js';

/** What plan --out says it wrote (the --json document's `saved`). */
export interface SavedPlanNote {
  file: string;
  operations: number;
  digest: string;
  /** the fields that held the API key, masked in the file */
  warnings?: string[];
}

/** How the key is found and masked: the reporter's, so the file masks exactly what the screen does. */
export interface SecretMask {
  /** a JSON document with the key masked in its values */
  redactDocument: <T>(document: T) => T;
  holds: (text: string) => boolean;
}

export async function savePlan(
  planned: { plan: Plan; options: DiffOptions; review?: Review },
  context: { catalog: Catalog; catalogFile: string; target: Target; toolVersion: string; cwd: string },
  file: string,
  secrets: SecretMask,
): Promise<SavedPlanNote> {
  const path = resolve(context.cwd, file);
  await checkOutputFile(path, file, true, '', 'plan.json');
  const unmasked = savedPlanDocument({
    plan: planned.plan,
    operations: compileOperations(planned.plan),
    catalog: context.catalog,
    catalogFile: context.catalogFile,
    target: context.target,
    options: planned.options,
    toolVersion: context.toolVersion,
    now: new Date(),
    ...(planned.review ? { review: savedReview(planned.plan, planned.review) } : {}),
  });
  const document = maskedDocument(unmasked, secrets.redactDocument);
  await writeOutputFile(path, file, savedPlanText(document), { overwrite: true });
  const warnings = secretWarnings(unmasked, file, secrets.holds);
  return {
    file,
    operations: document.operations.length,
    digest: document.digest,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** What the review showed, kept for apply to print; its moves as plan --json shows them. */
const savedReview = (plan: Plan, review: Review): SavedReview => ({
  ...review,
  moves: reviewedMoves(plan, review),
});

/**
 * The catalog's and the account's fields that hold the key (the operations only repeat them). The
 * catalog is saved masked, so apply writes the mask where the key was, as the plan showed it.
 */
function secretWarnings(document: SavedPlan, file: string, holds: (text: string) => boolean): string[] {
  const { catalog, seen } = document;
  return fieldsHolding({ catalog, seen }, holds).map(
    (field) =>
      `${field} holds an API key: ${file} has it masked, as the screen shows it (apply writes the mask); remove it and roll the key`,
  );
}
