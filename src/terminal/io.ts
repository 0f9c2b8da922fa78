// The terminal the CLI talks to, injectable so commands can be tested without a process.
import type { Clock } from '../paddle/clock.js';
import type { ProcessControl } from './signals.js';

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** a terminal's width; 0 or absent when unknown */
  columns?: number;
}

interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** absent: this process (a CLI run inside a test passes its own, so it never touches the test's) */
  process?: ProcessControl;
  /**
   * absent: real time. The clock the paced caller waits on (retry backoff, Retry-After, the rate
   * limit): a CLI run inside a test passes one whose waits end at once.
   */
  clock?: Clock;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    process,
  };
}
