// `apply --json`: the one document of a run — the saved plan it applied (if one), products by key,
// each with its prices by key, the discounts, what --dedupe archived, whether the account verified, and the error that stopped it.

import type { ApplyOutcome } from '../../apply/use-case.js';
import type { UnwrittenFile } from '../../files/output-file.js';
import type { KeyResult } from '../../operations/results.js';
import { changesInOrder } from '../../planner/summary.js';
import type { Plan } from '../../planner/types.js';
import { plural } from '../../text/plural.js';
import { remoteErrorJson } from '../errors.js';
import { type Failure, failure } from '../failure.js';

/** `movedFrom`: --json's word (as plan --json's) for a discount key renamed with its code kept. */
type Entry = Pick<KeyResult, 'id' | 'action' | 'status' | 'held'> & { movedFrom?: string };

const entry = (r: KeyResult): Entry => ({
  ...(r.id ? { id: r.id } : {}),
  action: r.action,
  status: r.status,
  ...(r.renamedFrom !== undefined ? { movedFrom: r.renamedFrom } : {}),
  ...(r.held !== undefined ? { held: r.held } : {}),
});

/** Products by key, each with its prices by key (a price's product may be in the plan only for it). */
function productsByKey(results: readonly KeyResult[]) {
  const products: Record<string, Entry & { prices: Record<string, Entry> }> = {};
  for (const r of results.filter((x) => x.kind === 'product')) products[r.key] = { ...entry(r), prices: {} };
  for (const r of results.filter((x) => x.kind === 'price')) {
    const [productKey = '', priceKey = ''] = r.key.split('/');
    products[productKey] ??= { action: 'unchanged', status: 'unchanged', prices: {} };
    products[productKey].prices[priceKey] = entry(r);
  }
  return products;
}

/** The line that says why a run that finished is not verified (stderr and the --json error). */
export function notVerifiedMessage(remaining: Plan | undefined): string {
  const duplicates = remaining?.duplicates ?? [];
  return duplicates.length > 0
    ? `not verified: ${plural(duplicates.length, 'key')} ${duplicates.length === 1 ? 'has' : 'have'} more than one active object (another apply or a person made them meanwhile?)`
    : 'not verified: after apply, the account still differs from the catalog';
}

export const INTERRUPTED_MESSAGE = 'interrupted: the calls in flight finished; nothing else was started';

/** The stop of a run whose writes --timeout's deadline ended (in order, as a signal does). */
export const timedOutMessage = (seconds: number) =>
  `gave up after --timeout ${seconds} s: the calls in flight finished; nothing else was started`;

/**
 * The `error` of a failed run, in every command's one failure shape: Paddle's error that stopped it,
 * the interrupt, the verification that failed, or the first id file that could not be written.
 */
function runFailure(
  outcome: ApplyOutcome,
  unwritten: readonly UnwrittenFile[],
  timedOut: number | undefined,
): Failure | undefined {
  const { error, interrupted } = outcome.execution;
  if (error) return remoteErrorJson(error);
  if (interrupted && timedOut !== undefined)
    return failure('timeout', { seconds: timedOut, message: timedOutMessage(timedOut) });
  if (interrupted) return failure('interrupted', { message: INTERRUPTED_MESSAGE });
  if (!outcome.verified) return failure('not-verified', { message: notVerifiedMessage(outcome.remaining) });
  const [file] = unwritten;
  return file ? failure('user', { message: file.message }) : undefined;
}

export function applyDocument(
  environment: string,
  plan: Plan,
  outcome: ApplyOutcome,
  all: readonly KeyResult[],
  unwritten: readonly UnwrittenFile[],
  planFile?: string,
  timedOut?: number,
) {
  const results = all.filter((r) => r.duplicateOf === undefined);
  const deduplicated = all
    .filter((r) => r.duplicateOf !== undefined)
    .map((r) => ({ kind: r.kind, key: r.key, id: r.id, kept: r.duplicateOf, status: r.status }));
  const discounts = Object.fromEntries(
    results.filter((x) => x.kind === 'discount').map((r) => [r.key, entry(r)]),
  );
  const { error, interrupted } = outcome.execution;
  const failed = error !== undefined || interrupted;
  const stopped = runFailure(outcome, unwritten, timedOut);
  return {
    ok: stopped === undefined,
    environment,
    ...(planFile ? { planFile } : {}),
    products: productsByKey(results),
    ...(plan.discounts.length > 0 ? { discounts } : {}),
    ...(plan.deduplication ? { deduplicated } : {}),
    verified: outcome.verified,
    ...(!failed && !outcome.verified && outcome.remaining
      ? { verification: verificationJson(outcome.remaining) }
      : {}),
    ...(interrupted ? { interrupted: true } : {}),
    ...(unwritten.length > 0 ? { unwritten } : {}),
    ...(stopped ? { error: stopped } : {}),
  };
}

/** Why a run is not verified: what the fresh plan still finds to do, and the keys with duplicates. */
function verificationJson(remaining: Plan) {
  return {
    pending: changesInOrder(remaining)
      .filter((c) => c.action !== 'unchanged')
      .map((c) => ({ kind: c.kind, key: c.key, action: c.action, ...(c.id ? { id: c.id } : {}) })),
    duplicates: remaining.duplicates,
  };
}
