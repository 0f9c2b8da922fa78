// What apply reports: per key its id and what happened; the ids as a map and as
// dotenv lines for apps. Pure: the command writes them.
import type { RemoteErrorDetails } from '../errors.js';
import { dotenvLines as envLines, type IdEntry } from '../ids/env-names.js';
import { changesInOrder } from '../plan/summary.js';
import type { Action, Change, Plan } from '../plan/types.js';
import type { ApplyOutcome } from './apply-catalog.js';
import type { StepResult, StepStatus } from './execute.js';

export interface KeyResult {
  key: string;
  kind: Change['kind'];
  action: Action;
  status: StepStatus;
  id?: string;
  /** --dedupe: this was an extra object of the key, archived; the id of the one kept */
  duplicateOf?: string;
}

/** Every change of the plan with its outcome, in apply order. */
export function keyResults(plan: Plan, steps: StepResult[]): KeyResult[] {
  const byChange = new Map(steps.map((s) => [s.change, s]));
  const kept = new Map<Change, string>((plan.deduplication ?? []).map((c) => [c, c.duplicateOf]));
  return changesInOrder(plan).map((change) => {
    const step = byChange.get(change);
    const duplicateOf = kept.get(change);
    return {
      key: change.key,
      kind: change.kind,
      action: change.action,
      status: step?.status ?? 'skipped',
      id: step?.id ?? change.id,
      ...(duplicateOf ? { duplicateOf } : {}),
    };
  });
}

const byKey = <T>(entries: [string, T][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** `apply --json`: products by key, each with its prices by key. */
export function applyDocument(
  environment: string,
  plan: Plan,
  outcome: ApplyOutcome,
  error?: RemoteErrorDetails & { hint?: string },
) {
  const all = keyResults(plan, outcome.execution.steps);
  const results = all.filter((r) => r.duplicateOf === undefined);
  const deduplicated = all
    .filter((r) => r.duplicateOf !== undefined)
    .map((r) => ({ kind: r.kind, key: r.key, id: r.id, kept: r.duplicateOf, status: r.status }));
  const entry = (r: KeyResult) => ({ ...(r.id ? { id: r.id } : {}), action: r.action, status: r.status });
  const products: Record<
    string,
    ReturnType<typeof entry> & { prices: Record<string, ReturnType<typeof entry>> }
  > = {};
  for (const r of results.filter((x) => x.kind === 'product')) products[r.key] = { ...entry(r), prices: {} };
  for (const r of results.filter((x) => x.kind === 'price')) {
    const [productKey = '', priceKey = ''] = r.key.split('/');
    products[productKey] ??= { action: 'unchanged', status: 'unchanged', prices: {} };
    (products[productKey] as { prices: Record<string, unknown> }).prices[priceKey] = entry(r);
  }
  const discounts = Object.fromEntries(
    results.filter((x) => x.kind === 'discount').map((r) => [r.key, entry(r)]),
  );
  const failed = error !== undefined || outcome.execution.interrupted;
  return {
    ok: !failed && outcome.verified,
    environment,
    products,
    ...(plan.discounts.length > 0 ? { discounts } : {}),
    ...(plan.deduplication ? { deduplicated } : {}),
    verified: outcome.verified,
    ...(!failed && !outcome.verified && outcome.remaining
      ? { verification: verificationJson(outcome.remaining) }
      : {}),
    ...(outcome.execution.interrupted ? { interrupted: true } : {}),
    ...(error ? { error: errorJson(error) } : {}),
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

function errorJson(d: RemoteErrorDetails & { hint?: string }) {
  return {
    code: d.code,
    detail: d.detail,
    status: d.status,
    operation: d.operation,
    errors: d.errors,
    request_id: d.requestId,
    documentation_url: d.documentationUrl,
    hint: d.hint,
  };
}

/** Ids of what the catalog names and is active after the run (not what was archived). */
function liveIds(results: KeyResult[]): KeyResult[] {
  return results.filter((r) => r.id && r.action !== 'archive' && r.status !== 'failed');
}

/** `--ids-out`: key → id for one environment, keys sorted so the file diffs cleanly. */
export function idsDocument(environment: string, results: KeyResult[]) {
  const live = liveIds(results);
  const products = live.filter((r) => r.kind === 'product');
  const discounts = live.filter((r) => r.kind === 'discount');
  return {
    environment,
    products: byKey(
      products.map((p) => [
        p.key,
        {
          id: p.id,
          prices: byKey(
            live
              .filter((r) => r.kind === 'price' && r.key.startsWith(`${p.key}/`))
              .map((r) => [r.key.slice(p.key.length + 1), r.id]),
          ),
        },
      ]),
    ),
    ...(discounts.length > 0 ? { discounts: byKey(discounts.map((d) => [d.key, d.id])) } : {}),
  };
}

/** The ids `liveIds` keeps, as entries for the id files (`--env-out`, an `--ids-out` module). */
export function liveIdEntries(results: KeyResult[]): IdEntry[] {
  return liveIds(results).map((r) => ({ kind: r.kind, key: r.key, id: r.id as string }));
}

/** `--env-out`: `PADDLE_PRODUCT_PRO=pro_…`, `PADDLE_PRICE_PRO_MONTHLY=pri_…`, `PADDLE_DISCOUNT_LAUNCH=dsc_…`, sorted. */
export function dotenvLines(results: KeyResult[]): string[] {
  return envLines(liveIdEntries(results));
}
