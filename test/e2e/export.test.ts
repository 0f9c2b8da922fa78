// `export` and `--adopt` (the CLI in-process) against the emulator: a catalog made by another tool (plain API
// calls, no marker) → export → validate → plan --adopt (only adoptions) → apply --adopt → no changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

const api = (method: string, path: string, body: unknown) => accountApi(emulator)(method, path, body);

/** What another tool (or the dashboard) would have made: no marker anywhere. */
async function seedUnmarkedCatalog(): Promise<void> {
  const pro = await api('POST', '/products', {
    name: 'Pro Plan',
    tax_category: 'saas',
    description: 'For teams',
    custom_data: { crm_id: 'c-42' },
  });
  await api('POST', '/prices', {
    product_id: pro.id,
    description: 'Pro monthly',
    name: 'Monthly',
    unit_price: { amount: '2400', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } },
  });
  await api('POST', '/prices', {
    product_id: pro.id,
    description: 'Pro yearly',
    unit_price: { amount: '24000', currency_code: 'USD' },
    billing_cycle: { interval: 'year', frequency: 1 },
    unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '20000', currency_code: 'GBP' } }],
    quantity: { minimum: 1, maximum: 10 },
  });
  const book = await api('POST', '/products', { name: 'Handbook', tax_category: 'ebooks' });
  await api('POST', '/prices', {
    product_id: book.id,
    description: 'Handbook PDF',
    unit_price: { amount: '1500', currency_code: 'EUR' },
  });
  const old = await api('POST', '/products', { name: 'Legacy', tax_category: 'saas' });
  await api('PATCH', `/products/${old.id}`, { status: 'archived' });
}

beforeAll(async () => {
  emulator = await startEmulator({ approvedTaxCategories: ['ebooks'] });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('export → validate → plan --adopt → apply --adopt (round trip)', () => {
  it('adopts every object, re-creates nothing, and leaves an empty plan', async () => {
    await seedUnmarkedCatalog();
    const file = join(dir, 'round-trip.yaml');
    const exported = await runCliInProcess(['export', '--out', file], { env: env() });
    expect(exported.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=/);
    expect(text).toContain('pro-plan:');
    expect(text).toContain('unit_price: { amount: "100", currency_code: USD }');
    expect(text).toContain('approved_tax_categories: [ebooks]');
    expect(text).toContain('crm_id: c-42');
    expect(text).not.toContain('paddle_catalog');
    expect(text).not.toContain('Legacy');

    expect((await runCliInProcess(['validate', file], { env: env() })).code).toBe(0);

    const plan = await runCliInProcess(['plan', file, '--adopt'], { env: env() });
    expect(plan.code).toBe(0);
    const lines = plan.stdout.split('\n').filter((l) => /^\S/.test(l) && !l.startsWith('Plan:'));
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => l.startsWith('← adopt '))).toBe(true);
    expect(plan.stdout).toContain('Plan: 5 to adopt, 0 to create, 0 to update, 0 to archive.');

    const before = emulator.requests().length;
    const applied = await runCliInProcess(['apply', file, '--adopt', '--yes'], { env: env() });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('adopted');
    const writes = emulator
      .requests()
      .slice(before)
      .filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.method)).toEqual(Array(5).fill('PATCH'));

    const after = await runCliInProcess(['plan', file], { env: env() });
    expect(after.stdout).toContain('No changes.');
    // now managed: a new export takes its keys from the markers and gives the same catalog
    const body = (yaml: string) =>
      yaml
        .split('\n')
        .filter((l) => !l.startsWith('#') && l !== '')
        .join('\n');
    const exportedAgain = await runCliInProcess(['export'], { env: env() });
    expect(body(exportedAgain.stdout)).toBe(body(text));
    // --adopt is suggested only while some object is unmanaged
    expect(exported.stdout).toContain(`Next: paddle-catalog plan ${file} --adopt`);
    expect(text).toContain('--adopt');
    expect(exportedAgain.stdout).not.toContain('--adopt');
    const again = join(dir, 'managed.yaml');
    const written = await runCliInProcess(['export', '--out', again], { env: env() });
    expect(written.stdout).toContain(`Next: paddle-catalog plan ${again}\n`);
  });

  it('plan --adopt reports two unmarked candidates for one key as ambiguous and adopts neither', async () => {
    await api('POST', '/products', { name: 'Twin', tax_category: 'saas' });
    await api('POST', '/products', { name: 'Twin', tax_category: 'saas' });
    const file = join(dir, 'twins.yaml');
    const result = await runCliInProcess(['export', '--out', file], { env: env() });
    expect(result.code).toBe(0);
    const plan = await runCliInProcess(['--json', 'plan', file, '--adopt'], { env: env() });
    const doc = JSON.parse(plan.stdout);
    expect(doc.changes.map((c: { action: string }) => c.action)).toEqual(['create', 'create']);
    expect(doc.ambiguities.map((a: { key: string }) => a.key)).toEqual(['twin', 'twin-2']);
  });

  it('apply --adopt refuses an ambiguous adoption and writes nothing (no third "Twin")', async () => {
    await api('POST', '/products', { name: 'Twin', tax_category: 'saas' });
    await api('POST', '/products', { name: 'Twin', tax_category: 'saas' });
    const file = join(dir, 'twins-apply.yaml');
    expect((await runCliInProcess(['export', '--out', file], { env: env() })).code).toBe(0);
    const before = emulator.requests().length;
    const applied = await runCliInProcess(['apply', file, '--adopt', '--yes'], { env: env() });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/match more than one existing object/);
    const asJson = await runCliInProcess(['--json', 'apply', file, '--adopt', '--yes'], { env: env() });
    // the one document names them as data, as plan --json does
    expect(JSON.parse(asJson.stdout).error.ambiguities.map((a: { key: string }) => a.key)).toEqual([
      'twin',
      'twin-2',
    ]);
    expect(
      emulator
        .requests()
        .slice(before)
        .filter((r) => r.method !== 'GET'),
    ).toEqual([]);
  });
});

