// The features in the app's id file (over real HTTP against the emulator): the typed module compiles
// under strict and its featuresOf reads a subscription's items by price ids of either environment;
// the JSON carries the same, in the shape docs/ids-and-refs.md gives apps in other languages.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { compileApp } from '../support/packed-app.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const ALL = ['product.read', 'product.write', 'price.read', 'price.write', 'discount.read', 'discount.write'];

let emulator: RunningEmulator;
let project: string;

async function cli(args: string[], production: boolean) {
  const apiKey = production ? emulator.addApiKey(ALL, 'production') : emulator.apiKey;
  const run = await runCliInProcess([...args, ...(production ? ['--production'] : [])], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: apiKey },
    cwd: project,
  });
  expect(run.code, run.stderr).toBe(0);
  return run;
}

/**
 * What the set-up and the compile wait on is CPU in this process: the first CLI run of a test worker
 * loads the apply and ids commands and the SDK, the first compile TypeScript and its library, about
 * a second each. On a 2-core machine shared by several test runs (a load of 20 to 40) each is 20 s
 * and more.
 */
const FIRST_IN_WORKER_MS = 120_000;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  project = tempDir();
  mkdirSync(join(project, 'src'));
  copyFileSync('catalogs/plans-with-features.yaml', join(project, 'catalog.yaml'));
  for (const production of [false, true]) {
    await cli(['apply', 'catalog.yaml', '--yes'], production);
    await cli(['ids', 'catalog.yaml', '--out', 'src/paddle-ids.ts'], production);
    await cli(['ids', 'catalog.yaml', '--out', 'ids.json'], production);
  }
}, FIRST_IN_WORKER_MS);
afterAll(() => emulator.close());

