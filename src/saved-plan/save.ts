// `plan <catalog> --out <plan-file>` (src/saved-plan/): the plan just read, compiled into its operations and written
// as a saved plan, whole or not at all (never with the key: the document has no field for it).
import { resolve } from 'node:path';
import { compileOperations } from '../apply/operations.js';
import type { PlanResult } from '../apply/use-case.js';
import type { Catalog } from '../catalog/schema.js';
import { checkOutputFile, writeOutputFile } from '../files/output-file.js';
import type { Target } from '../paddle/target.js';
import { savedPlanDocument, savedPlanText } from './file.js';

/** What plan --out says it wrote (the --json document's `saved`). */
export interface SavedPlanNote {
  file: string;
  operations: number;
  digest: string;
}

export async function savePlan(
  planned: PlanResult,
  context: { catalog: Catalog; catalogFile: string; target: Target; toolVersion: string; cwd: string },
  file: string,
): Promise<SavedPlanNote> {
  const path = resolve(context.cwd, file);
  await checkOutputFile(path, file, true, '', 'plan.json');
  const document = savedPlanDocument({
    plan: planned.plan,
    operations: compileOperations(planned.plan),
    catalog: context.catalog,
    catalogFile: context.catalogFile,
    target: context.target,
    options: planned.options,
    toolVersion: context.toolVersion,
    now: new Date(),
  });
  await writeOutputFile(path, file, savedPlanText(document), { overwrite: true });
  return { file, operations: document.operations.length, digest: document.digest };
}
