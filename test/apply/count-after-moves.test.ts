// After its last PATCH a run that retires the old price counts who is still on it once: the
// archive's hold (waiting for every move) counts it just before the archive, and the verification
// reads that count instead of listing the same subscriptions again. Both read after the last PATCH,
// so what they say stays true: held while one is left, archived and verified once none is. Real
// SDK over HTTP against the emulator, the CLI in-process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import type { RecordedRequest } from '../../src/emulator/types.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { MONTHLY, NOW, RETIRING, SEED } from '../support/subscription-account.mjs';

const clock = manualClock(NOW);
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: clock.now });
});
afterAll(() => emulator.close());

const cli = (args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

const isMovePatch = (r: RecordedRequest) => r.method === 'PATCH' && /^\/subscriptions\/[^/]+$/.test(r.path);

/** The reads of the old price's subscribers (not a batch's read by id) after a run's last PATCH. */
function countsAfterLastPatch(sent: readonly RecordedRequest[]) {
  const last = sent.findLastIndex(isMovePatch);
  expect(last).toBeGreaterThanOrEqual(0);
  const lists = sent
    .slice(last + 1)
    .filter((r) => r.method === 'GET' && r.path === '/subscriptions' && r.query.id === undefined);
  expect(lists.every((r) => r.query.price_id === MONTHLY)).toBe(true);
  return { totals: lists.filter((r) => r.query.per_page === '1').length, all: lists.length };
}

describe('the old price is counted once after the last PATCH', () => {
  it('held while one is left, then archived and verified: one count (and its list) a run serves the hold and the verification', async () => {
    const file = writeCatalog(tempDir(), stringify(RETIRING));
    const apply = async () => {
      const before = emulator.requests().length;
      const result = await cli(['--json', 'apply', file, '--yes', '--allow-subscriber-moves']);
      return { document: JSON.parse(result.stdout), sent: emulator.requests().slice(before) };
    };

    // sub 4 renews within 30 minutes: Paddle refuses it, so one is left and the archive is held
    const first = await apply();
    expect(first.document.products.pro.prices.monthly).toMatchObject({
      status: 'skipped',
      held: '1 subscription still on it: it stays active, and a later apply archives it once they have moved',
    });
    expect(first.document.subscribers.on_sources).toEqual([
      expect.objectContaining({
        id: MONTHLY,
        subscribers: { active: 1, trialing: 0, past_due: 0, paused: 0 },
      }),
    ]);
    expect(first.document.verified).toBe(false);
    // a total, then its one page listed: once, not again for the verification
    expect(countsAfterLastPatch(first.sent)).toEqual({ totals: 1, all: 2 });

    // an hour later the renewal is past: it moves, none is left, the archive is sent and verified
    clock.advance(60 * 60 * 1000);
    const second = await apply();
    expect(second.document.products.pro.prices.monthly).toMatchObject({ status: 'applied' });
    expect(second.document.verified).toBe(true);
    expect(countsAfterLastPatch(second.sent)).toEqual({ totals: 1, all: 1 });
  });
});
