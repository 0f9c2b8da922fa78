// `ids` over real HTTP against the emulator: each format, both environments in one file, keys the
// account lacks, and the TypeScript module compiled (strict, nodenext) in a fresh project and imported.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { compileApp } from '../support/packed-app.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const WITH_DISCOUNT = `${PRO_CATALOG()}discounts:
  launch:
    description: Launch offer
    type: percentage
    amount: "25"
    code: LAUNCH25
`;

let emulator: RunningEmulator;
let dir: string;
let file: string;
let liveKey: string;
const env = (apiKey = emulator.apiKey) => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: apiKey });
const ALL = ['product.read', 'product.write', 'price.read', 'price.write', 'discount.read', 'discount.write'];

/** apply --json, for the ids it made */
async function apply(production = false) {
  const args = ['--json', 'apply', file, '--yes', ...(production ? ['--production'] : [])];
  const result = await runCliInProcess(args, { env: env(production ? liveKey : undefined) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const ids = (args: string[], production = false) =>
  runCliInProcess(['ids', file, ...args, ...(production ? ['--production'] : [])], {
    env: env(production ? liveKey : undefined),
    cwd: dir,
  });

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.reset();
  liveKey = emulator.addApiKey(ALL, 'production');
  dir = tempDir();
  file = writeCatalog(dir, WITH_DISCOUNT);
});

/**
 * The first two tests wait on CPU in this process: the first CLI run of a test worker loads the
 * apply and ids commands and the SDK, the first compile TypeScript and its library, about a second
 * each. On a 2-core machine shared by several test runs (a load of 20 to 40) each is 20 s and more.
 */
describe('ids: the formats', { timeout: 120_000 }, () => {
  it('json: the sandbox side with every key → id apply made, read with GETs only', async () => {
    const applied = await apply();
    const before = emulator.requests().length;
    const result = await ids(['--out', 'ids.json']);
    expect(result.code, result.stderr).toBe(0);
    expect(
      emulator
        .requests()
        .slice(before)
        .every((r) => r.method === 'GET'),
    ).toBe(true);
    const doc = JSON.parse(readFileSync(join(dir, 'ids.json'), 'utf8'));
    expect(doc).toEqual({
      format: 'paddle-catalog-ids/1',
      catalog: 'default',
      environments: {
        sandbox: {
          baseUrl: emulator.url,
          readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          products: { pro: applied.products.pro.id },
          prices: {
            'pro/monthly': applied.products.pro.prices.monthly.id,
            'pro/yearly': applied.products.pro.prices.yearly.id,
          },
          discounts: { launch: applied.discounts.launch.id },
        },
      },
    });
    expect(result.stdout).toContain('✓ wrote ids.json: sandbox ids of 1 product, 2 prices, 1 discount');
  });

  it('env: the same dotenv lines apply --env-out writes', async () => {
    const applied = await runCliInProcess(['apply', file, '--yes', '--env-out', join(dir, 'apply.env')], {
      env: env(),
    });
    expect(applied.code, applied.stderr).toBe(0);
    const result = await ids(['--out', '.env.paddle']);
    expect(result.code, result.stderr).toBe(0);
    const lines = readFileSync(join(dir, '.env.paddle'), 'utf8');
    expect(lines).toBe(readFileSync(join(dir, 'apply.env'), 'utf8'));
    expect(lines).toMatch(/^PADDLE_DISCOUNT_LAUNCH=dsc_\w+\nPADDLE_PRICE_PRO_MONTHLY=pri_\w+\n/);
  });

  it('--format wins over the name; without --out the text goes to stdout; --json carries the maps', async () => {
    await apply();
    const shown = await ids(['--format', 'env']);
    expect(shown.stdout).toMatch(/^PADDLE_DISCOUNT_LAUNCH=dsc_/);
    const json = await runCliInProcess(['--json', 'ids', file], { env: env() });
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox', format: 'json', missing: [] });
    expect(Object.keys(doc.ids.prices)).toEqual(['pro/monthly', 'pro/yearly']);
    const unknown = await ids(['--out', 'ids.yaml']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('cannot tell the format of ids.yaml from its name');
  });

  it('ts: compiles under strict + nodenext in a fresh project, and imports with typed keys', async () => {
    await apply();
    await apply(true);
    const project = tempDir();
    mkdirSync(join(project, 'src'));
    expect((await ids(['--out', join(project, 'src', 'paddle-ids.ts')])).code).toBe(0);
    expect((await ids(['--out', join(project, 'src', 'paddle-ids.ts')], true)).code).toBe(0);
    writeFileSync(join(project, 'package.json'), '{"type": "module", "private": true}\n');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          // the language's own library, no DOM: the module must not lean on a browser's globals (and
          // lib.dom.d.ts is half of what a compile parses)
          lib: ['es2022'],
          noEmit: true,
          noUncheckedIndexedAccess: true,
        },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(project, 'src', 'app.ts'),
      `import { type PaddleEnvironment, type PriceKey, paddleIds, priceIds } from './paddle-ids.js';
