// The export use-case against the emulator (the real SDK over real HTTP): what apply made, export
// gives back as a file that validates and plans to no changes. A subscriber move is not state: the
// account holds no trace of the subscribers_from that moved them, so export writes none.
import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalog, DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { type ExportHooks, exportAccount } from '../../src/export/use-case.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { planAccount } from '../../src/plan-use-case/account.js';
import { summarize } from '../../src/planner/summary.js';
import { applyToEmulator } from '../support/apply-harness.js';
import { starter } from '../support/catalogs.js';
import { manualClock } from '../support/emulator.js';
import { CATALOG, NOW, SEED } from '../support/subscription-account.mjs';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

function exportFrom(emu: RunningEmulator, out?: string, hooks?: ExportHooks) {
  const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
  return exportAccount({ environment: 'sandbox', gateway, out, schemaPath: './catalog.schema.json' }, hooks);
}

describe('export use-case', () => {
  it('exports what apply made: a valid file that applies as no change', async () => {
    emulator = await startEmulator();
    await applyToEmulator(emulator, starter());
    const result = await exportFrom(emulator, 'prices.yaml');
    expect(result.issues).toEqual([]);
    expect(Object.keys(result.catalog.products).sort()).toEqual(Object.keys(starter().products).sort());
    // every object is managed already: nothing to take over, so no --adopt line
    expect(result.text).not.toContain('--adopt');
    expect(result.unmanaged).toBe(0);
    const again = await applyToEmulator(emulator, result.catalog);
    expect(summarize(again.plan)).toMatchObject({ create: 0, update: 0, archive: 0 });
    expect(again.outcome.verified).toBe(true);
  });

  it('an empty account exports an empty catalog, read once', async () => {
    emulator = await startEmulator();
    let reads = 0;
    const result = await exportFrom(emulator, undefined, {
      reading: (work) => {
        reads += 1;
        return work();
      },
    });
    expect(reads).toBe(1);
    expect(result.catalog.products).toEqual({});
    expect(result.out).toBeUndefined();
  });

  it('a catalog that moved subscribers exports without subscribers_from or proration: a move is not state', async () => {
    emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: manualClock(NOW).now });
    const target = { environment: 'sandbox' as const, baseUrl: emulator.url, apiKey: emulator.apiKey };
    const request = {
      environment: 'sandbox' as const,
      catalog: CATALOG,
      gateway: createCatalogGateway(target),
      subscriptions: paddleSubscriptionsGateway(target),
      options: {},
    };
    const applied = await applyCatalog(
      { ...request, settings: DEFAULT_APPLY_SETTINGS },
      { confirm: async () => undefined },
    );
    expect(applied.outcome.execution.moves.filter((m) => m.status === 'moved')).toHaveLength(3);

    const result = await exportFrom(emulator, 'catalog.yaml');
    expect(result.issues).toEqual([]);
    const prices = result.catalog.products.pro?.prices ?? {};
    expect(Object.keys(prices)).toEqual(expect.arrayContaining(['monthly', 'monthly-2027']));
    for (const price of Object.values(prices)) {
      expect(price).not.toHaveProperty('subscribers_from');
      expect(price).not.toHaveProperty('proration');
    }
    expect(result.text).not.toMatch(/subscribers_from|proration/);
    // planned as it is (the add-on no catalog manages taken over), the exported file moves no one
    const { plan } = await planAccount({ ...request, catalog: result.catalog, options: { adopt: true } });
    expect(plan.moves).toBeUndefined();
    expect(summarize(plan)).toMatchObject({ adopt: 1, create: 0, update: 0, archive: 0 });
  });
});
