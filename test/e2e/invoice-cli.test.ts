// `paddle-catalog invoice` as a user runs it (the CLI in-process) against the emulator.
import { rmSync, watch, writeFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import {
  customerIdOf,
  tempCacheHome,
  transactionsOf,
  type WireTransaction,
} from '../support/billing-fixtures.js';
import { tempDir } from '../support/catalog-files.js';
import { defined } from '../support/defined.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let work: string;
let demoId: string;
let txns: WireTransaction[];

const find = (predicate: (t: WireTransaction) => boolean) =>
  defined(txns.find(predicate), 'a matching transaction').id;
const completedAutomatic = () =>
  find(
    (t) => t.status === 'completed' && t.collection_mode === 'automatic' && t.details.totals.subtotal !== '0',
  );
const billedManual = () => find((t) => t.status === 'billed' && t.collection_mode === 'manual');

beforeAll(async () => {
  emulator = await startEmulator();
  work = await tempCacheHome();
  demoId = await customerIdOf(emulator, 'demo@example.com');
  txns = await transactionsOf(emulator, demoId);
});
afterAll(async () => {
  await emulator.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

function invoice(args: string[], options: { key?: string; env?: NodeJS.ProcessEnv } = {}) {
  return runCliInProcess(['invoice', ...args], {
    cwd: work,
    env: {
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: options.key ?? emulator.apiKey,
      XDG_CACHE_HOME: work,
      BROWSER: '',
      ...options.env,
    },
  });
}

/** A file's text once it is moved into place: the folder's change event, not polling. */
function whenInPlace(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(file), (_event, name) => {
      if (name !== basename(file)) return;
      watcher.close();
      readFile(file, 'utf8').then(resolve, reject);
    });
  });
}

const apiCalls = () => emulator.requests().map((r) => `${r.method} ${r.path}`);

describe('paddle-catalog invoice', () => {
  it('invoice: own transaction → the URL and its expiry; a get and one PDF request', async () => {
    const id = completedAutomatic();
    const { code, stdout, stderr } = await invoice([id, '--customer', demoId]);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+\.pdf$/);
    expect(stderr).toMatch(/valid for 1 hour, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(apiCalls()).toEqual([`GET /transactions/${id}`, `GET /transactions/${id}/invoice`]);
    expect(emulator.requests()[1]?.query).toEqual({ disposition: 'attachment' });
  });

  it('--json prints exactly {"url"}; --inline asks for disposition inline', async () => {
    const { code, stdout } = await invoice([
      billedManual(),
      '--email',
      'demo@example.com',
      '--inline',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(stdout))).toEqual(['url']);
    expect(emulator.requests().at(-1)?.query).toEqual({ disposition: 'inline' });
  });

  it("invoice: someone else's transaction → Forbidden, exit 1, no PDF request", async () => {
    const json = await invoice([completedAutomatic(), '--email', 'alice@example.com', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      error: {
        kind: 'user',
        code: 'Forbidden',
        message: expect.stringMatching(/^Forbidden: transaction txn_/),
      },
    });
    expect(apiCalls().some((call) => call.endsWith('/invoice'))).toBe(false);
    const human = await invoice([completedAutomatic(), '--email', 'alice@example.com']);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/Forbidden: transaction txn_\w+ is not one of alice@example\.com's/);
  });

  it('invoice: an e-mail with no customer → No billing customer', async () => {
    const { code, stdout } = await invoice([completedAutomatic(), '--email', 'nobody@example.com', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: { kind: 'user', code: 'No billing customer' },
    });
    // the exact e-mail filter, then the search that finds another letter case; no transaction call
    expect(apiCalls()).toEqual(['GET /customers', 'GET /customers']);
  });

  it('support mode (no customer) in --json: the transaction read, as without --json, then one PDF request', async () => {
    const { code, stdout } = await invoice([completedAutomatic(), '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty('url');
    const id = completedAutomatic();
    expect(apiCalls()).toEqual([`GET /transactions/${id}`, `GET /transactions/${id}/invoice`]);
  });

  it.each([
    ['a zero-value trial', (t: WireTransaction) => t.details.totals.subtotal === '0', /zero-value/],
    [
      'a paid automatic one',
      (t: WireTransaction) => t.status === 'paid',
      /status is paid .* collected automatically/,
    ],
    [
      'a past-due manual one',
      (t: WireTransaction) => t.status === 'past_due' && t.collection_mode === 'manual',
      /status is past_due .* manually collected/,
    ],
    ['a canceled invoice', (t: WireTransaction) => t.status === 'canceled', /status is canceled/],
  ])(
    'transactions list: %s has no invoice: said plainly, no PDF request',
    async (_name, predicate, reason) => {
      const id = find(predicate);
      const { code, stderr } = await invoice([id]);
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`Transaction ${id} has no invoice PDF`));
      expect(stderr).toMatch(reason);
      expect(stderr).toMatch(/No PDF was requested/);
      expect(apiCalls()).toEqual([`GET /transactions/${id}`]);
      // --json: the same answer, from the same single read
      const json = await invoice([id, '--json']);
      expect(json.code).toBe(1);
      const { error } = JSON.parse(json.stdout);
      expect(error).toMatchObject({ kind: 'user', code: 'transaction_invoice_not_available' });
      expect(stderr).toContain(error.message);
      expect(apiCalls()).toEqual([`GET /transactions/${id}`, `GET /transactions/${id}`]);
    },
  );

  it('invoice: an unknown transaction → not_found, exit 1', async () => {
    const unknown = 'txn_01h00000000000000000000000';
    const json = await invoice([unknown, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'api', code: 'not_found' } });
    const human = await invoice([unknown]);
    expect(human.stderr).toMatch(/not_found, HTTP 404/);
    expect(human.stderr).toMatch(/request id: /);
  });

  it('invoice: a key without transaction.read → forbidden, naming the permission', async () => {
    const key = emulator.addApiKey(['customer.read']);
    const json = await invoice([completedAutomatic(), '--json'], { key });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'api', code: 'forbidden' } });
    const human = await invoice([completedAutomatic()], { key });
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/transaction\.read/);
  });

  it('--download saves the PDF', async () => {
    await rm(join(work, 'invoice.pdf'), { force: true });
    const { code, stderr } = await invoice([billedManual(), '--download', 'invoice.pdf']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/saved the PDF to .*invoice\.pdf \(\d+ bytes\)/);
    const pdf = await readFile(join(work, 'invoice.pdf'), 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
  });

  it('--open launches $BROWSER with the URL; without it, never a browser when not on a terminal', async () => {
    const dir = tempDir();
    const opened = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    // the browser is left running on its own: it moves its whole answer into place when done
    await writeFile(
      browser,
      `#!/bin/sh\nprintf '%s' "$1" > '${opened}.part' && mv '${opened}.part' '${opened}'\n`,
    );
    await chmod(browser, 0o755);
    const url = whenInPlace(opened);
    const withBrowser = await invoice([billedManual(), '--open'], { env: { BROWSER: browser } });
    expect(withBrowser.stderr).toMatch(/opened in the browser/);
    expect(await url).toBe(withBrowser.stdout.trim());
    const without = await invoice([billedManual(), '--open']);
    expect(without.code).toBe(0);
    expect(without.stderr).toMatch(/not opening a browser: (not a terminal|running in CI)/);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses something that is not a transaction id, before any call', async () => {
    const { code, stderr } = await invoice(['pro_123']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Not a transaction id .*its prefix is pro_, not txn_/);
    const malformed = await invoice(['txn_ABC']);
    expect(malformed.stderr).toMatch(/upper-case letters .*too short/);
    expect(emulator.requests()).toEqual([]);
  });
});

