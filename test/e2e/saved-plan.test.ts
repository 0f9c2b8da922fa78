// Saved plans through the CLI against the emulator over real HTTP: plan --out writes the plan,
// apply <plan-file> applies exactly its operations, or nothing — refused after a dashboard edit, a
// twin, another apply of the same plan, for the other environment or API, and when edited.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { digestOf } from '../../src/saved-plan/document.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
let planFile: string;
const env = (extra: Record<string, string> = {}) => ({
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
  ...extra,
});
const cli = (args: string[], extra: Record<string, string> = {}) =>
  runCliInProcess(args, { env: env(extra), cwd: dir });
const json = async (args: string[], extra: Record<string, string> = {}) => {
  const result = await cli(['--json', ...args], extra);
  return { ...result, doc: JSON.parse(result.stdout) };
};
const writes = () => emulator.requests().filter((r) => r.method !== 'GET');
const gateway = () =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });

/** An applied PRO catalog, then a plan (saved) that raises the monthly price. */
async function savedRaise(): Promise<string> {
  const file = writeCatalog(dir, PRO_CATALOG(), 'catalog.yaml');
  expect((await cli(['apply', file, '--yes'])).code).toBe(0);
  writeCatalog(dir, PRO_CATALOG('Pro', '1500'), 'catalog.yaml');
  const saved = await json(['plan', file, '--out', 'plan.json']);
  expect(saved.code, saved.stderr).toBe(0);
  return file;
}

async function refused(extra: Record<string, string> = {}, ...flags: string[]) {
  const before = writes().length;
  const result = await json(['apply', 'plan.json', '--yes', ...flags], extra);
  expect(result.code).toBe(1);
  expect(result.doc.ok).toBe(false);
  expect(writes().length).toBe(before);
  return result.doc.error;
}

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.reset();
  dir = tempDir();
  planFile = join(dir, 'plan.json');
});

