// THE way to test what a command does: runs `main(argv, io)` inside the test process, with the same
// shape as runCli (run-cli.ts) — { code, stdout, stderr } from args and { env, cwd, input } — so a
// test file switches from one to the other by changing its import. No process start, no build:
// a run costs milliseconds instead of a node start-up, and it runs src/ as the tests see it.
//
// Spawn the real CLI (runCli) only where the process boundary itself is under test: signals, the
// exit code of the process, crashes, what a child inherits from the environment, NODE_OPTIONS,
// a real terminal.
//
// Each run gets its own stdin/stdout/stderr, env, cwd and signals (io.process): nothing of the
// test process is read or changed. The network guard of test/setup applies here as in children.
// Its clock jumps instead of waiting (./jumping-clock.ts): retry backoff, a server's Retry-After
// and pacing under the rate limit are followed as in real time, without the test sleeping.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { main } from '../../src/cli/program.js';
import type { Clock } from '../../src/paddle/clock.js';
import type { Io } from '../../src/terminal/io.js';
import type { ProcessControl, StopSignal } from '../../src/terminal/signals.js';
import { jumpingClock } from './jumping-clock.js';
import { BIN, type CliOptions, type CliResult, ROOT } from './run-cli.js';

/** What a killed process would show: a run that called io.process.exit(code) ends with this. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** The signals of one in-process run; `send` plays Ctrl-C (SIGINT) or a kill (SIGTERM). */
export class FakeProcess implements ProcessControl {
  /** the run's parent is the test process, which outlives it */
  readonly ppid = process.pid;
  private readonly emitter = new EventEmitter();
  /** the pending listening() calls, each checked as a listener comes */
  private readonly waiting = new Set<() => void>();
  on(signal: StopSignal, listener: (signal: StopSignal) => void): void {
    this.emitter.on(signal, listener);
    for (const check of this.waiting) check();
  }
  /** Resolves once `count` listeners are on `signal`: when a command listens beside the CLI's own. */
  listening(signal: StopSignal, count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.listenerCount(signal) < count) return;
        this.waiting.delete(check);
        resolve();
      };
      this.waiting.add(check);
      check();
    });
  }
  off(signal: StopSignal, listener: (signal: StopSignal) => void): void {
    this.emitter.off(signal, listener);
  }
  listenerCount(signal: StopSignal): number {
    return this.emitter.listenerCount(signal);
  }
  exit(code: number): never {
    throw new Exited(code);
  }
  send(signal: StopSignal): void {
    this.emitter.emit(signal, signal);
  }
}

export interface InProcessOptions extends CliOptions {
  /** signals for the run (default: a FakeProcess no one signals) */
  process?: FakeProcess;
  /** the run's clock (default: a jumping clock of its own) */
  clock?: Clock;
}

/** `paddle-catalog …args` as runCli runs it (same env defaults, cwd ROOT), in this process. */
export async function runCliInProcess(args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: Readable.from(options.input ? [options.input] : []),
    env: { ...process.env, NO_COLOR: '1', PADDLE_API_KEY: '', PADDLE_API_URL: '', ...options.env },
    cwd: options.cwd ?? ROOT,
    process: options.process ?? new FakeProcess(),
    clock: options.clock ?? jumpingClock(),
  };
  const run = main([process.execPath, BIN, ...args], io).then(
    (code): number | null => code,
    (error: unknown) => {
      if (error instanceof Exited) return error.code;
      // what node prints for an uncaught error in bin/, and its exit code
      stderr += `${error instanceof Error ? error.stack : String(error)}\n`;
      return 1;
    },
  );
  // without timeoutMs the test's own timeout governs: a limit of ours, shorter than a slow test's,
  // would cut a run that is only late under load and fail it as code null, not as a timeout
  if (options.timeoutMs === undefined) return { code: await run, stdout, stderr };
  // like runCli's kill after timeoutMs: code null, and what was written so far
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.timeoutMs);
  });
  const code = await Promise.race([run, timedOut]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}
