// A saved plan as a file: made from a plan, written whole or not at all, read back with every check
// that must pass before the account is even read — the format and its version, the digest (an edited
// file), the environment and the base URL of this run.

import type { Catalog } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import type { Operation } from '../operations/compile.js';
import type { Target } from '../paddle/target.js';
import { CUSTOM_DATA_MAX_DEPTH, nestingDepth } from '../paddle-facts/limits.js';
import { summarize } from '../planner/summary.js';
import type { DiffOptions, Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import {
  digestOf,
  PLAN_FILE_FORMAT,
  PLAN_FILE_VERSION,
  type SavedPlan,
  type SavedReview,
  savedPlanSchema,
} from './document.js';
import { seenOf } from './drift.js';

export interface SavedPlanInput {
  plan: Plan;
  operations: Operation[];
  catalog: Catalog;
  catalogFile: string;
  target: Pick<Target, 'environment' | 'baseUrl'>;
  options: DiffOptions;
  toolVersion: string;
  now: Date;
  /** what the review showed, kept for apply to print (moves: as plan --json shows them) */
  review?: SavedReview;
}

export function savedPlanDocument(input: SavedPlanInput): SavedPlan {
  const { plan, options } = input;
  const document = {
    format: PLAN_FILE_FORMAT,
    version: PLAN_FILE_VERSION,
    created_at: input.now.toISOString(),
    tool_version: input.toolVersion,
    environment: input.target.environment,
    base_url: input.target.baseUrl,
    catalog_file: input.catalogFile,
    catalog: input.catalog,
    options: {
      prune: options.prune === true,
      adopt: options.adopt === true,
      dedupe: options.dedupe === true,
    },
    summary: { ...summarize(plan) },
    operations: input.operations,
    seen: seenOf(plan),
    ...(input.review ? { review: withoutNoMoves(input.review) } : {}),
  } satisfies Omit<SavedPlan, 'digest'>;
  return { ...document, digest: digestOf(document) };
}

/** A catalog that moves no one keeps the review it always had (no empty `moves`). */
function withoutNoMoves(review: SavedReview): SavedReview {
  const { moves, ...rest } = review;
  return moves && moves.length > 0 ? { ...rest, moves } : rest;
}

/**
 * The document with the key masked in its values as the screen masks it (its fields, numbers and
 * syntax as they are, so apply reads it as plan wrote it), and its digest made again.
 */
export function maskedDocument(document: SavedPlan, redact: <T>(document: T) => T): SavedPlan {
  const { digest: _digest, ...rest } = document;
  const masked = redact(rest);
  return { ...masked, digest: digestOf(masked) };
}

export const savedPlanText = (document: SavedPlan) => `${JSON.stringify(document, null, 2)}\n`;

/** The fields of a saved plan's text, unchecked; undefined for any other text (a catalog). */
export function savedPlanFields(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    const isPlan =
      typeof value === 'object' &&
      value !== null &&
      (value as { format?: unknown }).format === PLAN_FILE_FORMAT;
    return isPlan ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How deeply a saved plan may nest: its own fields around a catalog's deepest custom_data (a price's,
 * as a change's before value). Deeper is no file plan wrote, and checking its digest would exhaust the
 * stack, so it is refused before anything walks it recursively.
 * @internal The saved-plan test expects the error that names this depth.
 */
export const PLAN_MAX_DEPTH = CUSTOM_DATA_MAX_DEPTH + 16;

function refuseDeepPlan(file: string, document: Record<string, unknown>): void {
  if (nestingDepth(document, PLAN_MAX_DEPTH) <= PLAN_MAX_DEPTH) return;
  throw new UserError(
    `${shown(file)} nests more than ${PLAN_MAX_DEPTH} levels deep; a saved plan holds at most ${PLAN_MAX_DEPTH} (custom_data at most ${CUSTOM_DATA_MAX_DEPTH}), so plan did not write it. Nothing was applied.`,
    again(file),
  );
}

const again = (file: string) => `Make the plan again (plan <catalog> --out ${shown(file)}) and review it.`;

/**
 * The saved plan in `text`, or undefined when the file is not one (a catalog). A file that says it
 * is one is checked: another format version, an edit since it was written, a broken shape.
 */
export function readSavedPlan(file: string, text: string): SavedPlan | undefined {
  const document = savedPlanFields(text);
  if (!document) return undefined;
  refuseDeepPlan(file, document);
  if (document.version !== PLAN_FILE_VERSION) {
    throw new UserError(
      `${shown(file)} is a saved plan of format version ${shown(JSON.stringify(document.version))}; this paddle-catalog reads version ${PLAN_FILE_VERSION}. Nothing was applied.`,
      again(file),
    );
  }
  if (document.digest !== digestOf(document)) {
    throw new UserError(
      `${shown(file)} was changed after plan wrote it (its digest does not match). Nothing was applied.`,
      `A saved plan is applied exactly as it was reviewed, or not at all. ${again(file)}`,
    );
  }
  const parsed = savedPlanSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(
      `${shown(file)} is not a saved plan this paddle-catalog can read: ${shown(issue?.path.join('.') ?? '')} ${shown(issue?.message ?? '')}. Nothing was applied.`,
      again(file),
    );
  }
  return parsed.data;
}

/** The run's API must be the plan's (its environment is checked before the session opens). */
export function checkSavedTarget(saved: SavedPlan, file: string, target: Pick<Target, 'baseUrl'>): void {
  if (saved.base_url !== target.baseUrl) {
    throw new UserError(
      `${shown(file)} was planned against ${shown(saved.base_url)}; this apply talks to ${shown(target.baseUrl)}. Nothing was applied.`,
      'Set PADDLE_API_URL as it was for the plan (or unset it for Paddle), or make the plan again against this API.',
    );
  }
}
