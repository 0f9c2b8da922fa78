// `plan` against the emulator, the CLI run in-process.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

beforeAll(async () => {
  emulator = await startEmulator();
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('plan', () => {
  it('prints terraform-like lines with amounts raw and human, then the Plan: line', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(['plan', file], { env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('+ create product pro  "Pro" (saas)');
    expect(result.stdout).toContain('+ create price pro/monthly  1000 USD ($10.00) monthly, 14-day trial');
    expect(result.stdout).toContain('Plan: 3 to create, 0 to update, 0 to archive.');
    expect(result.stderr).toContain('sandbox');
    // plan writes nothing: reads, and Paddle's previews (POSTs that change nothing)
    const previews = ['/pricing-preview', '/transactions/preview'];
    expect(emulator.requests().length).toBeGreaterThan(0);
    expect(emulator.requests().every((r) => r.method === 'GET' || previews.includes(r.path))).toBe(true);
  });

  it('--json gives the plan JSON document; --detailed-exitcode exits 2 when changes are pending', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(['--json', 'plan', file, '--detailed-exitcode'], { env: env() });
    expect(result.code).toBe(2);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({
      ok: true,
      environment: 'sandbox',
      summary: { create: 3, update: 0, archive: 0, unchanged: 0 },
    });
    expect(doc.changes[0]).toEqual({ kind: 'product', key: 'pro', action: 'create' });
  });

  it('after apply: "No changes." and exit 0 with --detailed-exitcode; a rename is an update line', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    expect((await runCliInProcess(['apply', file, '--yes'], { env: env() })).code).toBe(0);
    const same = await runCliInProcess(['plan', file, '--detailed-exitcode'], { env: env() });
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No changes.');
    const renamed = writeCatalog(dir, PRO_CATALOG('Pro Plus', '1200'), 'renamed.yaml');
    const changed = await runCliInProcess(['plan', renamed], { env: env() });
    expect(changed.stdout).toContain('~ update product pro');
    expect(changed.stdout).toContain(': name "Pro" → "Pro Plus"');
    expect(changed.stdout).toContain('unit_price.amount 1000 USD ($10.00) → 1200 USD ($12.00)');
    expect(changed.stdout).toContain('Plan: 0 to create, 2 to update, 0 to archive.');
  });

  it("--json carries the catalog's warnings as validate's issues (with severity), not on stderr; human mode on stderr", async () => {
    const file = writeCatalog(
      dir,
      'version: 1\nproducts: {}\ndiscounts:\n  past:\n    description: Past\n    type: percentage\n    amount: "5"\n    expires_at: "2020-01-01T00:00:00Z"\n',
      'past.yaml',
    );
    const json = await runCliInProcess(['--json', 'plan', file], { env: env() });
    expect(json.code, json.stderr).toBe(0);
    const validated = JSON.parse((await runCliInProcess(['--json', 'validate', file])).stdout);
    const expired = validated.issues.find((i: { rule: string }) => i.rule === 'discount-expired');
    expect(expired).toMatchObject({ severity: 'warning' });
    expect(JSON.parse(json.stdout).issues).toEqual([expired]);
    expect(json.stderr).not.toContain('discount-expired');
    const human = await runCliInProcess(['plan', file], { env: env() });
    expect(human.stderr).toContain('discount-expired');
  });

  it('an invalid catalog sends nothing and exits 1', async () => {
    const file = writeCatalog(
      dir,
      PRO_CATALOG().replace('tax_category: saas', 'tax_category: sas'),
      'bad.yaml',
    );
    const result = await runCliInProcess(['plan', file], { env: env() });
    expect(result.code).toBe(1);
    expect(emulator.requests()).toEqual([]);
  });
});

describe('plan and apply --json of an invalid catalog', () => {
  it("is validate --json's document (file, environment, issues with severity), and nothing is read", async () => {
    const file = writeCatalog(
      dir,
      'version: 1\nproducts:\n  pro:\n    name: Pro\n    tax_category: ebooks\n    prices:\n      m:\n        description: x\n        unit_price: { amount: "10.00", currency_code: USD }\n',
    );
    const validated = await runCliInProcess(['--json', 'validate', file, '--production']);
    const expected = JSON.parse(validated.stdout);
    expect(expected.issues.length).toBeGreaterThan(1);
    expect(expected).toMatchObject({ ok: false, file, environment: 'production' });
    for (const command of ['plan', 'apply']) {
      const liveKey = emulator.addApiKey(['product.read', 'price.read'], 'production');
      const args = ['--json', command, file, '--production', ...(command === 'apply' ? ['--yes'] : [])];
      const result = await runCliInProcess(args, { env: { ...env(), PADDLE_API_KEY: liveKey } });
      expect(result.code, command).toBe(1);
      expect(JSON.parse(result.stdout), command).toEqual(expected);
    }
    expect(emulator.requests()).toEqual([]);
  });
});
