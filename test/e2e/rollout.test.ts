// rollout, the scheduled job's command, over real HTTP against the emulator with the CLI in-process:
// it refuses while a move no apply has started (a new subscribers_from on a price made already) or
// any other change is pending, writing nothing; after a reviewed apply it moves what is due, says
// "in progress" (exit 0; 2 with --detailed-exitcode) while the rest waits, archives the old price
// and ends "rolled out" once no one is left; a subscription the mode will not move, and one waiting
// for payment longer than --fail-after, need a person (exit 1, named).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { rise, TODAY } from '../support/rollout-catalogs.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { KIM, NOW, sub } from '../support/subscription-account.mjs';

type Seeded = Record<string, unknown>;
const on = (n: number, fields: Seeded) => ({
  id: sub(n),
  customer_id: KIM,
  address: { country_code: 'US' },
  currency_code: 'USD',
  items: [{ price_key: 'pro/monthly', quantity: 1 }],
  ...fields,
});

async function account(subscriptions: Seeded[]) {
  const seed: AccountSeed = {
    customers: [{ id: KIM, email: 'kim@example.com' }],
    subscriptions,
  } as AccountSeed;
  const clock = manualClock(NOW);
  const emulator = await startEmulator({ demo: false, seed: { sandbox: seed }, now: clock.now });
  const dir = tempDir();
  const run = (args: string[]) =>
    runCliInProcess(args, {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
      cwd: dir,
      clock: jumpingClock(clock.now().getTime()),
    });
  const writes = () => emulator.requests().filter((r) => r.method !== 'GET').length;
  return { emulator, dir, clock, run, writes };
}

describe('rollout: a rise with bills_from, run each day until it is done', () => {
  let a: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    a = await account([
      // renews 2026-02-01, before bills_from: waits; renews 2026-03-05: moves now
      on(1, { status: 'active', next_billed_at: '2026-02-01T00:00:00.000Z' }),
      on(2, { status: 'active', next_billed_at: '2026-03-05T00:00:00.000Z' }),
    ]);
    writeCatalog(a.dir, TODAY, 'today.yaml');
    writeCatalog(a.dir, rise('\n        bills_from: "2026-03-01"'), 'rise.yaml');
    writeCatalog(a.dir, rise('\n        bills_from: "2026-03-01"', ' (edited)'), 'edited.yaml');
  });
  afterAll(async () => {
    await a.emulator.close();
    rmSync(a.dir, { recursive: true, force: true });
  });

  it('refuses a move no apply has started, on a price made already, and writes nothing', async () => {
    expect((await a.run(['apply', 'today.yaml', '--yes'])).code).toBe(0);
    const before = a.writes();
    const refused = await a.run(['rollout', 'rise.yaml', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Refusing to roll out: the account differs from the catalog in more than the moves an apply started',
    );
    expect(refused.stderr).toContain('price pro/monthly-2027: a subscriber move no apply has started');
    expect(a.writes()).toBe(before);
  });

  it('after the reviewed apply: in progress while one waits for bills_from (exit 0; 2 with --detailed-exitcode)', async () => {
    expect((await a.run(['plan', 'rise.yaml', '--out', 'plan.json'])).code).toBe(0);
    const applied = await a.run(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(1); // not verified: one waits
    const day = await a.run(['rollout', 'rise.yaml', '--yes']);
    expect(day.code, day.stderr).toBe(0);
    expect(day.stderr).toContain('in progress: 1 subscription waits for a date or a payment');
    expect((await a.run(['rollout', 'rise.yaml', '--yes', '--detailed-exitcode'])).code).toBe(2);
    const json = await a.run(['rollout', 'rise.yaml', '--yes', '--json']);
    expect(json.code).toBe(0);
    const document = JSON.parse(json.stdout);
    expect(document.ok).toBe(true);
    expect(document.rollout).toEqual({ state: 'in-progress', needs: [], waiting: 1, past_due: [] });
  });

  it('any other change to the catalog is refused until it is reviewed and applied, nothing written', async () => {
    const before = a.writes();
    const refused = await a.run(['rollout', 'edited.yaml', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('price pro/monthly-2027: update');
    expect(a.writes()).toBe(before);
  });

  it('once the renewal before bills_from has passed: moves it, archives the old price, rolled out (exit 0 either way)', async () => {
    a.clock.advance(Date.parse('2026-02-02T00:00:00.000Z') - a.clock.now().getTime());
    const done = await a.run(['rollout', 'rise.yaml', '--yes', '--detailed-exitcode']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('rolled out: everyone moved and the old prices are archived');
    const plan = await a.run(['plan', 'rise.yaml']);
    expect(plan.stdout).toContain('No changes.');
  });
});

describe('rollout: what needs a person', () => {
  let a: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    a = await account([
      on(1, { status: 'active', next_billed_at: '2026-02-01T00:00:00.000Z' }),
      // paused: prorated_immediately will not move it (subscription_update_error_when_paused)
      on(2, { status: 'paused', next_billed_at: null }),
      // its renewal of 2026-01-10 failed: it owes that period since then
      on(3, {
        status: 'past_due',
        next_billed_at: '2026-02-10T00:00:00.000Z',
        current_billing_period: {
          starts_at: '2026-01-10T00:00:00.000Z',
          ends_at: '2026-02-10T00:00:00.000Z',
        },
      }),
    ]);
    writeCatalog(a.dir, TODAY, 'today.yaml');
    writeCatalog(a.dir, rise('\n        proration: prorated_immediately'), 'rise.yaml');
    expect((await a.run(['apply', 'today.yaml', '--yes'])).code).toBe(0);
    const plan = await a.run(['plan', 'rise.yaml', '--out', 'plan.json']);
    expect(plan.code, plan.stderr).toBe(0);
    // moves the active one, leaves the paused one (will not move) and the past-due one (waits)
    const applied = await a.run(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(1);
  });
  afterAll(async () => {
    await a.emulator.close();
    rmSync(a.dir, { recursive: true, force: true });
  });

  it('a subscription the move will not move is named, exit 1 (--detailed-exitcode too)', async () => {
    const day = await a.run(['rollout', 'rise.yaml', '--yes', '--json']);
    expect(day.code).toBe(1);
    const document = JSON.parse(day.stdout);
    expect(document.ok).toBe(false);
    expect(document.rollout.state).toBe('needs-attention');
    expect(document.rollout.needs).toEqual([
      `${sub(2)}: will not move with this mode (prorated_immediately): paused, Paddle's subscription_update_error_when_paused; do_not_bill would move it`,
    ]);
    expect(document.rollout.past_due).toEqual([{ id: sub(3), since: '2026-01-10T00:00:00.000Z' }]);
    expect(day.stderr).toContain(`${sub(3)} waits for payment since 2026-01-10`);
    expect((await a.run(['rollout', 'rise.yaml', '--yes', '--detailed-exitcode'])).code).toBe(1);
  });

  it('one waiting for payment longer than --fail-after is named too', async () => {
    const day = await a.run(['rollout', 'rise.yaml', '--yes', '--fail-after', '3', '--json']);
    expect(day.code).toBe(1);
    expect(JSON.parse(day.stdout).rollout.needs).toContain(
      `${sub(3)} has waited for payment since 2026-01-10, more than --fail-after 3 days`,
    );
  });
});
