// Two applies of one catalog at the same moment (CI triggered twice), over real HTTP against the
// emulator: they must never both report success over duplicates, and one apply --dedupe converges.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { compileOperations } from '../../src/operations/compile.js';
import { type CatalogGateway, createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { planAccount } from '../../src/plan-use-case/account.js';
import { readMarker } from '../../src/planner/marker.js';
import type { Plan } from '../../src/planner/types.js';
import { checkSavedPlan } from '../../src/saved-plan/check.js';
import { savedPlanDocument } from '../../src/saved-plan/file.js';
import { applyToEmulator } from '../support/apply-harness.js';
import { starter } from '../support/catalogs.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** Lets `parties` callers through only when all have arrived. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

/**
 * Both runs plan on the same account: each run's first read (its plan) is handed over only when
 * every run has read. With `verifying`, each run's second read (its verification) is made only when
 * every run has come to it, so after both have written.
 */
function readingTogether(planned: () => Promise<void>, verifying?: () => Promise<void>) {
  return (inner: CatalogGateway): CatalogGateway => {
    let reads = 0;
    return {
      ...inner,
      snapshot: async (...args) => {
        reads += 1;
        if (reads === 2) await verifying?.();
        const snapshot = await inner.snapshot(...args);
        if (reads === 1) await planned();
        return snapshot;
      },
    };
  };
}

/** key → ids of the active objects carrying it, oldest first. */
async function activeByKey(emu: RunningEmulator): Promise<Map<string, string[]>> {
  const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
  const { products } = await gateway.snapshot();
  const byKey = new Map<string, string[]>();
  for (const o of [...products, ...products.flatMap((p) => p.prices)]) {
    const key = readMarker(o.custom_data)?.key;
    if (key && o.status === 'active') byKey.set(key, [...(byKey.get(key) ?? []), o.id].sort());
  }
  return byKey;
}

/** price id → the id of its product, for every price of the account. */
async function productOfPrices(emu: RunningEmulator): Promise<Map<string, string>> {
  const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
  const { products } = await gateway.snapshot();
  return new Map(products.flatMap((p) => p.prices.map((price) => [price.id, p.id] as const)));
}

describe('simultaneous applies of one catalog', () => {
  it('both plan on the empty account and create: at most one reports verified, the other names every twin; apply --dedupe converges to the oldest product and its prices', async () => {
    emulator = await startEmulator({ demo: false, faults: { latencyMs: 5 } });
    const emu = emulator;
    // both plan on the empty account, and neither verifies before both have written
    const [plan, verify] = [barrier(2), barrier(2)];
    const runs = await Promise.all([
      applyToEmulator(emu, starter(), { gateway: readingTogether(plan, verify) }),
      applyToEmulator(emu, starter(), { gateway: readingTogether(plan, verify) }),
    ]);
    for (const run of runs) expect(run.outcome.execution.error).toBeUndefined();

    const keys = ['pro', 'pro/monthly', 'pro/trial', 'starter', 'starter/monthly', 'starter/yearly'];
    const twins = await activeByKey(emu);
    expect([...twins.keys()].sort()).toEqual(keys);
    for (const ids of twins.values()) expect(ids).toHaveLength(2);

    // never both: the run whose verification read came last saw the other's objects
    expect(runs.filter((r) => r.outcome.verified).length).toBeLessThan(2);
    for (const run of runs.filter((r) => !r.outcome.verified)) {
      const named = run.outcome.remaining?.duplicates ?? [];
      expect(named.map((d) => d.key).sort()).toEqual(keys);
      for (const d of named) expect([d.kept, ...d.others].sort()).toEqual(twins.get(d.key));
    }

    const dedupe = await applyToEmulator(emu, starter(), { dedupe: true });
    expect(dedupe.outcome.verified).toBe(true);
    expect(dedupe.plan.deduplication).toHaveLength(keys.length);
    const after = await activeByKey(emu);
    const productOf = await productOfPrices(emu);
    for (const key of keys) {
      // the product kept is the older one (the lower id); the price kept is the one under it, which
      // outranks its twin whichever was made first (the two runs' writes interleave)
      const [productKey = '', priceKey] = key.split('/');
      const keptProduct = twins.get(productKey)?.[0];
      const kept = priceKey ? twins.get(key)?.find((id) => productOf.get(id) === keptProduct) : keptProduct;
      expect(after.get(key)).toEqual([kept]);
    }
    // and a plain apply afterwards writes nothing and verifies
    const again = await applyToEmulator(emu, starter());
    expect(again.outcome.verified).toBe(true);
    expect(again.stats.writes).toBe(0);
  });
});

describe('simultaneous applies of one saved plan', () => {
  it('both read before either writes: both pass the check and both create, at most one verifies; one started after them is refused', async () => {
    emulator = await startEmulator({ demo: false, faults: { latencyMs: 5 } });
    const emu = emulator;
    const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
    const { plan, options } = await planAccount({
      environment: 'sandbox',
      catalog: starter(),
      gateway,
      options: {},
    });
    const saved = savedPlanDocument({
      plan,
      operations: compileOperations(plan),
      catalog: starter(),
      catalogFile: 'catalog.yaml',
      target: { environment: 'sandbox', baseUrl: emu.url },
      options,
      toolVersion: '0.1.0',
      now: new Date(0),
    });
    const check = (fresh: Plan) => {
      checkSavedPlan(saved, 'plan.json', fresh);
    };
    const meet = barrier(2);
    const runs = await Promise.all([
      applyToEmulator(emu, starter(), { gateway: readingTogether(meet), check }),
      applyToEmulator(emu, starter(), { gateway: readingTogether(meet), check }),
    ]);
    // no lock in the account can make the later one wait: both wrote, and the twins fail verification
    for (const run of runs) expect(run.stats.writes).toBeGreaterThan(0);
    expect(runs.filter((r) => r.outcome.verified).length).toBeLessThan(2);
    for (const ids of (await activeByKey(emu)).values()) expect(ids).toHaveLength(2);

    await expect(applyToEmulator(emu, starter(), { check })).rejects.toThrow(/has 2 active objects now/);
  });
});
