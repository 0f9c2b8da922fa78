// Every request the CLI sends, held to Paddle's OpenAPI description: the emulator logs each request
// of a run through validate, plan, apply (creates, updates, features, --prune, --adopt), export, history,
// invoice and refs, and each one's query parameters and body must match its operation's schemas. A request
// Paddle would refuse fails here first.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import type { RecordedRequest } from '../../src/emulator/types.js';
import { tempDir } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { type RequestValidator, requestValidator, undocumentedRequests } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let validator: RequestValidator;
let dir: string;
const sent: RecordedRequest[] = [];

async function cli(...args: string[]) {
  const run = await runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
  });
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run;
}

/** A copy of an example catalog in the temporary folder, changed by `edit`. */
function catalog(name: string, edit: (text: string) => string = (t) => t): string {
  const file = join(dir, name);
  writeFileSync(file, edit(readFileSync(`catalogs/${name}`, 'utf8')));
  return file;
}

beforeAll(async () => {
  validator = requestValidator();
  emulator = await startEmulator({ cardlessTrials: true });
  emulator.onRequest((request) => sent.push(request));
  dir = tempDir();
  for (const name of [
    'saas-starter.yaml',
    'desktop-app.yaml',
    'global-pricing.yaml',
    'launch-discounts.yaml',
    'plans-with-features.yaml',
  ]) {
    const file = catalog(name);
    await cli('validate', file);
    await cli('plan', file);
    await cli('apply', file, '--yes');
  }
  // updates, and --prune archiving what a catalog no longer names
  const changed = catalog('launch-discounts.yaml', (t) =>
    t.replace('amount: "25"', 'amount: "30"').replace('"15000"', '"16000"'),
  );
  await cli('apply', changed, '--yes');
  // a feature's limit changed: the product's custom_data written again
  await cli(
    'apply',
    catalog('plans-with-features.yaml', (t) => t.replace('seats: 10', 'seats: 20')),
    '--yes',
  );
  const fewer = catalog('saas-starter.yaml', (t) => t.replace(/\n {2}pro:[\s\S]*$/, '\n'));
  await cli('apply', fewer, '--prune', '--yes');
  // --adopt of an object made elsewhere; export of the whole account
  await call(emulator, 'POST', '/products', { body: { name: 'Made by hand', tax_category: 'saas' } });
  const exported = join(dir, 'export.yaml');
  await cli('export', '--out', exported);
  await cli('plan', exported, '--adopt');
  await cli('apply', exported, '--adopt', '--yes');
  // billing history and invoices
  const history = JSON.parse((await cli('--json', 'history', '--email', 'demo@example.com')).stdout);
  const billed = history.items.find((item: { invoiceAvailable: boolean }) => item.invoiceAvailable);
  await cli('invoice', billed.id, '--email', 'demo@example.com');
  const customer = (await call(emulator, 'GET', '/customers?email=demo@example.com')).body.data[0].id;
  await cli('history', '--customer', customer, '--after', billed.id);
  // refs: the ids an app names, looked up in batches by the lists' id filters
  const [product, price, discount] = await Promise.all(
    ['/products', '/prices', '/discounts?status=active,archived,expired,used'].map(
      async (list) => (await call(emulator, 'GET', list)).body.data[0].id,
    ),
  );
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'paddle.ts'),
    `export const ids = ['${product}', '${price}', '${discount}', '${customer}'];\n`,
  );
  // it may report an id as archived or expired (exit 1): what counts here is what it sent
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  expect((await runCliInProcess(['refs', app], { env })).code).toBeLessThanOrEqual(1);
}, 120_000);
afterAll(() => emulator.close());

describe('requests the CLI sends match Paddle’s OpenAPI description', () => {
  it('every request of the run', () => {
    expect(undocumentedRequests(validator, sent)).toEqual([]);
  });

  it('the run covered every kind of request the commands make', () => {
    const kinds = new Set(sent.map((r) => `${r.method} ${r.path.replace(/\/[a-z]+_[a-z\d]{26}/g, '/{id}')}`));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'GET /customers',
        'GET /discounts',
        'GET /products',
        'GET /transactions',
        'GET /transactions/{id}/invoice',
        'GET /prices',
        'PATCH /discounts/{id}',
        'PATCH /prices/{id}',
        'PATCH /products/{id}',
        'POST /discounts',
        'POST /prices',
        'POST /products',
      ]),
    );
    // bodies are in the log, so they were held to the requestBody schemas
    expect(sent.filter((r) => r.method !== 'GET' && r.body !== undefined).length).toBeGreaterThan(20);
  });

  it('a request Paddle would refuse is caught: an unknown parameter, a bad enum, a page too large, a body field too many', () => {
    const problems = (r: Partial<RecordedRequest>) =>
      validator.check({ method: 'GET', path: '/products', query: {}, ...r } as RecordedRequest);
    expect(problems({ query: { colour: 'red' } })).toHaveLength(1);
    expect(problems({ query: { status: 'active,gone' } })).not.toEqual([]);
    expect(problems({ path: '/transactions', query: { per_page: '50' } })).not.toEqual([]);
    expect(problems({ method: 'POST', body: { name: 'Pro', tax_category: 'saas', marker: 1 } })).not.toEqual(
      [],
    );
    expect(problems({ method: 'POST', body: { name: 'Pro', tax_category: 'saas' } })).toEqual([]);
    expect(problems({ path: '/transactions', query: { 'billed_at[LT]': '2023-04-18T17:03:26' } })).toEqual(
      [],
    );
  });
});
