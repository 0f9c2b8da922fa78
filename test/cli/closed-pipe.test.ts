// `paddle-catalog … | head -1`: the reader goes away after one line. The process boundary is what
// is tested here, so this spawns the real CLI.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

/** Like `… | head -1`: the first chunk is read, then our end of the pipe is closed. */
const runIntoClosedPipe = (args: string[]) =>
  runCli(args, {
    onSpawn: (child) => {
      child.stdout?.once('data', () => child.stdout?.destroy());
      return undefined;
    },
  });

describe('a reader that closes the pipe early', { timeout: 60_000 }, () => {
  it.each([[['export', '--help']], [['emulator', '--help']], [['schema']]])(
    '%j ends quietly with its own exit code, no stack trace',
    async (args) => {
      const { code, stderr } = await runIntoClosedPipe(args);
      expect(stderr).not.toMatch(/EPIPE|at .*\(|node:events/);
      expect(code).toBe(0);
    },
  );
});
