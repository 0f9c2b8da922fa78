// Bounds on everything from outside: a timestamp that is not one is refused like any other bad
// answer. Emulators seeded with what a broken server would send, over real HTTP.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { completedTransaction, id, tempCacheHome } from '../billing/emulator-fixtures.js';
import { ROOT } from '../helpers/run-cli.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { expectInert } from './support/inert.js';

const CATALOG = join(ROOT, 'catalogs/launch-discounts.yaml');

let cacheHome: string;
beforeAll(async () => {
  cacheHome = await tempCacheHome();
});
afterAll(() => rm(cacheHome, { recursive: true, force: true }));

describe('issue 22 finding 12: every timestamp the tool reads is checked', () => {
  it('history: billed_at "not-a-date" is invalid_response, not shown nor passed on in --json', async () => {
    const customer = id('ctm', 1);
    const emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          customers: [{ id: customer, email: 'me@example.com' }],
          transactions: [{ ...completedTransaction(1, customer, 1), billed_at: 'not-a-date ##[error]x' }],
        },
      },
    });
    try {
      const env = {
        PADDLE_API_URL: emulator.url,
        PADDLE_API_KEY: emulator.apiKey,
        XDG_CACHE_HOME: cacheHome,
      };
      const args = ['history', '--email', 'me@example.com'];
      const human = await runCliInProcess(args, { env });
      const json = await runCliInProcess(['--json', ...args], { env });
      expect([human.code, json.code]).toEqual([1, 1]);
      expect(human.stderr).toContain('billedAt: expected an RFC 3339 date-time');
      expect(JSON.parse(json.stdout)).toMatchObject({
        ok: false,
        error: { kind: 'api', code: 'invalid_response' },
      });
      expect(json.stdout).not.toContain('not-a-date');
      expectInert('history', human.stderr);
    } finally {
      await emulator.close();
    }
  });

  it.each([
    [
      'a product’s created_at',
      {
        products: [
          { id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz', name: 'X', tax_category: 'saas', created_at: 'yesterday' },
        ],
      },
      'created_at',
    ],
    [
      'a discount’s expires_at',
      {
        discounts: [
          {
            id: 'dsc_01hzzzzzzzzzzzzzzzzzzzzzzz',
            description: 'X',
            type: 'percentage',
            amount: '10',
            expires_at: 'soon',
          },
        ],
      },
      'expires_at',
    ],
  ])('plan: %s that is not a date-time is invalid_response', async (_what, sandbox, field) => {
    const emulator = await startEmulator({ demo: false, seed: { sandbox } });
    try {
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
      const plan = await runCliInProcess(['plan', CATALOG], { env });
      expect(plan.code).toBe(1);
      expect(plan.stderr).toMatch(new RegExp(`${field}: expected an RFC 3339 date-time.*invalid_response`));
    } finally {
      await emulator.close();
    }
  });
});
