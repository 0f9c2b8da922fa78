// Where a rise stands, over real HTTP against the emulator with the CLI in-process: `rollout
// --dry-run` reads only (no write of any kind) and says per move how many move now, wait for a date
// (by week), wait for payment (since when) and will not move, the day the last one is due, and the
// notices still ahead from the list plan wrote; its exit code is what a run now would have; a run
// says the same in its output, --json and Markdown. Subscribers in every state: active (due now and
// waiting), trialing, past due, paused, with a scheduled cancel.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { rise, TODAY } from '../support/rollout-catalogs.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { pid, sub } from '../support/subscription-account.mjs';

const NOW = '2026-01-15T12:00:00.000Z';
const CUSTOMER = pid('ctm', 1);

type Seeded = Record<string, unknown>;
const on = (n: number, fields: Seeded) => ({
  id: sub(n),
  customer_id: CUSTOMER,
  address: { country_code: 'US' },
  currency_code: 'USD',
  items: [{ price_key: 'pro/monthly', quantity: 1 }],
  ...fields,
});
const renews = (at: string) => ({ status: 'active', next_billed_at: `${at}T00:00:00.000Z` });

async function account(subscriptions: Seeded[], rising: string) {
  const seed = { customers: [{ id: CUSTOMER, email: 'kim@example.com' }], subscriptions } as AccountSeed;
  const clock = manualClock(NOW);
  const emulator = await startEmulator({ demo: false, seed: { sandbox: seed }, now: clock.now });
  const dir = tempDir();
  const run = (args: string[], env: Record<string, string> = {}) =>
    runCliInProcess(args, {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, ...env },
      cwd: dir,
      clock: jumpingClock(clock.now().getTime()),
    });
  const writes = () => emulator.requests().filter((r) => r.method !== 'GET').length;
  writeCatalog(dir, TODAY, 'today.yaml');
  writeCatalog(dir, rising, 'rise.yaml');
  expect((await run(['apply', 'today.yaml', '--yes'])).code).toBe(0);
  const plan = await run(['plan', 'rise.yaml', '--out', 'plan.json', '--notices-out', 'notices.csv']);
  expect(plan.code, plan.stderr).toBe(0);
  return { emulator, dir, clock, run, writes };
}

