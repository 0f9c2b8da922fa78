// `apply --json`: the one document of a run — products by key, each with its prices by key, the
// discounts, what --dedupe archived, whether the account verified, and the error that stopped it.
import type { ApplyOutcome } from '../../apply/apply-catalog.js';
import type { KeyResult } from '../../apply/report.js';
import { changesInOrder } from '../../plan/summary.js';
import type { Plan } from '../../plan/types.js';
import { remoteErrorJson } from '../handle-error.js';

type Entry = { id?: string; action: KeyResult['action']; status: KeyResult['status'] };

const entry = (r: KeyResult): Entry => ({
  ...(r.id ? { id: r.id } : {}),
  action: r.action,
  status: r.status,
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

export function applyDocument(
  environment: string,
  plan: Plan,
  outcome: ApplyOutcome,
  all: readonly KeyResult[],
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
  return {
    ok: !failed && outcome.verified,
    environment,
    products: productsByKey(results),
    ...(plan.discounts.length > 0 ? { discounts } : {}),
    ...(plan.deduplication ? { deduplicated } : {}),
    verified: outcome.verified,
    ...(!failed && !outcome.verified && outcome.remaining
      ? { verification: verificationJson(outcome.remaining) }
      : {}),
    ...(interrupted ? { interrupted: true } : {}),
    ...(error ? { error: remoteErrorJson(error) } : {}),
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
