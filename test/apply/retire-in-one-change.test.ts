// A price rise in one change: the new price takes the old one's subscribers (subscribers_from) and
// the old price stays in the catalog with status: archived. One apply creates the new price, moves
// the subscribers, then archives the old price — but not while a subscription is still on it (here
// one Paddle locks within 30 minutes of its renewal): a later apply moves it, then archives. After
// that the plan is empty, `ids` keeps the archived price's id marked archived, and `refs` on code
// naming that id says it is archived and what replaced it; without the status it is unarchived. Real SDK over HTTP against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, MONTHLY, NOW, RETIRING, SEED, sub } from '../support/subscription-account.mjs';

const clock = manualClock(NOW);
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: clock.now });
});
afterAll(() => emulator.close());

const cli = (args: string[], cwd?: string) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey }, cwd });
const statusOf = async (id: string) => (await call(emulator, 'GET', `/prices/${id}`)).body.data.status;

describe('retire a price in the same change as its subscribers move', () => {
  it('creates the new price, moves, archives the old price once none is left; then the plan is empty, ids and refs say archived', async () => {
    const dir = tempDir();
    const file = writeCatalog(dir, stringify(RETIRING));
    const apply = ['apply', file, '--yes', '--allow-subscriber-moves'];

    const plan = await cli(['plan', file]);
    expect(plan.stdout).toContain('archived once its subscribers have moved to pro/monthly-2027');

    // sub 4 renews within 30 minutes: Paddle refuses to change it, so the old price stays active
    const first = JSON.parse((await cli(['--json', ...apply])).stdout);
    expect(first.products.pro.prices['monthly-2027']).toMatchObject({ action: 'create', status: 'applied' });
    expect(first.products.pro.prices.monthly).toMatchObject({
      id: MONTHLY,
      action: 'archive',
      status: 'skipped',
      held: '1 subscription still on it: it stays active, and a later apply archives it once they have moved',
    });
    expect(first.subscribers.moved).toBe(3);
    expect(await statusOf(MONTHLY)).toBe('active');

    // an hour later the renewal is past: the next apply moves it, then archives the old price
    clock.advance(60 * 60 * 1000);
    const second = await cli(['--json', ...apply]);
    const document = JSON.parse(second.stdout);
    expect(document.subscribers.moved).toBe(1);
    expect(document.products.pro.prices.monthly).toMatchObject({ action: 'archive', status: 'applied' });
    expect(document.verified).toBe(true);
    expect(second.code).toBe(0);
    expect(await statusOf(MONTHLY)).toBe('archived');
    const items = (await call(emulator, 'GET', `/subscriptions/${sub(4)}`)).body.data.items;
    expect(items.map((item: { price: { id: string } }) => item.price.id)).toEqual([
      document.products.pro.prices['monthly-2027'].id,
    ]);

    // empty: --detailed-exitcode exits 2 when there is anything to do, and the JSON plan lists nothing
    const again = await cli(['plan', file, '--detailed-exitcode']);
    expect(again.code).toBe(0);
    const againJson = JSON.parse((await cli(['--json', 'plan', file])).stdout);
    expect(againJson.summary).toEqual({ create: 0, update: 0, archive: 0, unchanged: 3, move: 0 });

    const ids = await cli(['ids', file, '--out', join(dir, 'ids.json')]);
    expect(ids.code).toBe(0);
    const idsFile = await import(join(dir, 'ids.json'), { with: { type: 'json' } });
    expect(idsFile.default.environments.sandbox).toMatchObject({
      prices: { 'pro/monthly': MONTHLY },
      archived: ['pro/monthly'],
    });

    writeFileSync(join(dir, 'app.ts'), `export const OLD_PRICE = '${MONTHLY}';\n`);
    const refs = JSON.parse((await cli(['--json', 'refs', 'app.ts'], dir)).stdout);
    expect(refs.problems).toEqual([
      expect.objectContaining({
        problem: 'archived',
        owner: 'pro/monthly',
        replacedBy: 'pro/monthly-2027',
        message: expect.stringContaining('it was replaced by pro/monthly-2027'),
      }),
    ]);

    // active again (no status): unarchived as any archived price of the catalog is
    const back = await cli(['plan', writeCatalog(dir, stringify(CATALOG), 'active.yaml')]);
    expect(back.stdout).toMatch(/unarchive.*pro\/monthly/);
  });
});
