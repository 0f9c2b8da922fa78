// Boundaries: where the tool may send the key, where the emulator listens, and the two
// read-side limits of the support desk (customer filter on every list, invoice ownership).
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { UserError } from '../../src/errors.js';
import { resolveBaseUrl, resolveTarget } from '../../src/paddle/target.js';
import { customerIdOf, transactionsOf } from '../support/billing-fixtures.js';
import { defined } from '../support/defined.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, ...env } });
const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('error:'));

describe('plain http only to loopback', () => {
  it('PADDLE_API_URL=http://<public host> → exit 1, one error line naming the host, nothing on stdout, before any connection', async () => {
    for (const url of [
      'http://example.com',
      'http://127.0.0.1@example.com/',
      'http://10.0.0.7:4010',
      'http://0.0.0.0:4010',
    ]) {
      const { code, stdout, stderr } = await cli(['plan', 'catalogs/saas-starter.yaml'], {
        PADDLE_API_URL: url,
      });
      expect(code, url).toBe(1);
      expect(stdout).toBe('');
      // the guard's own message: had a connection been tried, the test network guard would have answered instead
      expect(errorLines(stderr), url).toEqual([
        expect.stringMatching(
          /^error: PADDLE_API_URL uses plain http:\/\/ for \S+; plain http is allowed only for loopback/,
        ),
      ]);
      expect(stderr).not.toMatch(/network-guard|ENOTFOUND|fetch failed/);
    }
  });

  it('any http host that is not 127.x.x.x, localhost or [::1] is refused; https to any host is accepted', () => {
    const host = fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.constantFrom('127.0.0.1.example.com', 'localhost.evil.test', '[::ffff:127.0.0.1]', '0.0.0.0'),
    );
    fc.assert(
      fc.property(host, (h) => {
        const loopback = /^(localhost|127(\.\d{1,3}){3})$/i.test(h);
        if (loopback) expect(resolveBaseUrl('sandbox', `http://${h}:1`)).toBe(`http://${h}:1`);
        else expect(() => resolveBaseUrl('sandbox', `http://${h}/`)).toThrow(UserError);
        expect(resolveBaseUrl('sandbox', `https://${h}/`)).toBe(`https://${h}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the emulator binds loopback by default', () => {
  it('startEmulator() with no host listens on 127.0.0.1', async () => {
    const other = await startEmulator();
    try {
      expect(new URL(other.url).hostname).toBe('127.0.0.1');
    } finally {
      await other.close();
    }
  });
});

describe('the sandbox is the default target; production with a sandbox key is refused before any call', () => {
  it('resolveTarget without --production or PADDLE_API_URL → https://sandbox-api.paddle.com', () => {
    const target = resolveTarget({ PADDLE_API_KEY: 'pdl_sdbx_apikey_x' }, {});
    expect(target).toMatchObject({ environment: 'sandbox', baseUrl: 'https://sandbox-api.paddle.com' });
  });

  it('the CLI without PADDLE_API_URL says sandbox in its banner and goes to sandbox-api.paddle.com', async () => {
    const { code, stderr } = await cli(['history', '--email', 'demo@example.com'], { PADDLE_API_URL: '' });
    expect(code).toBe(1); // the test network guard refuses the real host
    expect(stderr).toMatch(/→ sandbox \(sandbox-api\.paddle\.com\)/);
    expect(stderr).toMatch(/sandbox-api\.paddle\.com/);
    expect(stderr).not.toMatch(/(?<!sandbox-)api\.paddle\.com/);
  });

  it('--production with a sandbox key: plan, apply, history and invoice exit 1 and send nothing', async () => {
    const runs = await Promise.all([
      cli(['plan', 'catalogs/saas-starter.yaml', '--production']),
      cli(['apply', 'catalogs/saas-starter.yaml', '--production', '--yes']),
      cli(['history', '--email', 'demo@example.com', '--production']),
      cli(['invoice', 'txn_01h00000000000000000000000', '--email', 'demo@example.com', '--production']),
    ]);
    for (const { code, stderr } of runs) {
      expect(code).toBe(1);
      expect(errorLines(stderr)).toEqual([
        'error: PADDLE_API_KEY is a sandbox key (pdl_sdbx_…) but --production was given.',
      ]);
    }
    expect(emulator.requests()).toEqual([]);
  });
});

describe('transactions list: history never lists transactions without a customer filter', () => {
  it('every GET /transactions carries customer_id (first page, --customer, the page after), none without a customer', async () => {
    const first = await cli(['history', '--email', 'demo@example.com', '--json']);
    expect(first.code).toBe(0);
    const { items } = JSON.parse(first.stdout);
    const demo = await customerIdOf(emulator, 'demo@example.com');
    emulator.reset();
    expect((await cli(['history', '--customer', demo, '--after', items.at(-1).id])).code).toBe(0);
    expect((await cli(['history', '--email', 'nobody@example.com'])).code).toBe(1); // nobody has it: an error, never an empty history
    expect((await cli(['history'])).code).toBe(1);
    const lists = emulator.requests().filter((r) => r.method === 'GET' && r.path === '/transactions');
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list.query.customer_id).toBe(demo);
  });
});

describe('invoice: ownership', () => {
  it('another customer\'s e-mail or id → error code "Forbidden", exit 1, no invoice (PDF) request', async () => {
    const demo = await customerIdOf(emulator, 'demo@example.com');
    const alice = await customerIdOf(emulator, 'alice@example.com');
    const completed = (await transactionsOf(emulator, demo)).find((t) => t.status === 'completed');
    const txn = defined(completed, 'a completed transaction').id;
    emulator.reset();
    const cases: [string[], string][] = [
      [['--email', 'alice@example.com'], 'Forbidden'],
      [['--customer', alice], 'Forbidden'],
      [['--email', 'nobody@example.com'], 'No billing customer'], // no customer has that e-mail
    ];
    for (const [owner, error] of cases) {
      const { code, stdout } = await cli(['invoice', txn, ...owner, '--json']);
      expect(code, owner.join(' ')).toBe(1);
      expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { kind: 'user', code: error } });
    }
    expect(emulator.requests().filter((r) => r.path.endsWith('/invoice'))).toEqual([]);
  });
});
