// The review of a price rise made the recommended way — a new price that takes the old one's
// subscribers (subscribers_from) — against the emulator over real HTTP: subscriptions in three
// currencies, in every status a move counts, with each scheduled change. The review counts them by
// status (a scheduled change named as such), by currency and in all; shows per review country what
// one unit of the old price costs now and the new one after, both as Paddle previews them with tax
// (POST /pricing-preview, POST /transactions/preview), on the same basis as the next-bill sample
// (PATCH /subscriptions/{id}/preview, taxed where the subscription's address is); labels each sample
// with what it holds; and carries all of it in --json, the Markdown review and the saved plan.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  ADDON,
  ADDON_PRICE,
  CUSTOMER,
  MONTHLY,
  NOW,
  PRO_PRODUCT,
  proMonthly,
  sub,
  subscription,
} from '../support/subscription-account.mjs';

const overrides = (euro: string, pound: string) => [
  { country_codes: ['DE'], unit_price: { amount: euro, currency_code: 'EUR' } },
  { country_codes: ['GB'], unit_price: { amount: pound, currency_code: 'GBP' } },
];
const at = (action: string) => ({ scheduled_change: { action, effective_at: '2026-02-01T00:00:00.000Z' } });

const SEED = {
  customers: [CUSTOMER],
  products: [PRO_PRODUCT],
  prices: [proMonthly(overrides('2200', '2000')), ADDON_PRICE],
  subscriptions: [
    subscription(1, { address: { country_code: 'US' } }),
    subscription(2, at('cancel')),
    subscription(3, { status: 'trialing' }),
    subscription(4, { status: 'past_due' }),
    // the EUR sample: active, nothing scheduled, taxed in Germany
    subscription(5, { currency_code: 'EUR', address: { country_code: 'DE' } }),
    subscription(6, { currency_code: 'EUR', status: 'paused', ...at('resume') }),
    subscription(7, { currency_code: 'EUR', ...at('pause') }),
    // the GBP sample holds an add-on too: its bill is not one unit of the price
    subscription(8, {
      currency_code: 'GBP',
      address: { country_code: 'GB' },
      items: [
        { price_id: MONTHLY, quantity: 1 },
        { price_id: ADDON, quantity: 2 },
      ],
    }),
    subscription(9, { status: 'canceled' }),
  ],
};

const price = (description: string, amount: string, euro: string, pound: string, extra = '') => `
        description: ${description}
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        unit_price_overrides:
          - country_codes: [DE]
            unit_price: { amount: "${euro}", currency_code: EUR }
          - country_codes: [GB]
            unit_price: { amount: "${pound}", currency_code: GBP }${extra}`;

const RISE = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '2400', '2200', '2000')}
      monthly-2027:${price('Pro monthly 2027', '2900', '2600', '2300', '\n        subscribers_from: [monthly]')}