const environment: PaddleEnvironment = process.env.NODE_ENV === 'production' ? 'production' : 'sandbox';
const key: PriceKey = 'pro/monthly';
export const checkoutPrice: \`pri_\${string}\` = paddleIds(environment).prices[key];
export const sandboxYearly: string = priceIds.sandbox['pro/yearly'];
// @ts-expect-error a key the catalog does not have
export const wrong = priceIds.sandbox['pro/weekly'];
`,
    );
    writeFileSync(
      join(project, 'src', 'process.d.ts'),
      'declare const process: { env: Record<string, string | undefined> };\n',
    );
    expect(compileApp(project)).toBe('');

    const module = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    expect(module.environments).toEqual(['sandbox', 'production']);
    const sandbox = module.paddleIds('sandbox');
    const production = module.paddleIds('production');
    expect(sandbox.prices['pro/monthly']).toMatch(/^pri_/);
    expect(production.prices['pro/monthly']).toMatch(/^pri_/);
    expect(production.prices['pro/monthly']).not.toBe(sandbox.prices['pro/monthly']);
    expect(module.accounts.production.baseUrl).toBe(emulator.url);
    const text = readFileSync(join(project, 'src', 'paddle-ids.ts'), 'utf8');
    expect(text).not.toContain('pdl_');
  });
});

