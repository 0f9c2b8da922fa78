// A price rise, start to finish, over real HTTP against the emulator with the CLI in-process: one
// catalog change (a new price with subscribers_from and bills_from; a second product's move under
// prorated_next_billing_period), subscriptions in USD, EUR and GBP in every status with a scheduled
// cancel and pause, the plan's review, an apply with a key without subscription.write, the apply
// that moves only what may move now, the emulator's clock past the others' renewals (each billed at
// the old price, taxed by its address), and a further apply that moves them.
// Paddle's rules the tool follows are cited in src/moves/predict.ts; the renewals follow
// developer.paddle.com/build/lifecycle/subscription-renewal.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { KIM, NOW, sub } from '../support/subscription-account.mjs';

/** Past every renewal before bills_from (2026-03-01), before the first one after it (2026-03-05). */
const LATER = '2026-03-02T00:00:00.000Z';

const price = (description: string, amount: string, eur: string, gbp: string, more = '') => `
        description: ${description}
        unit_price: { amount: "${amount}", currency_code: USD }
        unit_price_overrides:
          - { country_codes: [DE], unit_price: { amount: "${eur}", currency_code: EUR } }
          - { country_codes: [GB], unit_price: { amount: "${gbp}", currency_code: GBP } }
        billing_cycle: { interval: month, frequency: 1 }${more}`;

const TODAY = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '1000', '900', '800')}
  team:
    name: Team
    tax_category: saas
    prices:
      monthly:${price('Team monthly', '3000', '2700', '2400')}
`;

/**
 * The rise: pro's subscribers move to bill the new price from 2026-03-01 (do_not_bill) and the old
 * price is archived once they have; team's move bills the difference next period.
 */
const RISE = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '1000', '900', '800', '\n        status: archived')}
      monthly-2027:${price(
        'Pro monthly 2027',
        '1200',
        '1100',
        '1000',
        `
        subscribers_from: [monthly]
        bills_from: "2026-03-01"`,
      )}
  team:
    name: Team
    tax_category: saas
    prices:
      monthly:${price('Team monthly', '3000', '2700', '2400')}
      monthly-2027:${price(
        'Team monthly 2027',
        '3500',
        '3200',
        '2800',
        `
        subscribers_from: [monthly]
        proration: prorated_next_billing_period`,
      )}
`;

type Seeded = { status: string; currency_code: string; country: string } & Record<string, unknown>;
const on = (key: string, n: number, { country, ...fields }: Seeded) => ({
  id: sub(n),
  customer_id: KIM,
  address: { country_code: country },
  items: [{ price_key: key, quantity: 1 }],
  ...fields,
});
const SEED: AccountSeed = {
  customers: [{ id: KIM, email: 'kim@example.com' }],
  subscriptions: [
    // pro/monthly: its first renewal on or after bills_from → moves now
    on('pro/monthly', 1, {
      status: 'active',
      currency_code: 'USD',
      country: 'US',
      next_billed_at: '2026-03-05T00:00:00.000Z',
    }),
    // renewals before bills_from → wait until them
    on('pro/monthly', 2, {
      status: 'active',
      currency_code: 'EUR',
      country: 'DE',
      next_billed_at: '2026-02-01T00:00:00.000Z',
    }),
    on('pro/monthly', 3, {
      status: 'active',
      currency_code: 'GBP',
      country: 'GB',
      next_billed_at: '2026-02-10T00:00:00.000Z',
    }),
    // a scheduled cancel: no next bill, so it waits for bills_from itself
    on('pro/monthly', 4, {
      status: 'active',
      currency_code: 'USD',
      country: 'US',
      next_billed_at: null,
      scheduled_change: { action: 'cancel', effective_at: '2026-04-01T00:00:00.000Z', resume_at: null },
    }),
    // trialing: Paddle's pages leave it open, so apply asks Paddle
    on('pro/monthly', 5, {
      status: 'trialing',
      currency_code: 'USD',
      country: 'US',
      next_billed_at: '2026-03-10T00:00:00.000Z',
    }),
    on('pro/monthly', 6, { status: 'paused', currency_code: 'EUR', country: 'DE', next_billed_at: null }),
    on('pro/monthly', 7, { status: 'canceled', currency_code: 'GBP', country: 'GB', next_billed_at: null }),
    // team/monthly, under prorated_next_billing_period
    on('team/monthly', 11, {
      status: 'active',
      currency_code: 'USD',
      country: 'US',
      next_billed_at: '2026-03-05T00:00:00.000Z',
    }),
    on('team/monthly', 12, { status: 'paused', currency_code: 'EUR', country: 'DE', next_billed_at: null }),
    on('team/monthly', 13, {
      status: 'past_due',
      currency_code: 'GBP',
      country: 'GB',
      next_billed_at: '2026-01-10T00:00:00.000Z',
    }),
  ],
};

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: manualClock(NOW).now });
  dir = tempDir();
  writeCatalog(dir, TODAY, 'today.yaml');
  writeCatalog(dir, RISE, 'rise.yaml');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI at the emulator's time (predictions read the run's clock). */
