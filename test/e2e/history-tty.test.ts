// On a terminal, history offers the next page one at a time (the prompt answered by the test).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withBillingServices } from '../../src/cli/billing-options.js';
import { showHistoryPages } from '../../src/cli/commands/history.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import type { Io } from '../../src/terminal/io.js';
import { Reporter } from '../../src/terminal/reporter.js';
import { tempCacheHome } from '../support/billing-fixtures.js';

let emulator: RunningEmulator;
let cacheHome: string;

beforeAll(async () => {
  emulator = await startEmulator();
  cacheHome = await tempCacheHome();
});
afterAll(async () => {
  await emulator.close();
  await rm(cacheHome, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

function terminal(tty: boolean) {
  const out: string[] = [];
  const io: Io = {
    stdout: { isTTY: tty, write: (s: string) => out.push(s) },
    stderr: { isTTY: tty, write: () => true },
    // only isTTY is read: the prompt itself is the injected askNext
    stdin: { isTTY: tty } as Io['stdin'],
    env: {
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: emulator.apiKey,
      XDG_CACHE_HOME: cacheHome,
      NO_COLOR: '1',
    },
    cwd: cacheHome,
  };
  const reporter = new Reporter(io, { json: false, color: false });
  return { reporter, text: () => out.join('') };
}

async function run(tty: boolean, answers: boolean[]) {
  const { reporter, text } = terminal(tty);
  let asked = 0;
  const askNext = async () => answers[asked++] ?? false;
  const code = await withBillingServices(reporter, {}, (services) =>
    showHistoryPages(reporter, services, { email: 'demo@example.com' }, { locale: 'en-US' }, askNext),
  );
  const lists = emulator.requests().filter((r) => r.path === '/transactions');
  return { code, asked, stdout: text(), lists };
}

describe('history on a terminal', () => {
  it('offers the next page after each one and loads only what is asked for, one page per answer', async () => {
    const { code, asked, stdout, lists } = await run(true, [true, false]);
    expect(code).toBe(0);
    expect(asked).toBe(2);
    expect(stdout.match(/^Billed/gm)).toHaveLength(2);
    expect(lists).toHaveLength(2);
    const firstMore = /More: .* --after (txn_\w+)/.exec(stdout)?.[1];
    expect(lists[1]?.query.after).toBe(firstMore);
  });

  it('never asks when not on a terminal: one page, then the More: line', async () => {
    const { asked, stdout, lists } = await run(false, [true, true]);
    expect(asked).toBe(0);
    expect(lists).toHaveLength(1);
    expect(stdout).toMatch(/^More: paddle-catalog history --customer ctm_\w+ --after txn_\w+$/m);
  });
});
