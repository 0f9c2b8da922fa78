// Spawns the real CLI (bin/ → dist/) as a user would. The network guard reaches the child
// through NODE_OPTIONS, set by the test setup.
//
// A test of what a COMMAND does should not start a process: use runCliInProcess
// (./run-cli-in-process.ts), same arguments and result, a fraction of the time. runCli is for
// where the process boundary is what is tested: signals, the process's exit code, crashes, what
// a child inherits from the environment, NODE_OPTIONS, a real terminal.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number | null;
  /** the signal that ended a spawned process, when one did (never set in-process) */
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  timeoutMs?: number;
  /** the running process, for a test that signals it or closes its pipes; returns what to undo at its end */
  onSpawn?: (child: ChildProcess) => (() => void) | undefined;
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', PADDLE_API_KEY: '', PADDLE_API_URL: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    const undo = options.onSpawn?.(child);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      undo?.();
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
