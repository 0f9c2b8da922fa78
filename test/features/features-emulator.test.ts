// Features as code against the emulator (the real SDK over real HTTP): apply writes each product's
// features into its custom_data beside the marker and the user's keys, a second plan is empty, a
// changed limit is planned as a change of its own, and export reads the features back.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { exportAccount } from '../../src/export/use-case.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { summarize } from '../../src/planner/summary.js';
import { applyToEmulator } from '../support/apply-harness.js';
import { defined } from '../support/defined.js';
import { featuresCatalog } from './catalog.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const gatewayOf = (emu: RunningEmulator) =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });

describe('features in the account', () => {
  it('apply writes custom_data.features and feature_adds beside the marker and the user data; the second plan is empty', async () => {
    emulator = await startEmulator({ demo: false });
    const { outcome } = await applyToEmulator(emulator, featuresCatalog());
    expect(outcome.verified).toBe(true);
    const { products } = await gatewayOf(emulator).snapshot();
    const data = (name: string) => products.find((p) => p.name === name)?.custom_data;
    expect(data('Pro')).toEqual({
      support: 'priority',
      features: { projects: 'unlimited', seats: 10, sso: true },
      paddle_catalog: { key: 'pro' },
    });
    expect(data('Starter')).toEqual({
      features: { projects: 3, seats: 1 },
      paddle_catalog: { key: 'starter' },
    });
    expect(data('Extra seat')).toEqual({ feature_adds: { seats: 1 }, paddle_catalog: { key: 'extra-seat' } });
    const again = await applyToEmulator(emulator, featuresCatalog());
    expect(summarize(again.plan)).toMatchObject({ create: 0, update: 0, archive: 0 });
  });

  it('a changed limit is planned as a features change of the product alone, and written whole into custom_data', async () => {
    emulator = await startEmulator({ demo: false });
    await applyToEmulator(emulator, featuresCatalog());
    const changed = featuresCatalog();
    const pro = defined(changed.products.pro);
    pro.features = { ...pro.features, seats: 20, audit_log: true };
    const { plan, outcome } = await applyToEmulator(emulator, changed);
    const updates = plan.groups.flatMap((g) => [g.product, ...g.prices]).filter((c) => c.action === 'update');
    expect(updates.map((c) => [c.key, c.fields])).toEqual([
      [
        'pro',
        [
          { path: 'features.seats', before: 10, after: 20 },
          { path: 'features.audit_log', before: null, after: true },
        ],
      ],
    ]);
    expect(outcome.verified).toBe(true);
    const { products } = await gatewayOf(emulator).snapshot();
    expect(products.find((p) => p.name === 'Pro')?.custom_data).toMatchObject({
      support: 'priority',
      features: { audit_log: true, projects: 'unlimited', seats: 20, sso: true },
    });
  });

  it('export writes back the same features: and adds:, and the declarations with their types', async () => {
    emulator = await startEmulator({ demo: false });
    const catalog = featuresCatalog();
    await applyToEmulator(emulator, catalog);
    const result = await exportAccount({
      environment: 'sandbox',
      gateway: gatewayOf(emulator),
      schemaPath: './catalog.schema.json',
    });
    expect(result.issues).toEqual([]);
    for (const [key, product] of Object.entries(catalog.products)) {
      const exported = result.catalog.products[key];
      expect([key, exported?.features, exported?.adds]).toEqual([key, product.features, product.adds]);
    }
    expect(result.catalog.products.pro?.custom_data).toEqual({ support: 'priority' });
    const types = Object.fromEntries(
      Object.entries(catalog.features ?? {}).map(([k, f]) => [k, { type: f.type }]),
    );
    expect(result.catalog.features).toEqual(types);
    const again = await applyToEmulator(emulator, result.catalog);
    expect(summarize(again.plan)).toMatchObject({ create: 0, update: 0, archive: 0 });
  });
});
