// `paddle-catalog history` as a user runs it (the CLI in-process) against the emulator.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import {
  customerIdOf,
  tempCacheHome,
  transactionsOf,
  type WireTransaction,
} from '../support/billing-fixtures.js';
import { defined } from '../support/defined.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let cacheHome: string;
let demoId: string;
let shown: WireTransaction[];

beforeAll(async () => {
  emulator = await startEmulator();
  cacheHome = await tempCacheHome();
  demoId = await customerIdOf(emulator, 'demo@example.com');
  shown = (await transactionsOf(emulator, demoId)).filter((t) => !['draft', 'ready'].includes(t.status));
});
afterAll(async () => {
  await emulator.close();
  await rm(cacheHome, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

function history(args: string[], key = emulator.apiKey) {
  return runCliInProcess(['history', ...args], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: key, XDG_CACHE_HOME: cacheHome },
  });
}

describe('paddle-catalog history', () => {
  it('--json prints exactly the history document, one page of 10', async () => {
    const { code, stdout } = await history(['--email', 'demo@example.com', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(Object.keys(doc)).toEqual(['items', 'hasMore']);
    expect(doc.hasMore).toBe(true);
    expect(doc.items).toHaveLength(10);
    const newest = defined(shown[0], 'a shown transaction');
    expect(doc.items[0]).toEqual({
      id: newest.id,
      billedAt: expect.any(String),
      status: newest.status,
      amount: expect.any(String),
      tax: expect.any(String),
      invoiceAvailable: expect.any(Boolean),
    });
  });

  it('history: following "More:" with --after pages through every shown transaction', async () => {
    const seen: string[] = [];
    let args = ['--customer', demoId];
    for (let page = 0; page < 5; page += 1) {
      const { code, stdout } = await history(args);
      expect(code).toBe(0);
      seen.push(
        ...[...stdout.matchAll(/^\d{4}-\d\d-\d\d .*\b(txn_[a-z0-9]+)$/gm)].map((m) =>
          defined(m[1], 'a transaction id'),
        ),
      );
      const more = /^More: paddle-catalog history (.*)$/m.exec(stdout);
      if (!more) break;
      args = defined(more[1], 'the next command').split(' ');
      expect(args.slice(-2, -1)).toEqual(['--after']);
    }
    expect(seen).toEqual(shown.map((t) => t.id));
    expect(seen.length).toBeGreaterThanOrEqual(25);
  });

  it('human output: a table with billed date, status, amount, tax and invoice availability', async () => {
    const { stdout, stderr } = await history(['--email', 'demo@example.com']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Customer demo@example.com  ${demoId}`);
    expect(lines[1]).toMatch(/^Billed\s+Status\s+Amount\s+Tax\s+Invoice\s+Transaction$/);
    expect(lines).toHaveLength(13);
    expect(lines[2]).toMatch(/^2025-10-01\s+billed\s+\$1,078\.92\s+\$79\.92\s+yes\s+txn_/);
    expect(lines[12]).toMatch(new RegExp(`^More: paddle-catalog history --customer ${demoId} --after txn_`));
    expect(stderr).toMatch(/sandbox/);
  });

  it('one page = one API call with a warm currencies cache (and one more when it is cold or --no-cache)', async () => {
    await history(['--customer', demoId, '--json']); // warms the cache
    emulator.reset();
    await history(['--customer', demoId, '--json']);
    expect(emulator.requests().map((r) => r.path)).toEqual(['/transactions']);
    emulator.reset();
    await history(['--customer', demoId, '--no-cache', '--json']);
    expect(
      emulator
        .requests()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/currencies', '/transactions']);
    // human output also fetches the customer, beside the page, to say who it is
    emulator.reset();
    await history(['--customer', demoId]);
    expect(
      emulator
        .requests()
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/customers/${demoId}`, '/transactions']);
  });

  it('--locale uses the first Accept-Language tag; a malformed one falls back to en-US', async () => {
    const german = await history(['--customer', demoId, '--locale', 'de-DE,de;q=0.9', '--json']);
    expect(JSON.parse(german.stdout).items[0].amount).toBe('1.078,92\u00a0$');
    const malformed = await history(['--customer', demoId, '--locale', 'de_DE', '--json']);
    expect(JSON.parse(malformed.stdout).items[0].amount).toBe('$1,078.92');
  });

  it('an e-mail no customer has is an error, exit 1, in both modes: never an empty list that reads as "nothing billed"', async () => {
    const { code, stdout } = await history(['--email', 'nobody@example.com', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      error: {
        kind: 'user',
        code: 'customer_not_found',
        message: 'No customer has the e-mail nobody@example.com in this account (active or archived).',
        hint: 'Check the address, or give the customer id with --customer.',
      },
    });
    const human = await history(['--email', 'nobody@example.com']);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(
      /No customer has the e-mail nobody@example\.com in this account \(active or archived\)/,
    );
  });

  it('history: a key without transaction.read → error code "forbidden", exit 1; human says what to do', async () => {
    const key = emulator.addApiKey(['customer.read']);
    const json = await history(['--email', 'demo@example.com', '--json'], key);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'api', code: 'forbidden' } });
    const human = await history(['--email', 'demo@example.com'], key);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/forbidden/);
    expect(human.stderr).toMatch(/transaction\.read/);
    expect(human.stderr).toMatch(/API keys/);
    expect(human.stderr).not.toContain(key);
  });

  it('a key without customer.read fails the e-mail look-up the same way', async () => {
    const key = emulator.addApiKey(['transaction.read']);
    const json = await history(['--email', 'demo@example.com', '--json'], key);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'api', code: 'forbidden' } });
  });

  it('refuses a missing or doubled customer selector and a bad cursor, before any call', async () => {
    const none = await history([]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/--email <address> or --customer/);
    const both = await history(['--email', 'demo@example.com', '--customer', demoId]);
    expect(both.code).toBe(1);
    const cursor = await history(['--customer', demoId, '--after', 'pro_123']);
    expect(cursor.code).toBe(1);
    expect(cursor.stderr).toMatch(/--after takes a transaction id/);
    expect(emulator.requests()).toEqual([]);
  });
});

