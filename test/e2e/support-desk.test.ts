// history and invoice as support staff use them (the CLI in-process, against the emulator): churned
// (archived) customers, a customer in two records, the cursor, and who the history belongs to.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmulatorSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { completedTransaction as completed, tempCacheHome } from '../support/billing-fixtures.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { pid } from '../support/subscription-account.mjs';

const CHURNED = pid('ctm', 11);
const MOVED_ACTIVE = pid('ctm', 12);
const MOVED_ARCHIVED = pid('ctm', 13);
const ALICE = pid('ctm', 14);

const SEED: EmulatorSeed = {
  sandbox: {
    customers: [
      { id: CHURNED, email: 'churned@example.com', status: 'archived' },
      { id: MOVED_ACTIVE, email: 'moved@example.com' },
      { id: MOVED_ARCHIVED, email: 'moved@example.com', status: 'archived' },
      { id: ALICE, email: 'alice@example.com' },
    ],
    transactions: [
      completed(11, CHURNED, 1),
      completed(12, CHURNED, 2),
      completed(13, MOVED_ARCHIVED, 3),
      completed(14, MOVED_ACTIVE, 4),
      completed(5, ALICE, 5),
    ],
  },
};

let emulator: RunningEmulator;
let cacheHome: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, demo: false });
  cacheHome = await tempCacheHome();
});
afterAll(async () => {
  await emulator.close();
  await rm(cacheHome, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

function cli(args: string[]) {
  return runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, XDG_CACHE_HOME: cacheHome },
  });
}

const transactionIds = (stdout: string) => [...stdout.matchAll(/\b(txn_[a-z0-9]{26})$/gm)].map((m) => m[1]);

describe('churned customers', () => {
  it('the e-mail look-up finds an archived customer (Paddle lists only active ones unless asked)', async () => {
    const { code, stdout } = await cli(['history', '--email', 'churned@example.com', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).items.map((i: { id: string }) => i.id)).toEqual([
      pid('txn', 12),
      pid('txn', 11),
    ]);
    const lookup = emulator.requests().find((r) => r.path === '/customers');
    expect(lookup?.query.status).toBe('active,archived');
  });

  it("the emulator applies Paddle's default: without a status filter an archived customer is not listed", async () => {
    const response = await fetch(`${emulator.url}/customers?email=churned@example.com`, {
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
    });
    const body = (await response.json()) as { data: unknown[] };
    expect(body.data).toEqual([]);
  });

  it('human output starts with who it is: e-mail, ctm_ id, and that the customer is archived', async () => {
    const { code, stdout } = await cli(['history', '--email', 'churned@example.com']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      `Customer churned@example.com  ${CHURNED}  archived (a churned customer)`,
    );
    const byId = await cli(['history', '--customer', CHURNED]);
    expect(byId.stdout.split('\n')[0]).toBe(stdout.split('\n')[0]);
  });

  it('an active and an archived customer with the same e-mail: the active one is shown', async () => {
    const { stdout } = await cli(['history', '--email', 'moved@example.com']);
    expect(stdout.split('\n')[0]).toBe(`Customer moved@example.com  ${MOVED_ACTIVE}`);
    expect(transactionIds(stdout)).toEqual([pid('txn', 14)]);
  });

  it('invoice: an archived customer still gets the invoice of their own transaction', async () => {
    const { code, stdout } = await cli([
      'invoice',
      pid('txn', 11),
      '--email',
      'churned@example.com',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ url: expect.stringMatching(/\.pdf$/) });
  });

  it('--customer with an id no customer has is an error, not an empty history', async () => {
    const { code, stderr } = await cli(['history', '--customer', pid('ctm', 99)]);
    expect(code).toBe(1);
    expect(stderr).toContain(`No customer ${pid('ctm', 99)} in this account.`);
    // --json does not ask who the customer is, but an empty page is checked all the same
    const json = await cli(['history', '--customer', pid('ctm', 99), '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: {
        kind: 'user',
        code: 'customer_not_found',
        message: `No customer ${pid('ctm', 99)} in this account.`,
      },
    });
  });

  it('--json --customer costs no look-up of the customer when the page has transactions', async () => {
    emulator.reset();
    const { code } = await cli(['history', '--customer', CHURNED, '--json']);
    expect(code).toBe(0);
    expect(emulator.requests().map((r) => r.path)).not.toContain(`/customers/${CHURNED}`);
  });
});

describe('the --after cursor', () => {
  it('a cursor of no transaction is an error naming it, exit 1 (--json: the one failure document)', async () => {
    // sorts before every transaction, as a mistyped id usually does: the page comes back empty
    const bogus = `txn_01a${'0'.repeat(23)}`;
    const human = await cli(['history', '--email', 'churned@example.com', '--after', bogus]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(`The cursor ${bogus} is not a transaction of customer ${CHURNED}`);
    expect(human.stderr).toContain('there is no such transaction in this account');
    expect(human.stdout).not.toMatch(/No more billing history/);
    const json = await cli(['history', '--customer', CHURNED, '--after', bogus, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringContaining(bogus) },
    });
  });

  it("another customer's transaction as the cursor is an error, exit 1, whatever the page holds", async () => {
    // Alice's txn 5 is newer than both of CHURNED's: the page after it is CHURNED's whole history,
    // which would pass for "the page after txn 5" while txn 5 says nothing about where CHURNED was
    for (const mode of [[], ['--json']]) {
      const { code, stdout, stderr } = await cli([
        'history',
        '--customer',
        CHURNED,
        '--after',
        pid('txn', 5),
        ...mode,
      ]);
      expect(code).toBe(1);
      expect(mode.length ? JSON.parse(stdout).error : { message: stderr }).toMatchObject({
        message: expect.stringContaining(
          `The cursor ${pid('txn', 5)} is not a transaction of customer ${CHURNED}: it is another customer's`,
        ),
      });
      expect(stdout).not.toContain(pid('txn', 11));
    }
    const byEmail = await cli(['history', '--email', 'churned@example.com', '--after', pid('txn', 5)]);
    expect(byEmail.code).toBe(1);
    expect(byEmail.stderr).toContain("it is another customer's");
  });

  it("the customer's own oldest transaction is the end of the history, exit 0", async () => {
    const { code, stdout } = await cli(['history', '--customer', CHURNED, '--after', pid('txn', 11)]);
    expect(code).toBe(0);
    expect(stdout).toContain(`No more billing history after ${pid('txn', 11)}.`);
  });

  it('a cursor given by hand costs one GET of that transaction, whatever the page holds', async () => {
    for (const after of [pid('txn', 12), pid('txn', 11)]) {
      emulator.reset();
      const { code } = await cli(['history', '--customer', CHURNED, '--after', after, '--json']);
      expect(code).toBe(0);
      const paths = emulator.requests().map((r) => r.path);
      expect(paths.filter((path) => path === `/transactions/${after}`)).toHaveLength(1);
    }
  });
});
