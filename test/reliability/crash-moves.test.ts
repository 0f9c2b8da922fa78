// Crash recovery of a subscriber move: the CLI is SIGKILLed while it moves 300 subscriptions, as
// the 101st PATCH /subscriptions/{id} arrives (the hundred before it answered: the emulator answers
// each as it arrives), and the next apply moves exactly those still on the source price. A move
// sends the whole items list (Paddle replaces the items with it, update-subscription), so a
// subscription moved twice would still hold its target once; the test holds the stronger promise:
// each subscription is PATCHed once over the two runs, and ends with its target once, its other
// items and every quantity as they were. The killed run is a real process; the one after needs none.
// Both runs pass --rate-limit 0 (no pacing: the emulator sets no limit), as a user may. The
// timeout leaves room for a node start-up on a loaded machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { emulatorEnv, runKilledAfter, writeCatalogFile } from '../support/cli-runs.js';
import { call, manualClock } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  SEED as ACCOUNT,
  ADDON,
  CATALOG,
  NOW,
  MONTHLY as SOURCE,
  sub,
} from '../support/subscription-account.mjs';
import { censusProblems } from './support/remote-census.js';

const SUBSCRIPTIONS = 300;
const KILL_AT_PATCH = 101;
const FLAGS = ['--yes', '--allow-subscriber-moves', '--rate-limit', '0'];

/** Each subscription's items before the move: quantities 1–5, every third with an add-on too. */
const itemsBefore = (n: number) => [
  { price_id: SOURCE, quantity: 1 + (n % 5) },
  ...(n % 3 === 0 ? [{ price_id: ADDON, quantity: 1 + (n % 4) }] : []),
];
const ids = Array.from({ length: SUBSCRIPTIONS }, (_, i) => sub(i + 1));

/** The move test's account and catalog, with 300 active subscriptions on the source price instead. */
const SEED = {
  ...ACCOUNT,
  subscriptions: ids.map((id, i) => ({
    id,
    customer_id: ACCOUNT.customers?.[0]?.id,
    status: 'active',
    currency_code: 'USD',
    next_billed_at: '2026-02-01T00:00:00.000Z',
    items: itemsBefore(i + 1),
  })),
};

interface WireSubscription {
  id: string;
  items: Array<{ price: { id: string; custom_data: unknown }; quantity: number }>;
}

/** Every subscription the account holds (`query` narrows them), read page by page over plain HTTP. */
async function subscriptions(emulator: RunningEmulator, query = ''): Promise<WireSubscription[]> {
  const found: WireSubscription[] = [];
  let path = `/subscriptions?per_page=200${query}`;
  for (;;) {
    const page = await call(emulator, 'GET', path);
    found.push(...page.body.data);
    if (!page.body.meta.pagination.has_more) return found;
    path = page.body.meta.pagination.next.slice(emulator.url.length);
  }
}

const patched = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'PATCH' && r.status === 200).map((r) => r.path.split('/').pop());
const isPatch = (request: RecordedRequest) => request.method === 'PATCH';

let emulator: RunningEmulator;
let file: string;
beforeAll(async () => {
  file = writeCatalogFile(tempDir(), CATALOG);
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: SEED as never },
    now: manualClock(NOW).now,
  });
});
afterAll(() => emulator.close());

describe('crash recovery: SIGKILL while subscribers move, then apply again', () => {
  it('each of 300 subscriptions is PATCHed once over the two runs and ends with its target once, other items and quantities kept', {
    timeout: 60_000,
  }, async () => {
    const killed = await runKilledAfter(emulator, ['apply', file, ...FLAGS], KILL_AT_PATCH, isPatch);
    expect(killed.killed, 'the run ended before the kill point').toBe(true);
    const notMoved = (await subscriptions(emulator, `&price_id=${SOURCE}`)).map((s) => s.id);
    // read after the list: a PATCH the killed run had already sent is answered by then
    const first = patched(emulator.requests());
    // the hundred answered before the kill, the one arriving at it, and any already on their way
    expect(first.length).toBeGreaterThanOrEqual(KILL_AT_PATCH);
    expect(first.length).toBeLessThan(SUBSCRIPTIONS);
    expect([...first, ...notMoved].sort()).toEqual(ids);

    const before = emulator.requests().length;
    const again = await runCliInProcess(['--json', 'apply', file, ...FLAGS], { env: emulatorEnv(emulator) });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, verified: true });
    const second = patched(emulator.requests().slice(before));
    expect(second.sort()).toEqual(notMoved.sort());
    expect(emulator.requests().filter(isPatch)).toHaveLength(SUBSCRIPTIONS);

    expect(await censusProblems(emulator, CATALOG)).toEqual([]);
    const after = (await subscriptions(emulator)).sort((a, b) => a.id.localeCompare(b.id));
    const target = after[0]?.items.find((item) => item.price.id !== ADDON)?.price;
    expect(target?.custom_data).toMatchObject(marker('pro/monthly-2027'));
    const items = (s: WireSubscription) =>
      s.items.map((item) => ({ price_id: item.price.id, quantity: item.quantity }));
    const expected = (n: number) =>
      itemsBefore(n).map((item) => (item.price_id === SOURCE ? { ...item, price_id: target?.id } : item));
    expect(after.map((s) => s.id)).toEqual(ids);
    expect(after.map(items)).toEqual(ids.map((_, i) => expected(i + 1)));
  });
});