describe('plan --out, apply <plan-file>', { timeout: 60_000 }, () => {
  it('applied unchanged: exactly the saved operations, with no more reads than a plan; no key in the file', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'catalog.yaml');
    const mark = emulator.requests().length;
    const plan = await json(['plan', file, '--out', 'plan.json']);
    // the catalog's reads: the review's previews (POSTs) and counts (/subscriptions) are plan's own
    const planReads = emulator
      .requests()
      .slice(mark)
      .filter((r) => r.method === 'GET' && !r.path.startsWith('/subscriptions')).length;
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.doc.saved).toMatchObject({ file: 'plan.json', operations: 3 });
    const text = readFileSync(planFile, 'utf8');
    expect(text).not.toContain(emulator.apiKey);
    const document = JSON.parse(text);
    expect(document).toMatchObject({
      format: 'paddle-catalog-plan',
      version: 1,
      environment: 'sandbox',
      base_url: emulator.url,
      catalog_file: file,
      options: { prune: false, adopt: false, dedupe: false },
    });
    expect(document.operations.map((o: { id: string }) => o.id)).toEqual([
      'create product pro',
      'create price pro/monthly',
      'create price pro/yearly',
    ]);
    expect(document.operations[1].body.product_id).toEqual({ $ref: 'create product pro' });
    expect(readdirSync(dir).filter((f) => f.includes('.part'))).toEqual([]);

    const start = emulator.requests().length;
    const applied = await json(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.doc).toMatchObject({ ok: true, planFile: 'plan.json', verified: true });
    const sent = emulator.requests().slice(start);
    const firstWrite = sent.findIndex((r) => r.method !== 'GET');
    expect(firstWrite).toBe(planReads);
    expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /products',
      'POST /prices',
      'POST /prices',
    ]);
  });

  it('an empty saved plan applies as no changes', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'catalog.yaml');
    await cli(['apply', file, '--yes']);
    expect((await cli(['plan', file, '--out', 'plan.json'])).code).toBe(0);
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('No changes.');
    expect(writes().filter((r) => r.path.startsWith('/p'))).toHaveLength(3); // the first apply's
  });

  it('refused after a dashboard edit, naming the key', async () => {
    await savedRaise();
    const { products } = await gateway().snapshot();
    const pro = products[0];
    await call(emulator, 'PATCH', `/products/${pro?.id}`, { body: { name: 'Pro (edited)' } });
    const error = await refused();
    expect(error.message).toContain(
      'the account moved since the plan; 1 key would now be planned differently',
    );
    expect(error.message).toContain(
      'product pro: changed in the account since the plan (an edit in the dashboard?)',
    );
    expect(error.drift).toEqual([{ kind: 'product', key: 'pro', reason: expect.any(String) }]);
  });

  it('refused after a twin appeared: a duplicate, or a look-alike of a key the plan creates', async () => {
    await savedRaise();
    await gateway().createProduct('twin', {
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { paddle_catalog: { key: 'pro' } },
    });
    expect((await refused()).message).toContain('product pro: has 2 active objects now');

    emulator.reset();
    const file = writeCatalog(dir, PRO_CATALOG(), 'fresh.yaml');
    expect((await cli(['plan', file, '--out', 'plan.json'])).code).toBe(0);
    await gateway().createProduct('dashboard', { name: 'PRO', tax_category: 'saas' });
    expect((await refused()).message).toContain('product pro: an object that looks the same appeared');
  });

  it('applied again after it went through: says the account already is what it leads to, exit 0, no write', async () => {
    await savedRaise();
    expect((await cli(['apply', 'plan.json', '--yes'])).code).toBe(0);
    const before = writes().length;
    const again = await cli(['apply', 'plan.json', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      'plan.json is applied already: the account is what it leads to. Nothing to write.',
    );
    expect(again.stderr).toContain('Verified');
    expect(writes().length).toBe(before);
  });

  it('refused, before any write and even without --yes, when the file runs an operation the plan does not make', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'catalog.yaml');
    expect((await cli(['apply', file, '--yes'])).code).toBe(0);
    const handMade = await gateway().createProduct('dashboard', { name: 'Hand-made', tax_category: 'saas' });
    expect((await cli(['plan', file, '--out', 'plan.json'])).stdout).toContain('No changes.');
    const document = JSON.parse(readFileSync(planFile, 'utf8'));
    document.operations.push({
      id: 'archive product made-up',
      change: 0,
      kind: 'product',
      key: 'made-up',
      verb: 'archive',
      target: handMade.id,
      body: { status: 'archived' },
      after: [],
      recover: null,
    });
    writeFileSync(planFile, JSON.stringify({ ...document, digest: digestOf(document) }));
    const before = writes().length;
    const asked = await cli(['apply', 'plan.json']);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('product made-up: the file sends for it what the plan does not');
    expect((await refused()).message).toContain('product made-up');
    expect(writes().length).toBe(before);
    expect((await gateway().snapshot()).products.find((p) => p.id === handMade.id)?.status).toBe('active');
  });

  it('refused before any write when two operations are swapped', async () => {
    writeCatalog(dir, PRO_CATALOG(), 'catalog.yaml');
    expect((await cli(['plan', 'catalog.yaml', '--out', 'plan.json'])).code).toBe(0);
    const document = JSON.parse(readFileSync(planFile, 'utf8'));
    document.operations = [document.operations[1], document.operations[0], ...document.operations.slice(2)];
    writeFileSync(planFile, JSON.stringify({ ...document, digest: digestOf(document) }));
    expect((await refused()).message).toBe(
      'Not applying plan.json: its operations are not the ones its plan makes: operation 1 is create price pro/monthly; the plan makes create product pro there. Nothing was written.',
    );
  });

  it('after a run that stopped partway: make the plan again, with the reason', async () => {
    const file = writeCatalog(
      dir,
      // declared approved, but this account has not approved it: Paddle refuses the create
      `${PRO_CATALOG()}  ebook:\n    name: E-book\n    tax_category: ebooks\nenvironments:\n  sandbox:\n    approved_tax_categories: [ebooks]\n`,
      'catalog.yaml',
    );
    expect((await cli(['plan', file, '--out', 'plan.json'])).code).toBe(0);
    const failed = await cli(['apply', 'plan.json', '--yes', '--concurrency', '1']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`fix the cause, then make the plan again (plan ${file} --out plan.json)`);
    expect(failed.stderr).not.toContain('run apply again');
    const error = await refused();
    expect(error.message).toContain(
      'Not applying plan.json: part of it is in the account already (a run of this plan that stopped partway, or another apply?)',
    );
    expect(error.message).not.toContain('an edit in the dashboard');
    expect(error.hint).toContain(`Make the plan again (plan ${file} --out plan.json)`);
  });

  it('a key pasted into custom_data is masked in the plan file, with a warning naming the field', async () => {
    const text = PRO_CATALOG().replace(
      '    tax_category: saas\n',
      `    tax_category: saas\n    custom_data: { note: "${emulator.apiKey}" }\n`,
    );
    const file = writeCatalog(dir, text, 'catalog.yaml');
    const planned = await cli(['plan', file, '--out', 'plan.json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(
      'warning: catalog.products.pro.custom_data.note holds an API key: plan.json has it masked',
    );
    const saved = readFileSync(planFile, 'utf8');
    expect(saved).not.toContain(emulator.apiKey);
    expect(saved).toContain('"note": "[redacted]"');
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const { products } = await gateway().snapshot();
    expect(JSON.stringify(products)).not.toContain(emulator.apiKey);
  });

  it('refused for the other environment, for another API, when edited, and of another format version', async () => {
    await savedRaise();
    const live = emulator.addApiKey(['product.read', 'price.read'], 'production');
    const other = await refused({ PADDLE_API_KEY: live }, '--production');
    expect(other.message).toBe(
      'plan.json is a plan for sandbox; this apply targets production. Nothing was applied.',
    );

    // a production plan given with --local: told that --local is a sandbox emulator
    const prodPlan = await json(['plan', 'catalog.yaml', '--production', '--out', 'prod.json'], {
      PADDLE_API_KEY: live,
    });
    expect(prodPlan.code, prodPlan.stderr).toBe(0);
    const local = await json(['apply', 'prod.json', '--yes', '--local']);
    expect(local.code).toBe(1);
    expect(local.doc.error.message).toBe(
      '--local: prod.json is a plan for production; --local runs a built-in sandbox emulator. Nothing was applied.',
    );

    const elsewhere = await refused({ PADDLE_API_URL: 'http://127.0.0.1:9' });
    expect(elsewhere.message).toContain(
      `plan.json was planned against ${emulator.url}; this apply talks to http://127.0.0.1:9`,
    );

    const document = JSON.parse(readFileSync(planFile, 'utf8'));
    const original = JSON.stringify(document, null, 2);
    document.operations[0].body.unit_price.amount = '1';
    writeFileSync(planFile, JSON.stringify(document, null, 2));
    expect((await refused()).message).toBe(
      'plan.json was changed after plan wrote it (its digest does not match). Nothing was applied.',
    );

    const future = { ...JSON.parse(original), version: 2 };
    writeFileSync(planFile, JSON.stringify({ ...future, digest: digestOf(future) }));
    expect((await refused()).message).toBe(
      'plan.json is a saved plan of format version 2; this paddle-catalog reads version 1. Nothing was applied.',
    );
    writeFileSync(planFile, original);
    expect((await refused({}, '--prune')).message).toContain('--prune: plan.json is a saved plan');
    const planned = await cli(['plan', 'plan.json']);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain('plan.json is a saved plan, not a catalog (it was made from');
    expect((await json(['apply', 'plan.json', '--yes'])).code).toBe(0);
  });
});
