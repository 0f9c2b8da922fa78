// A fake terminal that answers init's real @inquirer/prompts: keystrokes go in through a TTY-like
// PassThrough, the rendered prompts come out on a TTY-like stderr. A keystroke is typed only once
// the next prompt listens (its keypress handler is attached), because inquirer drops input that
// arrives before a TTY prompt starts.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { main } from '../../src/cli/program.js';
import type { Io } from '../../src/terminal/io.js';
import { tempDir } from './catalog-files.js';

export const ENTER = '\r';
export const CTRL_C = '\x03';

/** One prompt: the text it must show, and what the user types (ENTER to accept a default). */
export interface ChangeWrite {
  expect: string | RegExp;
  keys: string;
  /** the same prompt again, showing a validation error (no new prompt starts) */
  retry?: boolean;
}

/** A terminal's output: collects text; `end()` is a no-op because each prompt "ends" its output pipe. */
class Screen extends EventEmitter {
  readonly isTTY = true;
  readonly writable = true;
  readonly columns = 200;
  readonly rows = 50;
  raw = '';
  write(chunk: unknown): boolean {
    this.raw += String(chunk);
    this.emit('written');
    return true;
  }
  end(): void {}
  // a spinner (ora) redraws its line with these; the screen keeps only what was written
  cursorTo(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  get text(): string {
    return stripVTControlCharacters(this.raw);
  }
}

// readline's own listener, inquirer's cursor check, then the prompt's key handler: the third means ready.
const LISTENERS_WHEN_READY = 3;

export interface InitRun {
  code: number;
  stdout: string;
  /** everything the prompts and notes showed */
  screen: string;
  /** steps not reached (the wizard ended first) */
  unused: ChangeWrite[];
  cwd: string;
}

export async function tempProject(): Promise<string> {
  return Promise.resolve(tempDir());
}

/**
 * Runs `paddle-catalog init …args` in-process on a fake terminal, answering each prompt with the
 * next step. `after: 'close'` closes the input once the steps run out (a user pressing Ctrl-D).
 */
export function runInit(
  args: string[],
  steps: ChangeWrite[],
  options: { cwd?: string; after?: 'close'; env?: NodeJS.ProcessEnv } = {},
): Promise<InitRun> {
  return runOnFakeTerminal(['init', ...args], steps, options);
}

/** Any `paddle-catalog …args` in-process on the fake terminal, its prompts answered as runInit's. */
export async function runOnFakeTerminal(
  args: string[],
  steps: ChangeWrite[],
  options: { cwd?: string; after?: 'close'; env?: NodeJS.ProcessEnv } = {},
): Promise<InitRun> {
  const cwd = options.cwd ?? (await tempProject());
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const screen = new Screen();
  const queue = [...steps];
  let seen = 0;
  let mismatch: Error | undefined;

  const shows = (step: ChangeWrite, shown: string) =>
    typeof step.expect === 'string' ? shown.includes(step.expect) : step.expect.test(shown);
  // A retry answers the prompt that is still open, once it shows the expected error.
  const awaitRetry = () => {
    const check = () => {
      const next = queue[0];
      if (next && shows(next, screen.text.slice(seen))) {
        screen.off('written', check);
        setImmediate(answer);
      }
    };
    screen.on('written', check);
  };

  const answer = () => {
    const step = queue.shift();
    const shown = screen.text.slice(seen);
    seen = screen.text.length;
    if (!step) {
      if (options.after === 'close') input.end();
      return;
    }
    if (!shows(step, shown)) {
      mismatch ??= new Error(`expected a prompt showing ${String(step.expect)}, got:\n${shown}`);
      input.write(CTRL_C);
      return;
    }
    if (queue[0]?.retry) awaitRetry();
    input.write(step.keys);
  };
  input.on('newListener', (event) => {
    if (event === 'keypress' && input.listenerCount('keypress') === LISTENERS_WHEN_READY - 1)
      setImmediate(answer);
  });

  let stdout = '';
  const io: Io = {
    stdout: {
      isTTY: true,
      write: (s: string) => {
        stdout += s;
        return true;
      },
    },
    stderr: screen,
    stdin: input,
    env: { NO_COLOR: '1', ...options.env },
    cwd,
  };
  const code = await main(['node', 'paddle-catalog', ...args], io);
  if (mismatch) throw mismatch;
  return { code, stdout, screen: screen.text, unused: queue, cwd };
}
