// What plan shows under a subscriber move, against the emulator over real HTTP: for one subscription
// per currency, its next bill as it stands (GET /subscriptions/{id}?include=next_transaction) and as
// Paddle previews the move (PATCH /subscriptions/{id}/preview with the items apply would send,
// https://developer.paddle.com/api-reference/subscriptions/preview-subscription). A target that
// does not exist yet goes as a non-catalog price of its product (the OpenAPI's
// subscription_item_create_with_price); one whose product is new too is not previewed.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';
import { requestValidator } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { MONTHLY, month, NOW, PRO, pid, sub, subscription } from '../support/subscription-account.mjs';

const [NEXT, LEGACY] = [pid('pri', 2), pid('pri', 3)];
const euros = (amount: string) => [{ country_codes: ['DE'], unit_price: { amount, currency_code: 'EUR' } }];

const price = (id: string, key: string, amount: string, euro: string) => ({
  id,
  product_id: PRO,
  description: key,
  billing_cycle: month,
  unit_price: { amount, currency_code: 'USD' },
  unit_price_overrides: euros(euro),
  custom_data: marker(key),
});

const SEED = {
  customers: [{ id: pid('ctm', 1), email: 'c@example.com', name: 'C' }],
  products: [{ id: PRO, name: 'Pro', tax_category: 'saas', custom_data: marker('pro') }],
  prices: [
    price(MONTHLY, 'pro/monthly', '2400', '2200'),
    price(NEXT, 'pro/next', '2900', '2600'),
    price(LEGACY, 'pro/legacy', '1900', '1700'),
  ],
  subscriptions: [
    // a scheduled cancel has no next bill to show (Paddle: next_transaction is null), so the
    // active one without a scheduled change is the USD sample
    subscription(1, { scheduled_change: { action: 'cancel', effective_at: '2026-02-01T00:00:00.000Z' } }),
    subscription(2),
    subscription(3, { currency_code: 'EUR' }),
  ],
};

const priceYaml = (key: string, amount: string, euro: string, extra = '') => `      ${key}:
        description: pro/${key}
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        unit_price_overrides:
          - country_codes: [DE]
            unit_price: { amount: "${euro}", currency_code: EUR }
${extra}`;

const PRO_PRICES = `products:
  pro:
    name: Pro
    tax_category: saas
    prices:
${priceYaml('monthly', '2400', '2200')}${priceYaml('legacy', '1900', '1700')}`;

/** Both moves to a price that exists: monthly's subscribers (USD and EUR) and legacy's (none). */
const TO_EXISTING = `version: 1
${PRO_PRICES}${priceYaml('next', '2900', '2600', '        subscribers_from: [monthly, legacy]\n        proration: prorated_immediately\n')}`;

/** A move to a price this apply creates, under the existing product. */
const TO_NEW = `version: 1
${PRO_PRICES}${priceYaml('next', '2900', '2600')}${priceYaml('y2028', '3100', '2800', '        subscribers_from: [monthly]\n')}`;

/** A move to a price of a product this apply creates. */
const TO_NEW_PRODUCT = `version: 1
${PRO_PRICES}${priceYaml('next', '2900', '2600')}  team:
    name: Team
    tax_category: saas
    prices:
${priceYaml('monthly', '4900', '4500', '        subscribers_from: [pro/monthly]\n')}`;

let emulator: RunningEmulator;
let dir: string;
const env = (apiKey = emulator.apiKey) => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: apiKey });
const plan = (args: string[], apiKey?: string) =>
  runCliInProcess(['plan', ...args, '--countries', 'US'], { env: env(apiKey), cwd: dir });
const lines = (stdout: string) => stdout.split('\n');
/** The lines under a move's line, up to the next line that is not indented. */
const under = (stdout: string, head: string) => {
  const all = lines(stdout);
  const at = all.findIndex((line) => line.includes(head));
  expect(at, head).toBeGreaterThanOrEqual(0);
  const rest = all.slice(at + 1);
  const end = rest.findIndex((line) => !line.startsWith('    '));
  return end === -1 ? rest : rest.slice(0, end);
};

beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: SEED as never },
    now: manualClock(NOW).now,
  });
  dir = tempDir();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});
beforeEach(() => emulator.reset());