const run = (at: string, args: string[], key = emulator.apiKey) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: key },
    cwd: dir,
    clock: jumpingClock(Date.parse(at)),
  });
const subscriptionPatches = () =>
  emulator.requests().filter((r) => r.method === 'PATCH' && /^\/subscriptions\/[^/]+$/.test(r.path));
/** The catalog key of the price each subscription `n` bills. */
const keysOf = async (...ns: number[]) => {
  const keys: Record<number, string> = {};
  for (const n of ns) {
    const item = (await call(emulator, 'GET', `/subscriptions/${sub(n)}`)).body.data.items[0];
    keys[n] = item.price.custom_data.paddle_catalog.key;
  }
  return keys;
};
const renewalTotals = async (n: number) =>
  (await call(emulator, 'GET', `/transactions?subscription_id=${sub(n)}&order_by=id[ASC]`)).body.data.map(
    (t: { billing_period: { starts_at: string }; details: { totals: { total: string } } }) => [
      t.billing_period.starts_at.slice(0, 10),
      t.details.totals.total,
    ],
  );
/** The line apply leaves for subscription `n`. */
const leftLine = (output: string, n: number) =>
  output.split('\n').find((line) => line.includes(`${sub(n)} left on its price`));

// Each phase is its own test, run in order on the one account: the first to fail names the phase.
describe('a price rise, start to finish', () => {
  /** The old price's id, as the first apply's output names it. */
  let old: string | undefined;
  const oldStatus = async () => (await call(emulator, 'GET', `/prices/${old}`)).body.data.status;

  it('before the rise: the catalog of today applies', async () => {
    const today = await run(NOW, ['apply', 'today.yaml', '--yes']);
    expect(today.code, today.stderr).toBe(0);
  });

  it('the review: counts by status, what moves now and what waits until when, per currency and country the next bill', async () => {
    const plan = await run(NOW, ['plan', 'rise.yaml', '--notices-out', 'notices.json']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain(
      '1 subscription left out: its cancel comes before the new price would bill it',
    );
    expect(plan.stdout).toContain(
      '~ move subscribers pro/monthly → pro/monthly-2027: 4 active (1 set to cancel), 1 trialing, 1 paused (do_not_bill',
    );
    expect(plan.stdout).toContain('first billed from 2026-03-01');
    expect(plan.stdout).toContain('    moves now: 1\n');
    expect(plan.stdout).toContain(
      '    waits: 4 (1 until 2026-02-01, 1 until 2026-02-10, 2 until 2026-03-01; bills_from 2026-03-01 not reached): a later run moves them',
    );
    expect(plan.stdout).toMatch(/- archive price pro\/monthly .*status: archived/);
    // retired by the move: no warning that archiving leaves its subscribers where they are
    expect(plan.stdout).not.toContain('archiving it does not change them');
    for (const currency of ['EUR', 'GBP', 'USD'])
      expect(plan.stdout).toContain(`next bill (${currency}, sub_`);
    expect(plan.stdout).toContain('    6 subscriptions: 3 in USD, 2 in EUR, 1 in GBP\n');
    // per review country, one unit of the old price now and of the new one after, tax included
    expect(plan.stdout).toContain(
      'customers moved pay (one unit of pro/monthly now → pro/monthly-2027, as Paddle previews it, with tax):',
    );
    expect(plan.stdout).toMatch(/GB {2}GBP {2}£9\.60 → £12\.00 +\(tax £2\.00\)/);
    expect(plan.stdout).toMatch(/US {2}USD {2}\$10\.00 → \$12\.00 +\(no tax\)/);
    // the moved customers in DE pay what the German sample is billed: one unit, the same tax
    expect(plan.stdout).toMatch(/DE {2}EUR {2}€10\.71 → €13\.09 {2}\(tax €2\.09\)/);
    // a sample that waits is shown on its first renewal on or after bills_from, never before it:
    // its renewal of 2026-02-01 still bills the old price
    expect(plan.stdout).toContain(
      `next bill (EUR, ${sub(2)} holding 1 × pro/monthly-2027; waits: bills_from 2026-03-01 not reached): €13.09 (tax €2.09) on 2026-03-01, the first at the new price (bills before then: €10.71)`,
    );
    expect(plan.stdout).toContain(
      `next bill (USD, ${sub(1)} holding 1 × pro/monthly-2027; moves now): $12.00 (no tax) on 2026-03-05 (was $10.00)`,
    );
    // a paused subscription under prorated_next_billing_period: predicted, with the mode that would move it
    expect(plan.stdout).toContain(
      "    ! will not move with this mode (prorated_next_billing_period): 1 subscription (paused, Paddle's subscription_update_error_when_paused); do_not_bill would move them",
    );
    expect(plan.stdout).toContain(
      `next bill (EUR, ${sub(12)} holding 1 × team/monthly-2027; will not move with this mode: paused): not previewed: Paddle answered subscription_update_error_when_paused`,
    );
  });

  it('the notices: one row per subscription a move touches (the canceled one is none, nor the one whose cancel comes before the new price would bill it), what it pays now and after in its currency, and the day the new price first bills it (a paused one: when it resumes)', () => {
    type Notice = Record<string, string | null>;
    const notices: Notice[] = JSON.parse(readFileSync(join(dir, 'notices.json'), 'utf8')).notices;
    expect(notices.every((n) => n.email === 'kim@example.com')).toBe(true);
    const rows = Object.fromEntries(
      notices.map((n) => [
        n.subscription_id,
        [n.verdict, n.unit_amount_now_formatted, n.unit_amount_after_formatted, n.new_price_first_bills],
      ]),
    );
    expect(rows).toEqual({
      [sub(1)]: ['moves now', '$10.00', '$12.00', '2026-03-05'],
      [sub(2)]: ['waits', '€9.00', '€11.00', '2026-03-01'],
      [sub(3)]: ['waits', '£8.00', '£10.00', '2026-03-10'],
      [sub(5)]: ['not predicted', '$10.00', '$12.00', '2026-03-10'],
      [sub(6)]: [
        'waits',
        '€9.00',
        '€11.00',
        'when it resumes, if on or after 2026-03-01; else its first renewal on or after 2026-03-01',
      ],
      [sub(11)]: ['moves now', '$30.00', '$35.00', '2026-03-05'],
      [sub(12)]: [
        'will not move with this mode',
        '€27.00',
        '€32.00',
        'not with prorated_next_billing_period',
      ],
      // past_due: when it first bills the new price waits for its payment
      [sub(13)]: ['waits', '£24.00', '£28.00', 'the first renewal after it is paid and moved'],
    });
  });

  it('a key without subscription.write: the new prices are made, the first move refused, none other sent', async () => {
    const noWrite = emulator.addApiKey(['product.write', 'price.write', 'subscription.read']);
    const refused = await run(NOW, ['apply', 'rise.yaml', '--yes', '--allow-subscriber-moves'], noWrite);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/pro\/monthly-2027\s+pri_\w+\s+created/);
    expect(refused.stderr).toContain('this call needs subscription.write');
    expect(subscriptionPatches().map((r) => r.status)).toEqual([403]);
  });

  it('the right key: only what may move now moves; the rest wait, the old price stays active', async () => {
    const first = await run(NOW, ['apply', 'rise.yaml', '--yes', '--allow-subscriber-moves']);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(
      'subscribers pro/monthly → pro/monthly-2027: 2 subscriptions moved, 4 left',
    );
    expect(first.stderr).toContain('not verified');
    expect(await keysOf(1, 2, 3, 4, 5, 6, 7, 11, 12, 13)).toEqual({
      1: 'pro/monthly-2027',
      2: 'pro/monthly',
      3: 'pro/monthly',
      4: 'pro/monthly',
      5: 'pro/monthly-2027',
      6: 'pro/monthly',
      7: 'pro/monthly',
      11: 'team/monthly-2027',
      12: 'team/monthly',
      13: 'team/monthly',
    });
    expect(leftLine(first.stderr, 2)).toContain(
      'waits: bills_from 2026-03-01 not reached (until 2026-02-01)',
    );
    expect(leftLine(first.stderr, 12)).toContain('do_not_bill would move it');
    expect(leftLine(first.stderr, 12)).not.toContain('later');
    old = /pro\/monthly\s+(pri_\w+)\s+archive: not done/.exec(first.stdout)?.[1];
    expect(old, first.stdout).toBeDefined();
    expect(await oldStatus()).toBe('active');
  });

  it('the same day again, as a daily scheduled run would: nothing moves, the run ends not verified', async () => {
    const again = await run(NOW, ['--json', 'apply', 'rise.yaml', '--yes', '--allow-subscriber-moves']);
    expect(again.code).toBe(1);
    const doc = JSON.parse(again.stdout);
    expect([doc.ok, doc.verified, doc.error.kind, doc.subscribers.moved]).toEqual([
      false,
      false,
      'not-verified',
      0,
    ]);
    expect(doc.verification.pending).toEqual([
      expect.objectContaining({ kind: 'price', key: 'pro/monthly', action: 'archive' }),
    ]);
    const verdicts = doc.subscribers.left.map((l: { subscription: string; verdict: string }) => [
      l.subscription,
      l.verdict,
    ]);
    expect(verdicts.sort()).toEqual(
      [
        [sub(2), 'waits'],
        [sub(3), 'waits'],
        [sub(4), 'waits'],
        [sub(6), 'waits'],
        [sub(12), 'will not move with this mode'],
        [sub(13), 'waits'],
      ].sort(),
    );
  });

  it("the weeks pass: each renewal is billed at the old price, taxed by the subscription's address", async () => {
    await call(emulator, 'POST', '/__emulator/clock', { body: { now: LATER } });
    expect(await renewalTotals(2)).toEqual([
      ['2026-02-01', '1071'], // €9.00 + Germany's 19%
      ['2026-03-01', '1071'],
    ]);
    expect(await renewalTotals(3)).toEqual([['2026-02-10', '960']]); // £8.00 + the UK's 20%
  });

  it("a further apply moves them and archives the old price; team's paused one is never sent", async () => {
    const second = await run(LATER, ['apply', 'rise.yaml', '--yes', '--allow-subscriber-moves']);
    expect(second.stdout).toContain(
      'subscribers pro/monthly → pro/monthly-2027: 4 subscriptions moved, 0 left',
    );
    expect(Object.values(await keysOf(2, 3, 4, 6))).toEqual(Array(4).fill('pro/monthly-2027'));
    expect(second.stdout).toMatch(/pro\/monthly\s+pri_\w+\s+archived/);
    expect(await oldStatus()).toBe('archived');
    expect(leftLine(second.stderr, 12)).not.toContain('later');
    expect(second.code).toBe(1);
  });
});