describe('paddle-catalog history --local', () => {
  it('shows the demo data with no account', async () => {
    const { code, stdout, stderr } = await runCliInProcess(
      ['history', '--email', 'demo@example.com', '--local', '--json'],
      {
        env: { XDG_CACHE_HOME: cacheHome },
      },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).items).toHaveLength(10);
    expect(stderr).toMatch(/local emulator/);
  });
});

describe('paddle-catalog history when the API cannot be reached', () => {
  it('--json still prints the one failure document (code network_error), exit 1', async () => {
    const { closedPort } = await import('../support/hostile-server.js');
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { code, stdout } = await runCliInProcess(
      ['history', '--customer', 'ctm_01hv8x2k3m4n5p6q7r8s9t0v1w', '--json'],
      {
        env: { PADDLE_API_URL: url, PADDLE_API_KEY: emulator.apiKey, XDG_CACHE_HOME: cacheHome },
      },
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { kind: 'api', code: 'network_error' } });
  });
});

describe('history and invoice --json on a usage error', () => {
  it('answer the one failure document of every command, exit 1', async () => {
    const history = await runCliInProcess(['history', '--json'], { env: { PADDLE_API_URL: emulator.url } });
    expect(history.code).toBe(1);
    expect(JSON.parse(history.stdout)).toEqual({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/--email/), hint: expect.any(String) },
    });
    const invoice = await runCliInProcess(['invoice', 'not-a-txn', '--json']);
    expect(invoice.code).toBe(1);
    expect(JSON.parse(invoice.stdout)).toEqual({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/transaction id/) },
    });
  });
});