describe('ids: both environments in one file', () => {
  it.each([['paddle-ids.ts'], ['paddle-ids.json']])(
    '%s: --production adds its side and keeps the sandbox one; a later sandbox run keeps production',
    async (name) => {
      const sandboxIds = await apply();
      const liveIds = await apply(true);
      const read = () => {
        const text = readFileSync(join(dir, name), 'utf8');
        const json = name.endsWith('.ts') ? text.slice(text.indexOf('{'), text.indexOf('\n*/')) : text;
        return JSON.parse(json);
      };
      expect((await ids(['--out', name])).code).toBe(0);
      const first = read().environments.sandbox;
      const production = await ids(['--out', name], true);
      expect(production.code, production.stderr).toBe(0);
      expect(production.stdout).toContain('(sandbox ids kept, read ');
      const both = read();
      expect(Object.keys(both.environments)).toEqual(['sandbox', 'production']);
      expect(both.environments.sandbox).toEqual(first);
      expect(both.environments.production.products.pro).toBe(liveIds.products.pro.id);
      expect(both.environments.sandbox.products.pro).toBe(sandboxIds.products.pro.id);
      // the sandbox again: its side is replaced (a new read time), production stays as it was
      expect((await ids(['--out', name])).code).toBe(0);
      const again = read();
      expect(again.environments.production).toEqual(both.environments.production);
      expect(again.environments.sandbox.products).toEqual(first.products);
    },
  );

  it('a file ids did not write is refused before the account is read; nothing is written', async () => {
    writeFileSync(join(dir, 'config.ts'), 'export const priceId = "pri_placeholder";\n');
    const result = await ids(['--out', 'config.ts']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('config.ts exists and it has no id block written by paddle-catalog ids');
    expect(emulator.requests()).toEqual([]);
    expect(readFileSync(join(dir, 'config.ts'), 'utf8')).toContain('pri_placeholder');
  });

  it("another catalog's id file is not merged into", async () => {
    await apply();
    expect((await ids(['--out', 'ids.json'])).code).toBe(0);
    file = writeCatalog(dir, `catalog: billing\n${WITH_DISCOUNT}`, 'billing.yaml');
    const result = await ids(['--out', 'ids.json', '--allow-missing']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ids.json holds the ids of catalog "default", not "billing"');
  });
});

describe('ids: keys the account lacks', () => {
  it('are listed, exit 1 and nothing written; --allow-missing writes the ids there are', async () => {
    await apply();
    file = writeCatalog(
      dir,
      `${PRO_CATALOG()}  team:\n    name: Team\n    tax_category: saas\n`,
      'more.yaml',
    );
    const refused = await ids(['--out', 'ids.ts']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error: product team has no id in the sandbox account (not created)');
    expect(refused.stderr).toContain('1 key missing; nothing was written');
    expect(() => readFileSync(join(dir, 'ids.ts'))).toThrow();
    const json = await runCliInProcess(['--json', 'ids', file, '--out', 'ids.ts'], { env: env(), cwd: dir });
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: { kind: 'user', message: '1 key missing; nothing was written' },
      written: false,
      missing: [{ kind: 'product', key: 'team', reason: 'not created' }],
    });
    const allowed = await ids(['--out', 'ids.ts', '--allow-missing']);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('warning: product team has no id');
    expect(readFileSync(join(dir, 'ids.ts'), 'utf8')).toContain('export type ProductKey = "pro";');
  });
});

describe('apply --ids-out: the id file of ids, one format everywhere', () => {
  it('ids.json: what ids writes; ids --out adds the other side to it and refs --ids-file reads it', async () => {
    const applied = await runCliInProcess(['apply', file, '--yes', '--ids-out', 'ids.json'], {
      env: env(),
      cwd: dir,
    });
    expect(applied.code, applied.stderr).toBe(0);
    const production = await ids(['--out', 'ids.json', '--allow-missing'], true);
    expect(production.code, production.stderr).toBe(0);
    expect((await ids(['--out', 'both.json'])).code).toBe(0);
    expect((await ids(['--out', 'both.json', '--allow-missing'], true)).code).toBe(0);
    const withoutTimes = (name: string) =>
      readFileSync(join(dir, name), 'utf8').replace(/"readAt": "[^"]+"/g, '"readAt": "…"');
    expect(withoutTimes('ids.json')).toBe(withoutTimes('both.json'));
    const refs = await runCliInProcess(['refs', '--ids-file', 'ids.json'], { env: env(), cwd: dir });
    expect(refs.code, refs.stderr).toBe(0);
  });

  it('writes the same module as ids, and the production apply keeps the sandbox side', async () => {
    const run = (production: boolean) =>
      runCliInProcess(
        ['apply', file, '--yes', '--ids-out', 'app-ids.ts', ...(production ? ['--production'] : [])],
        {
          env: env(production ? liveKey : undefined),
          cwd: dir,
        },
      );
    expect((await run(false)).code).toBe(0);
    expect((await run(true)).code).toBe(0);
    const module = readFileSync(join(dir, 'app-ids.ts'), 'utf8');
    expect((await ids(['--out', 'ids.ts'])).code).toBe(0);
    expect((await ids(['--out', 'ids.ts'], true)).code).toBe(0);
    const fromIds = readFileSync(join(dir, 'ids.ts'), 'utf8');
    const withoutTimes = (text: string) => text.replace(/"readAt": "[^"]+"/g, '"readAt": "…"');
    expect(withoutTimes(module)).toBe(withoutTimes(fromIds));
    expect(module).toContain('export const environments = ["sandbox","production"] as const;');
  });

  it('over a .ts file ids did not write: refused before the account is read, the file kept', async () => {
    writeFileSync(join(dir, 'app-ids.ts'), 'export const mine = 1;\n');
    const result = await runCliInProcess(['--json', 'apply', file, '--yes', '--ids-out', 'app-ids.ts'], {
      env: env(),
      cwd: dir,
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error.message).toContain('app-ids.ts exists and it has no id block');
    expect(emulator.requests()).toEqual([]);
    expect(readFileSync(join(dir, 'app-ids.ts'), 'utf8')).toBe('export const mine = 1;\n');
  });
});