describe('rollout --dry-run: a rise with bills_from, subscribers in every state', () => {
  let a: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    a = await account(
      [
        on(1, renews('2026-02-01')), // waits: week of 2026-01-26
        on(2, renews('2026-02-10')), // waits: week of 2026-02-09
        on(3, renews('2026-02-12')), // waits: week of 2026-02-09
        on(4, renews('2026-03-05')), // moves now (apply moves it)
        on(5, { status: 'trialing', next_billed_at: '2026-01-29T00:00:00.000Z' }), // waits
        on(6, {
          status: 'past_due',
          next_billed_at: '2026-02-10T00:00:00.000Z',
          current_billing_period: {
            starts_at: '2026-01-10T00:00:00.000Z',
            ends_at: '2026-02-10T00:00:00.000Z',
          },
        }),
        on(7, { status: 'paused', next_billed_at: null }), // waits for bills_from itself
        // a scheduled cancel: Paddle lists no next bill, so it waits for bills_from itself
        on(8, {
          ...renews('2026-02-03'),
          scheduled_change: { action: 'cancel', effective_at: '2026-02-03T00:00:00.000Z' },
        }),
      ],
      rise('\n        bills_from: "2026-03-01"'),
    );
    const applied = await a.run(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(1); // not verified: the others wait
  });
  afterAll(async () => {
    await a.emulator.close();
    rmSync(a.dir, { recursive: true, force: true });
  });

  it('reads only, says per move what waits by week and who waits for payment since when, exit 0 (2 with --detailed-exitcode)', async () => {
    const before = a.writes();
    const dry = await a.run(['rollout', 'rise.yaml', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(a.writes()).toBe(before);
    expect(dry.stdout).toContain('pro/monthly → pro/monthly-2027 (do_not_bill)');
    expect(dry.stdout).toContain('moves now: 0');
    expect(dry.stdout).toContain(
      'waits for a date: 6 (week of 2026-01-26: 2, week of 2026-02-09: 2, week of 2026-02-23: 2; bills_from 2026-03-01 not reached): the last is due 2026-03-01',
    );
    expect(dry.stdout).toContain(`waits for payment: ${sub(6)} since 2026-01-10`);
    expect(dry.stdout).toContain('The last one waiting for a date is due 2026-03-01.');
    expect(dry.stderr).toContain(
      'dry run, nothing written: a run now would be in progress: 7 subscriptions wait',
    );
    expect((await a.run(['rollout', 'rise.yaml', '--dry-run', '--detailed-exitcode'])).code).toBe(2);
    expect(a.writes()).toBe(before);
  });

  it('--json: the same rollout document as a run, and standing with dry_run', async () => {
    const json = await a.run(['rollout', 'rise.yaml', '--dry-run', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({
      ok: true,
      dry_run: true,
      rollout: { state: 'in-progress', waiting: 7 },
    });
    const [move] = document.standing.moves;
    expect(move).toMatchObject({
      from: 'pro/monthly',
      to: 'pro/monthly-2027',
      moved: 0,
      waits_for_date: { count: 6 },
      waits_for_payment: [{ id: sub(6), since: '2026-01-10T00:00:00.000Z' }],
      will_not_move: [],
      not_predicted: [],
      last_due: '2026-03-01',
    });
    expect(document.standing.last_due).toBe('2026-03-01');
  });

  it('--notices: the notices still ahead, by week, and those whose list cell names no day', async () => {
    const dry = await a.run(['rollout', 'rise.yaml', '--dry-run', '--notices', 'notices.csv', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const notices = JSON.parse(dry.stdout).standing.notices;
    expect(notices.today).toBe('2026-01-15');
    // every one that first bills the new price on or after bills_from is ahead; the past-due one names no day
    expect(notices.ahead.map((n: { subscription_id: string }) => n.subscription_id).sort()).toEqual(
      [1, 2, 3, 4, 5, 7].map(sub).sort(),
    );
    expect(notices.undated).toEqual([
      expect.objectContaining({
        subscription_id: sub(6),
        words: 'the first renewal after it is paid and moved',
      }),
    ]);
  });

  it('--format markdown: the report for a step summary, every outside string in a code span', async () => {
    const md = await a.run([
      'rollout',
      'rise.yaml',
      '--dry-run',
      '--format',
      'markdown',
      '--notices',
      'notices.csv',
    ]);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('### paddle-catalog rollout --dry-run');
    expect(md.stdout).toContain('| `pro/monthly → pro/monthly-2027` | `0` | `6` | `1` | `0` | `0` |');
    expect(md.stdout).toContain('- waits for a date, week of 2026-02-09: 2');
    expect(md.stdout).toContain(`- waits for payment: \`${sub(6)}\` since \`2026-01-10\``);
    expect(md.stdout).toContain('The last one waiting for a date is due **2026-03-01**.');
  });

  it('in Actions the dry run writes the report to the step summary', async () => {
    const summary = join(a.dir, 'summary.md');
    writeFileSync(summary, '');
    const dry = await a.run(['rollout', 'rise.yaml', '--dry-run'], {
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(dry.code, dry.stderr).toBe(0);
    expect(readFileSync(summary, 'utf8')).toContain(
      '**in progress: 7 subscriptions wait for a date or a payment',
    );
  });

  it('a run shows the same breakdown, moved counted, in its output and --json', async () => {
    const json = await a.run(['rollout', 'rise.yaml', '--yes', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const [move] = JSON.parse(json.stdout).standing.moves;
    expect(move).toMatchObject({ moved: 0, waits_for_date: { count: 6 }, last_due: '2026-03-01' });
    a.clock.advance(Date.parse('2026-02-02T00:00:00.000Z') - a.clock.now().getTime());
    const day = await a.run(['rollout', 'rise.yaml', '--yes']);
    expect(day.code, day.stderr).toBe(0);
    expect(day.stdout).toContain('Where the rise stands:');
    expect(day.stdout).toMatch(/ {4}moved: [1-9]/);
  });

  it('a notices list that is not the one plan wrote is refused with file, line:column and field, exit 1', async () => {
    writeFileSync(
      join(a.dir, 'bad.csv'),
      `${readFileSync(join(a.dir, 'notices.csv'), 'utf8').split('\r\n')[0]}\r\n"","x"\r\n`,
    );
    const bad = await a.run(['rollout', 'rise.yaml', '--dry-run', '--notices', 'bad.csv']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad.csv:2:1: row: 2 cells, the header has 15');
    writeFileSync(join(a.dir, 'bad.json'), '{"notices": [{"subscription_id": 3}]}');
    const json = await a.run(['rollout', 'rise.yaml', '--dry-run', '--notices', 'bad.json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toContain('bad.json:1:34: notices[0].subscription_id: expected a non-empty string');
    writeFileSync(join(a.dir, 'sent.json'), '{"notices": [{"sent": true}]}');
    const both = await a.run(['rollout', 'rise.yaml', '--dry-run', '--format', 'markdown', '--json']);
    expect(both.code).toBe(1);
    expect(JSON.parse(both.stdout).error.message).toContain('--format markdown is its own output');
    const sent = await a.run(['rollout', 'rise.yaml', '--dry-run', '--notices', 'sent.json']);
    expect(sent.stderr).toContain('sent.json:1:15: notices[0].sent: not a field plan --notices-out writes');
  });
});

describe('rollout --dry-run: what needs a person', () => {
  let a: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    a = await account(
      [on(1, renews('2026-02-01')), on(2, { status: 'paused', next_billed_at: null })],
      rise('\n        proration: prorated_immediately'),
    );
    expect((await a.run(['apply', 'plan.json', '--yes'])).code).toBe(1);
  });
  afterAll(async () => {
    await a.emulator.close();
    rmSync(a.dir, { recursive: true, force: true });
  });

  it("a subscription the mode will not move, in the review's words: exit 1 as a run would, nothing written", async () => {
    const before = a.writes();
    const dry = await a.run(['rollout', 'rise.yaml', '--dry-run']);
    expect(dry.code).toBe(1);
    expect(a.writes()).toBe(before);
    expect(dry.stdout).toContain(
      "! will not move with this mode (prorated_immediately): 1 subscription (paused, Paddle's subscription_update_error_when_paused); do_not_bill would move them",
    );
    expect(dry.stderr).toContain(`${sub(2)} will not move with this mode (prorated_immediately): paused`);
    expect((await a.run(['rollout', 'rise.yaml', '--yes'])).code).toBe(1);
  });
});
