// The subscriptions a move takes, by currency, as apply shows them before it writes: the same line
// plan shows, for one subscription or two as for many (apply once said "by currency: not listed, too
// many to list" for any number, as its own listing dropped the breakdown). In-process, over real HTTP
// against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  CATALOG,
  CUSTOMER,
  NOW,
  PRO_PRODUCT,
  proMonthly,
  subscription,
} from '../support/subscription-account.mjs';

let emulator: RunningEmulator | undefined;
afterEach(() => emulator?.close());

async function run(subscriptions: ReturnType<typeof subscription>[], args: string[]) {
  const seed = { customers: [CUSTOMER], products: [PRO_PRODUCT], prices: [proMonthly()], subscriptions };
  emulator = await startEmulator({ demo: false, seed: { sandbox: seed }, now: manualClock(NOW).now });
  const dir = tempDir();
  writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  return runCliInProcess(args, { env, cwd: dir, clock: jumpingClock(Date.parse(NOW)) });
}

const APPLY = ['apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves'];

describe('the subscriptions a move takes, by currency', { timeout: 30_000 }, () => {
  it.each([
    ['one subscription', [subscription(1)], '    1 subscription: 1 in USD'],
    [
      'two subscriptions',
      [subscription(1), subscription(2, { currency_code: 'EUR' })],
      '    2 subscriptions: 1 in EUR, 1 in USD',
    ],
  ])('apply shows %s by currency before it writes, as plan does', async (_, subscriptions, line) => {
    const applied = await run(subscriptions, APPLY);
    expect(applied.code, applied.stderr).toBe(0);
    expect(`${applied.stdout}${applied.stderr}`).not.toContain('not listed');
    expect(applied.stdout.split('\n')).toContain(line);
  });
});