describe('features in the id file', { timeout: FIRST_IN_WORKER_MS }, () => {
  it('the module compiles under strict, and featuresOf answers for sandbox and production ids, an add-on, unlimited, an unknown id', async () => {
    writeFileSync(join(project, 'package.json'), '{"type": "module", "private": true}\n');
    const compilerOptions = {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      // the language's own library, no DOM: the module must not lean on a browser's globals (and
      // lib.dom.d.ts is half of what a compile parses)
      lib: ['es2022'],
      noEmit: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
    writeFileSync(
      join(project, 'src', 'app.ts'),
      `import { type FeatureKey, type Features, featuresOf, priceIds, productFeatures } from './paddle-ids.js';
const key: FeatureKey = 'seats';
const answer = featuresOf([{ priceId: priceIds.sandbox['pro/monthly'], quantity: 1 }]);
export const seats: Features['seats'] = answer.features[key];
export const sso: boolean = answer.features.sso;
export const proIncludes = productFeatures.pro.includes.seats;
// @ts-expect-error a feature the catalog does not declare
export const wrong: FeatureKey = 'sos';
`,
    );
    expect(compileApp(project)).toBe('');

    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    const { sandbox, production } = ids.priceIds;
    expect(ids.featuresOf([{ priceId: sandbox['starter/monthly'], quantity: 1 }])).toEqual({
      ok: true,
      features: { audit_log: false, projects: 3, seats: 1, sso: false },
    });
    // a production plan id and a sandbox add-on id with quantity 3: the plan's 10 seats and 3 more
    const proWithSeats = [
      { priceId: production['pro/yearly'], quantity: 1 },
      { priceId: sandbox['extra-seat/monthly'], quantity: 3 },
    ];
    expect(ids.featuresOf(proWithSeats).features).toEqual({
      audit_log: false,
      projects: 'unlimited',
      seats: 13,
      sso: true,
    });
    expect(ids.featuresOf([{ priceId: 'pri_01unknown00000000000000000' }])).toEqual({
      ok: false,
      unknownPriceIds: ['pri_01unknown00000000000000000'],
      invalidQuantities: [],
      features: { audit_log: false, projects: 0, seats: 0, sso: false },
    });
  });

  it('featuresOf reads a price the module does not know by its product id (a price created after it was written)', async () => {
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    const unknown = 'pri_01unknown00000000000000000';
    expect(ids.featuresOf([{ priceId: unknown, productId: ids.productIds.production.enterprise }])).toEqual({
      ok: true,
      features: { audit_log: true, projects: 'unlimited', seats: 50, sso: true },
    });
    // a known price id is read as its own product, whatever product id comes with it
    const starter = {
      priceId: ids.priceIds.sandbox['starter/monthly'],
      productId: ids.productIds.sandbox.pro,
    };
    expect(ids.featuresOf([starter]).features.seats).toBe(1);
    expect(ids.featuresOf([{ priceId: unknown, productId: 'pro_01unknown00000000000000000' }])).toEqual({
      ok: false,
      unknownPriceIds: [unknown],
      invalidQuantities: [],
      features: { audit_log: false, projects: 0, seats: 0, sso: false },
    });
  });

  it('productFeaturesOf reads what a product includes from its custom_data, each declared feature by its type, anything else as not included', async () => {
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    const none = { audit_log: false, projects: 0, seats: 0, sso: false };
    expect(
      ids.productFeaturesOf({
        features: { sso: true, seats: 20, projects: 'unlimited' },
        support: 'priority',
      }),
    ).toEqual({
      includes: { audit_log: false, projects: 'unlimited', seats: 20, sso: true },
    });
    expect(ids.productFeaturesOf({ feature_adds: { seats: 5 } })).toEqual({ adds: { seats: 5 } });
    // a value of another type, a limit that is no whole number of 0 or more, a feature not declared
    const odd = { sso: 'yes', audit_log: 1, seats: -1, projects: 2.5, storage: 100 };
    expect(ids.productFeaturesOf({ features: odd })).toEqual({ includes: none });
    expect(ids.productFeaturesOf({ feature_adds: { sso: true, seats: '5', storage: 1 } })).toEqual({
      adds: {},
    });
    for (const customData of [null, undefined, 'features', [], { features: null }, { features: [true] }])
      expect(ids.productFeaturesOf(customData)).toEqual({ includes: none });
  });

  it('featuresOf reads an item from what its product includes now, given by product id, in place of the module', async () => {
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    const pro = ids.productIds.sandbox.pro;
    const current = new Map([[pro, ids.productFeaturesOf({ features: { sso: true, seats: 20 } })]]);
    const item = { priceId: ids.priceIds.sandbox['pro/monthly'], productId: pro, quantity: 1 };
    expect(ids.featuresOf([item], current)).toEqual({
      ok: true,
      features: { audit_log: false, projects: 0, seats: 20, sso: true },
    });
    // without the product id, or of another product: what the module says
    expect(ids.featuresOf([{ priceId: item.priceId }], current).features.seats).toBe(10);
    const starter = {
      priceId: ids.priceIds.sandbox['starter/monthly'],
      productId: ids.productIds.sandbox.starter,
    };
    expect(ids.featuresOf([starter], current).features.seats).toBe(1);
    // a product the module does not know at all, given now: counted, not unknown
    const newer = { priceId: 'pri_01unknown00000000000000000', productId: 'pro_01unknown00000000000000000' };
    const adds = new Map([[newer.productId, ids.productFeaturesOf({ feature_adds: { seats: 2 } })]]);
    expect(ids.featuresOf([item, { ...newer, quantity: 3 }], adds)).toMatchObject({
      ok: true,
      features: { seats: 16 },
    });
  });

  it('the JSON holds the declarations and each product, what it includes (every feature) or adds', () => {
    const document = JSON.parse(readFileSync(join(project, 'ids.json'), 'utf8'));
    expect(Object.keys(document.environments)).toEqual(['sandbox', 'production']);
    expect(document.features.declared.seats).toEqual({
      type: 'limit',
      description: 'Members of a workspace',
    });
    expect(document.features.products.enterprise).toEqual({
      includes: { audit_log: true, projects: 'unlimited', seats: 50, sso: true },
    });
    expect(document.features.products['extra-seat']).toEqual({ adds: { seats: 1 } });
  });
});
