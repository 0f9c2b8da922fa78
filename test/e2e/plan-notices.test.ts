// plan --notices-out through the CLI in-process against the emulator over real HTTP: one row per
// subscription a move touches, with the unit amounts now and after from the catalog, the next
// renewal and the day the new price first bills (bills_from); the customers read by id in
// ⌈customers / 100⌉ requests, each held to Paddle's OpenAPI; the file refused before any read when
// it is not .csv or .json.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { IDS_PER_REQUEST } from '../../src/paddle/subscription-lists.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { requestValidator, undocumentedRequests } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { MONTHLY, month, NOW, PRO_PRODUCT, pid, proMonthly } from '../support/subscription-account.mjs';

/** More customers than one request names: the customers are read in two requests. */
const MORE = IDS_PER_REQUEST + 20;

const subscription = (n: number, currency: string, status: string, next: string | null, quantity = 1) => ({
  id: pid('sub', n),
  customer_id: pid('ctm', n),
  status,
  currency_code: currency,
  next_billed_at: next,
  billing_cycle: month,
  items: [{ price_id: MONTHLY, quantity }],
});

const SEED = {
  customers: [
    { id: pid('ctm', 1), email: 'kim@example.com' },
    // an address a spreadsheet would read as a formula: written inert
    { id: pid('ctm', 2), email: '=cmd@example.com' },
    { id: pid('ctm', 3), email: 'max@example.com' },
    ...Array.from({ length: MORE }, (_, i) => ({ id: pid('ctm', 10 + i), email: `c${i}@example.com` })),
  ],
  products: [PRO_PRODUCT],
  prices: [
    proMonthly([
      { country_codes: ['DE'], unit_price: { amount: '2200', currency_code: 'EUR' } },
      { country_codes: ['FR'], unit_price: { amount: '2300', currency_code: 'EUR' } },
      { country_codes: ['GB'], unit_price: { amount: '2000', currency_code: 'GBP' } },
    ]),
  ],
  subscriptions: [
    // renews before bills_from: waits, and the new price first bills the renewal after
    subscription(1, 'USD', 'active', '2026-02-01T00:00:00.000Z', 3),
    subscription(2, 'EUR', 'active', '2026-03-05T00:00:00.000Z'),
    subscription(3, 'GBP', 'paused', null),
    // canceled at its next billing date, before the new price would bill it: not told
    { ...subscription(4, 'USD', 'active', null), scheduled_change: { action: 'cancel' } },
    ...Array.from({ length: MORE }, (_, i) => ({
      ...subscription(10 + i, 'USD', 'active', '2026-03-10T00:00:00.000Z'),
    })),
  ],
};

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "2400", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        unit_price_overrides:
          - { country_codes: [DE], unit_price: { amount: "2200", currency_code: EUR } }
          - { country_codes: [FR], unit_price: { amount: "2300", currency_code: EUR } }
          - { country_codes: [GB], unit_price: { amount: "2000", currency_code: GBP } }
      monthly-2026:
        description: Pro monthly 2026
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        unit_price_overrides:
          - { country_codes: [DE, FR], unit_price: { amount: "2700", currency_code: EUR } }
          - { country_codes: [GB], unit_price: { amount: "2500", currency_code: GBP } }
        subscribers_from: [monthly]
        bills_from: 2026-03-01
