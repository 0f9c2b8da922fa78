// The review of a features change over real HTTP against the emulator: the plan names it as a change
// of its own with the subscribers of each of the product's prices and what Paddle documents of item
// snapshots, and the Markdown review shows the plans side by side.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  CUSTOMER,
  MONTHLY,
  month,
  NOW,
  PRO,
  subscription,
  YEARLY,
} from '../support/subscription-account.mjs';

/** Pro as the example catalog made it, with two monthly subscribers and one trialing yearly. */
const SEED: AccountSeed = {
  customers: [CUSTOMER],
  products: [
    {
      id: PRO,
      name: 'Pro',
      tax_category: 'saas',
      custom_data: {
        support: 'priority',
        features: { projects: 'unlimited', seats: 10, sso: true },
        ...marker('pro'),
      },
    },
  ],
  prices: [
    {
      id: MONTHLY,
      product_id: PRO,
      description: 'Pro, billed monthly',
      billing_cycle: month,
      unit_price: { amount: '4900', currency_code: 'USD' },
      custom_data: marker('pro/monthly'),
    },
    {
      id: YEARLY,
      product_id: PRO,
      description: 'Pro, billed yearly (two months free)',
      billing_cycle: { interval: 'year', frequency: 1 },
      unit_price: { amount: '49000', currency_code: 'USD' },
      custom_data: marker('pro/yearly'),
    },
  ],
  subscriptions: [
    subscription(1),
    subscription(2),
    subscription(3, { status: 'trialing', items: [{ price_id: YEARLY, quantity: 1 }] }),
  ],
};

let emulator: RunningEmulator;
let file: string;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: manualClock(NOW).now });
  file = join(tempDir(), 'catalog.yaml');
  copyFileSync('catalogs/plans-with-features.yaml', file);
  writeFileSync(file, readFileSync(file, 'utf8').replace('seats: 10,', 'seats: 20,'));
});
afterAll(() => emulator.close());

const plan = async (...args: string[]) => {
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  const run = await runCliInProcess(['plan', file, ...args], { env });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
};

describe('the review of a features change', () => {
  it("a changed limit is a features change naming the subscribers of each of the product's prices and the item snapshots", async () => {
    const lines = (await plan()).split('\n');
    const at = lines.findIndex((line) => line.startsWith('~ features product pro'));
    expect(lines[at]).toBe(`~ features product pro (${PRO}): seats 10 → 20`);
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '    subscribers of pro/monthly: 2 active',
      '    subscribers of pro/yearly: 1 trialing',
    ]);
    expect(lines[at + 3]).toMatch(/existing subscriptions keep a snapshot of the product on their items/);
    // the features alone changed: no `~ update product pro` line beside it
    expect(lines.some((line) => line.startsWith('~ update product pro'))).toBe(false);
  });

  it('the Markdown review has the table of features × products, and counts the change as touching subscribers', async () => {
    const markdown = await plan('--format', 'markdown');
    expect(markdown).toContain('changes that touch subscribers');
    expect(markdown).toContain(
      '| feature | `starter` (new) | `pro` | `enterprise` (new) | `extra-seat` (new) |',
    );
    expect(markdown).toContain('| `seats` | 1 | 10 → 20 | 50 | +1 per unit |');
    expect(markdown).toContain('| `sso` | — | ✓ | ✓ | — |');
  });
});