describe('invoice --download', () => {
  it('refuses an existing file without --force, before any call; --force replaces it', async () => {
    const file = join(work, 'kept.pdf');
    await writeFile(file, 'mine');
    const refused = await invoice([billedManual(), '--download', 'kept.pdf']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('kept.pdf already exists; nothing was written');
    expect(refused.stderr).toMatch(/--force/);
    expect(refused.stdout).toBe('');
    expect(apiCalls()).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('mine');
    const forced = await invoice([billedManual(), '--download', 'kept.pdf', '--force', '--json']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({ url: expect.any(String), file });
    expect((await readFile(file, 'latin1')).startsWith('%PDF-')).toBe(true);
  });

  it('a folder that does not exist is refused before the URL is asked for, and nothing is printed as success', async () => {
    const { code, stdout, stderr } = await invoice([billedManual(), '--download', 'no-such-dir/dl.pdf']);
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot write no-such-dir/dl.pdf: the folder no-such-dir does not exist');
    expect(stdout).toBe('');
    expect(apiCalls()).toEqual([]);
  });

  it('a download that fails after the URL came prints no URL and no "saved"', async () => {
    const folder = join(work, 'vanishing');
    await mkdir(folder, { recursive: true });
    // the folder goes away while the URL is being fetched: the check passed, the write fails
    const stop = emulator.onRequest((request) => {
      if (request.path.endsWith('/invoice')) rmSync(folder, { recursive: true, force: true });
    });
    const { code, stdout, stderr } = await invoice([billedManual(), '--download', 'vanishing/dl.pdf']);
    stop();
    expect(code).toBe(1);
    expect(stderr).toMatch(/Could not write .*dl\.pdf/);
    expect(stderr).not.toMatch(/saved the PDF|valid for 1 hour/);
    expect(stdout).toBe('');
  });

  it('a file that appears while the PDF downloads is kept without --force', async () => {
    const file = join(work, 'raced.pdf');
    await rm(file, { force: true });
    const stop = emulator.onRequest((request) => {
      if (request.path.endsWith('/invoice')) writeFileSync(file, 'theirs');
    });
    const { code, stdout, stderr } = await invoice([billedManual(), '--download', 'raced.pdf', '--json']);
    stop();
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringContaining('already exists') },
    });
    expect(stderr).not.toMatch(/saved the PDF/);
    expect(await readFile(file, 'utf8')).toBe('theirs');
  });

  it('--force without --download is a usage error', async () => {
    const { code, stderr } = await invoice([billedManual(), '--force']);
    expect(code).toBe(1);
    expect(stderr).toContain('--force only makes sense with --download <file>.');
  });
});
