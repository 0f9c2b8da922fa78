// Features named like what every JavaScript object has, and quantities that are no count: the
// generated module keeps a feature named "constructor" that a product does not name (it once dropped
// out, and the module then failed tsc --strict), featuresOf reads it as its own, and an item of -5,
// 2.5 or 0 units is answered as unknown, not multiplied. Over real HTTP against the emulator.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { fieldChanges } from '../../src/planner/field-diff.js';
import { tempDir } from '../support/catalog-files.js';
import { compileApp } from '../support/packed-app.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = `version: 1
features:
  constructor: { type: limit, description: Builders a workspace may hold }
  seats: { type: limit }
  sso: { type: boolean }
products:
  pro:
    name: Pro
    tax_category: saas
    features: { seats: 10, sso: true }
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
  constructor:
    name: Constructor
    tax_category: saas
    adds: { constructor: 2, seats: 1 }
    prices:
      monthly:
        description: Constructor add-on monthly
        unit_price: { amount: "500", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

let emulator: RunningEmulator;
let project: string;

async function cli(args: string[]) {
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  const run = await runCliInProcess(args, { env, cwd: project });
  expect(run.code, run.stderr).toBe(0);
  return run;
}

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  project = tempDir();
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'catalog.yaml'), CATALOG);
  await cli(['apply', 'catalog.yaml', '--yes']);
  await cli(['ids', 'catalog.yaml', '--out', 'src/paddle-ids.ts']);
});
afterAll(() => emulator.close());

describe('features named like what every object has, and quantities that are no count', {
  timeout: 120_000,
}, () => {
  it('a feature named "constructor" that a product does not name is in the module as not included, and the module compiles under strict', async () => {
    writeFileSync(join(project, 'package.json'), '{"type": "module", "private": true}\n');
    const compilerOptions = {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      noEmit: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
    writeFileSync(
      join(project, 'src', 'app.ts'),
      `import { featuresOf, priceIds, productFeatures } from './paddle-ids.js';
export const builders: number | 'unlimited' = productFeatures.pro.includes.constructor;
export const answer = featuresOf([{ priceId: priceIds.sandbox['constructor/monthly'], quantity: 2 }]);
`,
    );
    expect(compileApp(project)).toBe('');
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    expect(ids.productFeatures.pro.includes).toEqual({ constructor: 0, seats: 10, sso: true });
  });

  it('featuresOf reads "constructor" as a feature and as a product key, never through the prototype', async () => {
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    const { sandbox } = ids.priceIds;
    const answer = ids.featuresOf([
      { priceId: sandbox['pro/monthly'] },
      { priceId: sandbox['constructor/monthly'], quantity: 3 },
    ]);
    expect(answer).toEqual({ ok: true, features: { constructor: 6, seats: 13, sso: true } });
  });

  it('productFeaturesOf reads "constructor" from custom_data as its own field, never through the prototype', async () => {
    const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    expect(ids.productFeaturesOf({ features: { seats: 5 } })).toEqual({
      includes: { constructor: 0, seats: 5, sso: false },
    });
    expect(ids.productFeaturesOf({ feature_adds: {} })).toEqual({ adds: {} });
    expect(ids.productFeaturesOf({ feature_adds: { constructor: 2 } })).toEqual({ adds: { constructor: 2 } });
  });

  it.each([[-5], [2.5], [0], [Number.NaN]])(
    'a quantity of %s is answered as unknown, not multiplied',
    async (quantity) => {
      const ids = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
      const { sandbox } = ids.priceIds;
      const odd = { priceId: sandbox['constructor/monthly'], quantity };
      expect(ids.featuresOf([{ priceId: sandbox['pro/monthly'] }, odd])).toEqual({
        ok: false,
        unknownPriceIds: [],
        invalidQuantities: [odd],
        features: { constructor: 0, seats: 10, sso: true },
      });
    },
  );
});

describe('a feature named "constructor" in the plan', () => {
  it("added to a product, it was not included before (not Object's constructor)", () => {
    expect(fieldChanges({ features: { seats: 10 } }, { features: { constructor: 2, seats: 10 } })).toEqual([
      { path: 'features.constructor', before: null, after: 2 },
    ]);
  });
});
