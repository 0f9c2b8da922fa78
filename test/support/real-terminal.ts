// Runs the CLI on a real pseudo-terminal through util-linux `script`, so spinners, colours and
// prompts take their terminal paths. `input` is typed into the terminal (e.g. "n\r").
import { spawn, spawnSync } from 'node:child_process';
import { BIN } from './run-cli.js';

export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** A person's terminal: no NO_COLOR/FORCE_COLOR from the test run, a colour TERM. */
function terminalEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
  return { ...env, TERM: 'xterm-256color', ...extra };
}

export function runOnTerminal(
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; input?: string },
): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd: options.cwd,
    env: terminalEnv(options.env),
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  // a hang guard only: a run on cores another test run shares can take a while
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.stdin.write(options.input ?? '');
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