describe('export output', () => {
  it('prints YAML on stdout without --out; --json gives a document with the catalog', async () => {
    await seedUnmarkedCatalog();
    const yaml = await runCliInProcess(['export'], { env: env() });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^# yaml-language-server/);
    expect(yaml.stderr).toContain('sandbox');
    const json = await runCliInProcess(['--json', 'export'], { env: env() });
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox', archived: [], issues: [] });
    expect(Object.keys(doc.catalog.products)).toEqual(['pro-plan', 'handbook']);
    expect(doc.catalog.products['pro-plan'].prices.monthly.trial_period.unit_price).toEqual({
      amount: '100',
      currency_code: 'USD',
    });
  });

  it('--include-archived exports archived objects and warns that applying unarchives them', async () => {
    await seedUnmarkedCatalog();
    const result = await runCliInProcess(['export', '--include-archived'], { env: env() });
    expect(result.stdout).toContain('legacy:');
    expect(result.stdout).toContain('applying this file unarchives product legacy');
    expect(result.stderr).toContain('unarchives product legacy');
  });

  it('says what it wrote as validate counts it: products, prices and discounts', async () => {
    await seedUnmarkedCatalog();
    await api('POST', '/discounts', {
      description: 'Launch',
      type: 'percentage',
      amount: '10',
      code: 'HELLO',
    });
    const file = join(dir, 'counted.yaml');
    const result = await runCliInProcess(['export', '--out', file, '--force'], { env: env() });
    expect(result.stdout).toContain(`wrote ${file}: 2 products, 3 prices, 1 discount`);
    expect((await runCliInProcess(['validate', file])).stdout).toContain('2 products, 3 prices, 1 discount');
    const toStdout = await runCliInProcess(['export'], { env: env() });
    expect(toStdout.stderr).toContain('exported 2 products, 3 prices, 1 discount');
  });

  it('--out refuses to overwrite an existing file unless --force', async () => {
    const file = join(dir, 'exists.yaml');
    expect((await runCliInProcess(['export', '--out', file], { env: env() })).code).toBe(0);
    const again = await runCliInProcess(['export', '--out', file], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await runCliInProcess(['export', '--out', file, '--force'], { env: env() })).code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});

describe('export --out that cannot be written late (after the account is read)', () => {
  it('still warns about the data (an API key in it) before the error naming the file, exit 1; --json: one document, ok false', async () => {
    await api('POST', '/products', {
      name: 'Keyed',
      tax_category: 'saas',
      custom_data: { auth: emulator.apiKey },
    });
    // a file where the folder of --out should be: the write fails after the read, as root too
    writeFileSync(join(dir, 'blocker'), 'not a folder');
    const out = join(dir, 'blocker', 'catalog.yaml');
    const human = await runCliInProcess(['export', '--out', out], { env: env() });
    expect(human.code).toBe(1);
    const warning = human.stderr.indexOf('custom_data.auth holds an API key');
    const error = human.stderr.indexOf(
      `error: cannot write ${out}: ${join(dir, 'blocker')} is a file, not a folder`,
    );
    expect(warning, human.stderr).toBeGreaterThan(-1);
    expect(error, human.stderr).toBeGreaterThan(warning);
    expect(human.stdout).not.toContain('wrote');

    const asJson = await runCliInProcess(['--json', 'export', '--out', out], { env: env() });
    expect(asJson.code).toBe(1);
    const doc = JSON.parse(asJson.stdout);
    expect(doc).toMatchObject({
      ok: false,
      unwritten: [{ file: out, message: expect.stringContaining(out) }],
    });
    expect(doc.warnings).toEqual([expect.stringMatching(/custom_data\.auth holds an API key/)]);
    expect(asJson.stderr).not.toContain('second JSON document');
  });
});

describe('export: the modeline leads to a schema', () => {
  it('with no schema reachable from the file (no install in the project), --out writes catalog.schema.json beside it', async () => {
    await seedUnmarkedCatalog();
    const project = tempDir();
    const exported = await runCliInProcess(['export', '--out', 'billing/catalog.yaml'], {
      env: env(),
      cwd: project,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(join(project, 'billing', 'catalog.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./catalog.schema.json');
    const schema = readFileSync(join(project, 'billing', 'catalog.schema.json'), 'utf8');
    expect(schema).toBe(readFileSync(join(ROOT, 'catalogs', 'catalog.schema.json'), 'utf8'));
    expect(exported.stderr).toContain(`wrote ${join('billing', 'catalog.schema.json')} beside it`);
  });

  it('to stdout, it says how to write the schema the first line names', async () => {
    await seedUnmarkedCatalog();
    const exported = await runCliInProcess(['export'], { env: env(), cwd: tempDir() });
    expect(exported.code).toBe(0);
    expect(exported.stdout.split('\n')[0]).toBe('# yaml-language-server: $schema=./catalog.schema.json');
    expect(exported.stderr).toContain('write it with: paddle-catalog schema > catalog.schema.json');
  });
});
