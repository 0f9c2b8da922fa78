// Hostile answers, point 2: every answer is checked for shape before use, paging cannot go on
// forever, and the history view does not trust the server's filters. Misbehaving servers on
// 127.0.0.1, and a proxy in front of the emulator that drops the transactions list's filters.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempCacheHome } from '../support/billing-fixtures.js';
import { filterDroppingProxy, type Hostility, hostileServer } from '../support/hostile-server.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { pid } from '../support/subscription-account.mjs';

const CATALOG = join(ROOT, 'catalogs/saas-starter.yaml');
const KEY = 'pdl_sdbx_apikey_01hzzzzzzzzzzzzzzzzzzzzzzz_hostileanswers00000000000';

let cacheHome: string;
beforeAll(async () => {
  cacheHome = await tempCacheHome();
});
afterAll(() => rm(cacheHome, { recursive: true, force: true }));

async function against(kind: Hostility, args: string[]) {
  const server = await hostileServer(kind);
  try {
    const env = { PADDLE_API_URL: server.url, PADDLE_API_KEY: KEY, XDG_CACHE_HOME: cacheHome };
    const [human, json] = await Promise.all([
      runCliInProcess(args, { env }),
      runCliInProcess(['--json', ...args], { env }),
    ]);
    return { human, json, doc: JSON.parse(json.stdout), requests: server.requests };
  } finally {
    await server.close();
  }
}

describe('answers are checked, never assumed', () => {
  it.each<Hostility>(['data-null', 'data-object'])(
    'a products list whose data is not a list (%s) is invalid_response: plan does not see an empty account, apply writes nothing',
    async (kind) => {
      const plan = await against(kind, ['plan', CATALOG]);
      expect(plan.human.code).toBe(1);
      expect(plan.human.stdout).not.toMatch(/to create/);
      expect(plan.human.stderr).toMatch(/the answer is not a list as Paddle sends it .*\(invalid_response\)/);
      expect(plan.doc).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
      const apply = await against(kind, ['apply', CATALOG, '--yes']);
      expect([apply.human.code, apply.json.code]).toEqual([1, 1]);
      expect(apply.doc).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
      expect(apply.requests.length).toBeGreaterThan(0);
      expect(apply.requests.every((r) => r.method === 'GET')).toBe(true);
    },
  );

  it('a created product whose id is not a Paddle id is invalid_response; nothing is built on it', async () => {
    const { human, doc, requests } = await against('bad-entities', ['apply', CATALOG, '--yes']);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/the answer is not a product as Paddle sends it \(id: expected a Paddle id/);
    expect(doc.ok).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('pro_01/../../customers');
    // the first product failed, its prices were never sent; no URL path was built from the id
    expect(requests.some((r) => r.url.includes('..'))).toBe(false);
    expect(requests.some((r) => r.url.startsWith('/prices'))).toBe(false);
  });

  it('an invoice URL that is not https is refused before it is printed, opened or downloaded', async () => {
    const { json, doc } = await against('unsafe-invoice-url', ['invoice', 'txn_01h00000000000000000000000']);
    expect(json.code).toBe(1);
    expect(doc).toMatchObject({ ok: false, error: { kind: 'api', code: 'invalid_response' } });
    expect(json.stdout).not.toContain('calc.exe');
  });
});

describe('paging ends', () => {
  it('a server that repeats its next page: plan stops at the second page with invalid_response', async () => {
    const { human, doc, requests } = await against('repeating-next', ['plan', CATALOG]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('stopped paging: the server sent the same next page twice');
    expect(doc.error.code).toBe('invalid_response');
    // plan reads products and discounts side by side; each list stops at its second page: two runs
    // (human and --json), two requests per list each: the first page, then the next link once
    const asked = (list: string) => requests.filter((r) => r.url.split('?')[0] === list);
    expect(new Set(requests.map((r) => r.url.split('?')[0]))).toEqual(new Set(['/products', '/discounts']));
    for (const list of ['/products', '/discounts']) {
      expect(asked(list)).toHaveLength(4);
      expect(asked(list).filter((r) => r.url.includes('after=same'))).toHaveLength(2);
    }
  });
});

describe('history does not trust the server’s filters', () => {
  const mine = pid('ctm', 1);
  const txn = (n: number, customer: string, status: string) => ({
    id: pid('txn', n),
    customer_id: customer,
    status,
    collection_mode: 'automatic',
    currency_code: 'USD',
    ...(status === 'draft' ? {} : { billed_at: `2025-0${n}-01T00:00:00.000Z` }),
    created_at: `2025-0${n}-01T00:00:00.000Z`,
    details: { totals: { subtotal: '1000', tax: '0' } },
  });
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          customers: [
            { id: mine, email: 'me@example.com' },
            { id: pid('ctm', 2), email: 'someone@example.com' },
          ],
          transactions: [
            txn(1, mine, 'completed'),
            txn(2, pid('ctm', 2), 'completed'),
            txn(3, mine, 'draft'),
            txn(4, mine, 'paid'),
          ],
        },
      },
    });
  });
  afterAll(() => emulator.close());

  it('history: a server that ignores customerId and status: another customer’s transactions and drafts are dropped, and said as warnings', async () => {
    const proxy = await filterDroppingProxy(emulator.url);
    try {
      const env = { PADDLE_API_URL: proxy.url, PADDLE_API_KEY: emulator.apiKey, XDG_CACHE_HOME: cacheHome };
      const args = ['history', '--email', 'me@example.com'];
      const [human, json] = await Promise.all([
        runCliInProcess(args, { env }),
        runCliInProcess(['--json', ...args], { env }),
      ]);
      // the proxy really did drop the filters
      expect(
        proxy.requests.some((r) => r.url.startsWith('/transactions?') && !r.url.includes('customer_id')),
      ).toBe(true);
      const doc = JSON.parse(json.stdout);
      expect(doc.warnings.length).toBeGreaterThan(0);
      expect(doc.warnings.join('\n')).toMatch(/another customer's transaction/);
      expect(doc.warnings).toEqual([
        `transaction ${pid('txn', 3)} left out: the server sent status draft, which this view never shows`,
        `transaction ${pid('txn', 2)} left out: the server sent another customer's transaction`,
      ]);
      expect(doc.items.map((item: { id: string }) => item.id)).toEqual([pid('txn', 4), pid('txn', 1)]);
      expect(human.code).toBe(0);
      expect(human.stderr).toMatch(
        /warning: transaction txn_\w+ left out: the server sent another customer's/,
      );
    } finally {
      await proxy.close();
    }
  });
});