`;

let emulator: RunningEmulator;
let dir: string;
let file: string;
const plan = (args: string[]) =>
  runCliInProcess([...args, '--countries', 'US,DE,GB'], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: dir,
  });

beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: SEED as never },
    now: manualClock(NOW).now,
  });
  dir = tempDir();
  file = writeCatalog(dir, RISE);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

describe('the review of a move: a rise to a new price that takes the old one’s subscribers', () => {
  it('human: by status with scheduled changes, by currency and in all; now → after per country; each sample labelled', async () => {
    const { stdout, code } = await plan(['plan', file]);
    expect(code, stdout).toBe(0);
    const lines = stdout.split('\n');
    const head = lines.findIndex((line) =>
      line.startsWith('~ move subscribers pro/monthly → pro/monthly-2027'),
    );
    expect(lines.slice(head, head + 2)).toEqual([
      '~ move subscribers pro/monthly → pro/monthly-2027: 5 active (1 set to cancel, 1 set to pause), 1 trialing, 1 past due, 1 paused (1 set to resume) (do_not_bill: no charge now; the next renewal bills the new price)',
      '    8 subscriptions: 4 in USD, 3 in EUR, 1 in GBP',
    ]);
    expect(stdout).toContain(
      [
        '    customers moved pay (one unit of pro/monthly now → pro/monthly-2027, as Paddle previews it, with tax):',
        '      DE  EUR  €26.18 → €30.94  (tax €4.94)',
        '      GB  GBP  £24.00 → £27.60  (tax £4.60)',
        '      US  USD  $24.00 → $29.00  (no tax)',
      ].join('\n'),
    );
    // the DE sample, one unit of the new price, is billed what the DE row shows, tax and all
    expect(stdout).toContain(
      `    next bill (EUR, ${sub(5)} holding 1 × pro/monthly-2027; moves now): €30.94 (tax €4.94) on 2026-02-01 (was €26.18)`,
    );
    expect(stdout).toContain(
      `    next bill (GBP, ${sub(8)} holding 1 × pro/monthly-2027, 2 × ${ADDON} (not in the catalog); moves now): £39.60 (tax £6.60) on 2026-02-01 (was £36.00)`,
    );
    expect(stdout).toContain(
      'a sample is one subscription: its bill covers every item and quantity it holds',
    );
    expect(stdout).not.toMatch(/past_due|\b0 (active|trialing|past due|paused)/);
  });

  it('--json: the counts, total, currencies and scheduled changes; per country now and after on the sample’s tax basis', async () => {
    const { stdout, code } = await plan(['--json', 'plan', file]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    const move = doc.changes.find((c: { kind: string }) => c.kind === 'subscribers');
    expect(move).toMatchObject({
      subscribers: { active: 5, trialing: 1, past_due: 1, paused: 1 },
      subscribers_total: 8,
      subscribers_by_currency: { USD: 4, EUR: 3, GBP: 1 },
      subscribers_scheduled: { active: { cancel: 1, pause: 1 }, paused: { resume: 1 } },
    });
    const de = move.customers.find((c: { country: string }) => c.country === 'DE');
    expect(de).toMatchObject({
      currency_code: 'EUR',
      before: { currency_code: 'EUR', total: '2618', tax: '418' },
      after: { total: '3094', tax: '494' },
    });
    const sample = move.next_bills.find((b: { currency_code: string }) => b.currency_code === 'EUR');
    expect(sample.items).toEqual([{ key: 'pro/monthly-2027', price_id: null, quantity: 1 }]);
    expect([sample.next.totals.total, sample.next.totals.tax]).toEqual([de.after.total, de.after.tax]);
    expect([sample.was.total, sample.was.tax]).toEqual([de.before.total, de.before.tax]);
  });

  it('Markdown: the move’s figures as a table (country, currency, now, after, tax) after the plan’s block', async () => {
    const { stdout } = await plan(['plan', file, '--format', 'markdown']);
    const [block = '', tables = ''] = (stdout.split('```diff')[1] ?? '').split('\n```\n');
    expect(block).toContain('8 subscriptions: 4 in USD, 3 in EUR, 1 in GBP');
    expect(block).not.toContain('customers moved pay');
    expect(tables).toContain(
      [
        'move `pro/monthly` → `pro/monthly-2027`: now one unit of `pro/monthly`, after one of `pro/monthly-2027`',
        '',
        '| country | currency | now | after | tax |',
        '| --- | --- | --- | --- | --- |',
        '| `DE` | `EUR` | `€26.18` | `€30.94` | `€4.94` |',
        '| `GB` | `GBP` | `£24.00` | `£27.60` | `£4.60` |',
        '| `US` | `USD` | `$24.00` | `$29.00` | `none` |',
      ].join('\n'),
    );
  });

  it('the saved plan’s review carries the move’s figures, and passes docs/plan-file.schema.json', async () => {
    const saved = await plan(['plan', file, '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    const [move] = document.review.moves;
    expect(move.subscribers_by_currency).toEqual({ USD: 4, EUR: 3, GBP: 1 });
    expect(move.customers).toHaveLength(3);
    expect(move.next_bills.map((b: { items: unknown[] }) => b.items.length)).toEqual([1, 2, 1]);
    const schema = JSON.parse(readFileSync('docs/plan-file.schema.json', 'utf8'));
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });
});
