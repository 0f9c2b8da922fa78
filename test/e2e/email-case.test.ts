// `history --email` and `invoice --email` (the CLI in-process) when the address is typed in
// another letter case than it is stored in, against both readings of Paddle's `email` filter:
// one that ignores case and one that matches exactly (the emulator's --case-sensitive-emails).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmulatorSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { completedTransaction as completed, tempCacheHome } from '../support/billing-fixtures.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { pid } from '../support/subscription-account.mjs';

const ANN = pid('ctm', 21);
const CHURNED = pid('ctm', 22);
const MOVED_ACTIVE = pid('ctm', 23);
const MOVED_ARCHIVED = pid('ctm', 24);

const SEED: EmulatorSeed = {
  sandbox: {
    customers: [
      { id: ANN, email: 'Ann@Example.com' },
      { id: CHURNED, email: 'Churned@Example.com', status: 'archived' },
      // the archived record is the exact match; the active one differs in case
      { id: MOVED_ACTIVE, email: 'Moved@Example.com' },
      { id: MOVED_ARCHIVED, email: 'moved@example.com', status: 'archived' },
    ],
    transactions: [
      completed(21, ANN, 1),
      completed(22, CHURNED, 2),
      completed(23, MOVED_ACTIVE, 3),
      completed(24, MOVED_ARCHIVED, 4),
    ],
  },
};

const transactionIds = (stdout: string) => [...stdout.matchAll(/\b(txn_[a-z0-9]{26})$/gm)].map((m) => m[1]);

describe.each([
  { mode: 'an email filter that ignores case', caseSensitiveEmails: false },
  { mode: 'an exact, case-sensitive email filter', caseSensitiveEmails: true },
])('support look-ups by e-mail against $mode', ({ caseSensitiveEmails }) => {
  let emulator: RunningEmulator;
  let cacheHome: string;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: SEED, demo: false, caseSensitiveEmails });
    cacheHome = await tempCacheHome();
  });
  afterAll(async () => {
    await emulator.close();
    await rm(cacheHome, { recursive: true, force: true });
  });
  beforeEach(() => emulator.reset());

  const cli = (args: string[]) =>
    runCliInProcess(args, {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, XDG_CACHE_HOME: cacheHome },
    });
  const lookups = () => emulator.requests().filter((r) => r.path === '/customers');

  it('history: a customer stored as Ann@Example.com is found when typed ann@example.com', async () => {
    const { code, stdout } = await cli(['history', '--email', 'ann@example.com']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`Customer Ann@Example.com  ${ANN}`);
    expect(transactionIds(stdout)).toEqual([pid('txn', 21)]);
    // the exact filter finds her only when it ignores case; else the search does
    expect(lookups().map((r) => ('search' in r.query ? 'search' : 'email'))).toEqual(
      caseSensitiveEmails ? ['email', 'search'] : ['email'],
    );
  });

  it('history: an address pasted with spaces and a line break around it is trimmed', async () => {
    const { code, stdout } = await cli(['history', '--email', ' ann@example.com \n']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`Customer Ann@Example.com  ${ANN}`);
  });

  it('history: an archived customer in another case is found and labelled archived', async () => {
    const { code, stdout } = await cli(['history', '--email', 'churned@example.com']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      `Customer Churned@Example.com  ${CHURNED}  archived (a churned customer)`,
    );
    expect(transactionIds(stdout)).toEqual([pid('txn', 22)]);
  });

  it('history: an active customer is preferred over an archived one with the same address', async () => {
    const { code, stdout } = await cli(['history', '--email', 'moved@example.com', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).items.map((i: { id: string }) => i.id)).toEqual([pid('txn', 23)]);
  });

  it('invoice: the typed address in another case owns the transaction', async () => {
    const { code, stdout } = await cli(['invoice', pid('txn', 21), '--email', 'ANN@example.com', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ url: expect.stringMatching(/\.pdf$/) });
  });

  it('invoice: an archived customer found in another case gets their own invoice', async () => {
    const { code, stdout } = await cli([
      'invoice',
      pid('txn', 22),
      '--email',
      'churned@example.com',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ url: expect.stringMatching(/\.pdf$/) });
  });

  it("invoice: the active customer is the owner, so the archived one's transaction is refused", async () => {
    const own = await cli(['invoice', pid('txn', 23), '--email', 'moved@example.com', '--json']);
    expect(own.code).toBe(0);
    const other = await cli(['invoice', pid('txn', 24), '--email', 'moved@example.com', '--json']);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stdout)).toMatchObject({ ok: false, error: { kind: 'user', code: 'Forbidden' } });
  });
});
