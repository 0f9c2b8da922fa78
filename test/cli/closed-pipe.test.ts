// `paddle-catalog … | head -1`: the reader goes away after one line. The process boundary is what
// is tested here, so this spawns the real CLI.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/run-cli.js';

function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', PADDLE_API_KEY: '', PADDLE_API_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // like `head -1`: read the first chunk, then close our end
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a reader that closes the pipe early', () => {
  it.each([[['export', '--help']], [['emulator', '--help']], [['schema']]])(
    '%j ends quietly with its own exit code, no stack trace',
    async (args) => {
      const { code, stderr } = await runIntoClosedPipe(args);
      expect(stderr).not.toMatch(/EPIPE|at .*\(|node:events/);
      expect(code).toBe(0);
    },
  );
});