describe('plan: the next bill of a moved subscription, one per currency', () => {
  it('shows the next bill in USD and in EUR for a move with subscribers, and none for a move without', async () => {
    const { stdout, code } = await plan([writeCatalog(dir, TO_EXISTING)]);
    expect(code).toBe(0);
    // the emulator's proration: 16.5 of January's 31 days left, the new price charged and the old credited
    // with tax as Paddle previews it: these subscriptions have no address, so no tax
    const bills = under(stdout, 'move subscribers pro/monthly → pro/next').filter((l) =>
      l.includes('next bill'),
    );
    expect(bills).toEqual([
      `    next bill (EUR, ${sub(3)} holding 1 × pro/next; moves now): €26.00 (no tax) on 2026-02-01 (was €22.00); billed now: €2.13`,
      `    next bill (USD, ${sub(2)} holding 1 × pro/next; moves now): $29.00 (no tax) on 2026-02-01 (was $24.00); billed now: $2.66`,
    ]);
    expect(under(stdout, 'move subscribers pro/legacy → pro/next')).toEqual([]);
  });

  it('--json carries each sample as Paddle previewed it, amounts in the lowest unit', async () => {
    const run = await runCliInProcess(
      ['--json', 'plan', writeCatalog(dir, TO_EXISTING), '--countries', 'US'],
      {
        env: env(),
        cwd: dir,
      },
    );
    const doc = JSON.parse(run.stdout);
    const moves = doc.changes.filter((c: { kind: string }) => c.kind === 'subscribers');
    const monthly = moves.find((m: { from: string }) => m.from === 'pro/monthly');
    expect(monthly.next_bills).toHaveLength(2);
    expect(monthly.next_bills[1]).toMatchObject({
      currency_code: 'USD',
      subscription: sub(2),
      target: 'price_id',
      was: { currency_code: 'USD', grand_total: '2400' },
      next: { at: '2026-02-01T00:00:00.000Z', totals: { currency_code: 'USD', grand_total: '2900' } },
      immediate: { currency_code: 'USD', grand_total: '266' },
    });
    const legacy = moves.find((m: { from: string }) => m.from === 'pro/legacy');
    expect(legacy.next_bills).toBeUndefined();
  });

  it('a target that does not exist yet is previewed as a non-catalog price of its product, and says so', async () => {
    const { stdout } = await plan([writeCatalog(dir, TO_NEW)]);
    expect(under(stdout, 'move subscribers pro/monthly → pro/y2028').slice(-3)).toEqual([
      `    next bill (EUR, ${sub(3)} holding 1 × pro/y2028; moves now): €28.00 (no tax) on 2026-02-01 (was €22.00)`,
      `    next bill (USD, ${sub(2)} holding 1 × pro/y2028; moves now): $31.00 (no tax) on 2026-02-01 (was $24.00)`,
      "      pro/y2028 previewed as a non-catalog price of the catalog's amounts (it does not exist yet)",
    ]);
    const preview = emulator.requests().find((r) => r.path === `/subscriptions/${sub(2)}/preview`);
    expect(preview?.body).toMatchObject({
      items: [
        { price: { product_id: PRO, unit_price: { amount: '3100', currency_code: 'USD' } }, quantity: 1 },
      ],
      proration_billing_mode: 'do_not_bill',
    });
  });

  it('a target whose product is new too: shown once the price exists, nothing asked of Paddle', async () => {
    const { stdout, code } = await plan([writeCatalog(dir, TO_NEW_PRODUCT)]);
    expect(code).toBe(0);
    expect(under(stdout, 'move subscribers pro/monthly → team/monthly').slice(-1)).toEqual([
      '    next bill: shown once the price exists (its product is new too; the tool previews a new price only under an existing product)',
    ]);
    expect(emulator.requests().filter((r) => r.path.startsWith('/subscriptions/'))).toEqual([]);
  });

  it('the saved plan keeps the next bills with its moves, and passes docs/plan-file.schema.json', async () => {
    const saved = await plan([writeCatalog(dir, TO_EXISTING), '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    const monthly = document.review.moves.find((m: { from: string }) => m.from === 'pro/monthly');
    expect(monthly.next_bills.map((b: { currency_code: string }) => b.currency_code)).toEqual(['EUR', 'USD']);
    const schema = JSON.parse(readFileSync('docs/plan-file.schema.json', 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('every request of the previews is one Paddle documents (OpenAPI)', async () => {
    await plan([writeCatalog(dir, TO_EXISTING)]);
    await plan([writeCatalog(dir, TO_NEW)]);
    const sent = emulator.requests().filter((r) => r.path.startsWith('/subscriptions'));
    expect(sent.map((r) => `${r.method} ${r.path.replace(/sub_\w+/, '{id}')}`)).toEqual(
      expect.arrayContaining([
        'GET /subscriptions',
        'GET /subscriptions/{id}',
        'PATCH /subscriptions/{id}/preview',
      ]),
    );
    const validator = requestValidator();
    expect(sent.flatMap((r) => validator.check(r).map((p) => `${r.method} ${r.path}: ${p}`))).toEqual([]);
  });

  it('a key without subscription.read: the move says its subscribers are not counted, no next bill, the plan goes on', async () => {
    const key = emulator.addApiKey(['product.read', 'price.read', 'discount.read', 'transaction.read']);
    const { stdout, code } = await plan([writeCatalog(dir, TO_EXISTING)], key);
    expect(code).toBe(0);
    expect(stdout).toContain(
      '~ move subscribers pro/monthly → pro/next: subscribers not counted (the key cannot read subscriptions)',
    );
    expect(stdout).not.toMatch(/next bill[ :(]/);
    expect(stdout).toContain(
      'Subscribers are not counted and the next bills of moved ones not shown: the API key may not list subscriptions (it needs subscription.read).',
    );
    // the plan goes on to its summary: a move nobody could count is work to do, not "No changes."
    // (pro/next, made already, records the two new moves in its marker: one update)
    expect(stdout).toContain('Plan: 0 to create, 1 to update, 0 to archive, 2 subscriber moves.');
  });
});