`;

let emulator: RunningEmulator;
let dir: string;
const clock = manualClock(NOW);
const cli = (args: string[]) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: dir,
    clock: jumpingClock(Date.parse(NOW)),
  });

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED as never }, now: () => clock.now() });
  dir = tempDir();
  writeCatalog(dir, CATALOG);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** The CSV's rows as cell lists (cells hold no comma, quote or line break here). */
const rowsOf = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('plan --notices-out', { timeout: 60_000 }, () => {
  it('writes one row per subscription a move touches: ids, e-mail, amounts now and after, next renewal, first bill', async () => {
    const run = await cli(['plan', 'catalog.yaml', '--notices-out', 'notices.csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `Wrote the customers to tell to notices.csv: ${MORE + 3} rows, one per subscription a move touches; 1 subscription left out: its cancel comes before the new price would bill it.`,
    );
    const [header, ...rows] = rowsOf(readFileSync(join(dir, 'notices.csv'), 'utf8'));
    expect(header).toEqual([
      'subscription_id',
      'customer_id',
      'email',
      'currency_code',
      'quantity',
      'from',
      'to',
      'verdict',
      'reason',
      'unit_amount_now',
      'unit_amount_now_formatted',
      'unit_amount_after',
      'unit_amount_after_formatted',
      'next_billed_at',
      'new_price_first_bills',
    ]);
    expect(rows).toHaveLength(MORE + 3);
    const row = (n: number) => rows.find((r) => r[0] === pid('sub', n));
    const move = ['pro/monthly', 'pro/monthly-2026'];
    expect(row(1)).toEqual([
      pid('sub', 1),
      pid('ctm', 1),
      'kim@example.com',
      'USD',
      '3',
      ...move,
      'waits',
      'bills_from 2026-03-01 not reached',
      '2400',
      '$24.00',
      '2900',
      '$29.00',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01',
    ]);
    // EUR: two overrides of different amounts now (said, not picked), one after
    expect(row(2)).toEqual([
      pid('sub', 2),
      pid('ctm', 2),
      "'=cmd@example.com",
      'EUR',
      '1',
      ...move,
      'moves now',
      '',
      '',
      'by country: €22.00 (DE); €23.00 (FR)',
      '2700',
      '€27.00',
      '2026-03-05T00:00:00.000Z',
      '2026-03-05',
    ]);
    // paused: no next renewal; it waits for bills_from, and the new price first bills when it resumes
    expect(row(3)?.slice(2, 5)).toEqual(['max@example.com', 'GBP', '1']);
    expect(row(3)?.slice(-8)).toEqual([
      'waits',
      'bills_from 2026-03-01 not reached',
      '2000',
      '£20.00',
      '2500',
      '£25.00',
      '',
      'when it resumes, if on or after 2026-03-01; else its first renewal on or after 2026-03-01',
    ]);
    expect(row(4)).toBeUndefined();
  });

  it(`reads the customers by id: ⌈${MORE + 4} / ${IDS_PER_REQUEST}⌉ requests, each as Paddle's OpenAPI describes it`, async () => {
    const mark = emulator.requests().length;
    const run = await cli(['--json', 'plan', 'catalog.yaml', '--notices-out', 'notices.json']);
    expect(run.code, run.stderr).toBe(0);
    const sent = emulator.requests().slice(mark);
    const customers = sent.filter((r) => r.method === 'GET' && r.path === '/customers');
    expect(customers).toHaveLength(Math.ceil((MORE + 4) / IDS_PER_REQUEST));
    expect(undocumentedRequests(requestValidator(), customers)).toEqual([]);
    expect(JSON.parse(run.stdout).notices).toEqual({ file: 'notices.json', rows: MORE + 3, left_out: 1 });
    const { notices } = JSON.parse(readFileSync(join(dir, 'notices.json'), 'utf8'));
    expect(notices).toHaveLength(MORE + 3);
    // every customer found in those requests (the log keeps only the start of a long id list)
    expect(notices.filter((n: { email: string | null }) => n.email === null)).toEqual([]);
    expect(
      notices.find((n: { subscription_id: string }) => n.subscription_id === pid('sub', 1)),
    ).toMatchObject({
      email: 'kim@example.com',
      quantity: 3,
      unit_amount_now: '2400',
      unit_amount_after: '2900',
      new_price_first_bills: '2026-03-01',
    });
  });

  it('--out and --notices-out naming one file are refused before the account is read, and nothing is written', async () => {
    const mark = emulator.requests().length;
    const run = await cli([
      'plan',
      'catalog.yaml',
      '--out',
      'plan.json',
      '--notices-out',
      './sub/../plan.json',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '--out plan.json and --notices-out ./sub/../plan.json name one file: one would overwrite the other',
    );
    expect(emulator.requests().slice(mark)).toEqual([]);
    expect(existsSync(join(dir, 'plan.json'))).toBe(false);
  });

  it('a file that is not .csv or .json is refused before the account is read', async () => {
    const mark = emulator.requests().length;
    const run = await cli(['plan', 'catalog.yaml', '--notices-out', 'notices.txt']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--notices-out notices.txt: the file must end in .csv or .json');
    expect(emulator.requests().slice(mark)).toEqual([]);
  });
});
