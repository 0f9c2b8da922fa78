import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Reporter } from '../../src/terminal/reporter.js';

function reporterOn(stderr: { isTTY?: boolean; columns?: number }, env: NodeJS.ProcessEnv = {}) {
  let written = '';
  const io = {
    stdout: { write: () => true },
    stderr: Object.assign(new PassThrough(), stderr, {
      write: (s: string) => {
        written += s;
        return true;
      },
      // what ora needs of a terminal stream
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    }),
    stdin: process.stdin,
    env,
    cwd: process.cwd(),
  };
  return { reporter: new Reporter(io, { json: false, color: true }), written: () => written };
}

describe('Reporter.during: a spinner only for a person watching a terminal', () => {
  it.each([
    ['a pipe', { isTTY: false, columns: 80 }, {}],
    ['CI', { isTTY: true, columns: 80 }, { CI: 'true' }],
    ['a terminal that reports no width (ora would redraw forever)', { isTTY: true, columns: 0 }, {}],
  ])('nothing on %s, and the work still runs', async (_name, stderr, env) => {
    const { reporter, written } = reporterOn(stderr, env);
    expect(await reporter.during('Reading…', async () => 42)).toBe(42);
    expect(written()).toBe('');
  });

  it('on a terminal: a spinner while the work runs, cleared when it ends', async () => {
    const { reporter, written } = reporterOn({ isTTY: true, columns: 80 });
    await reporter.during('Reading the sandbox catalog…', () => new Promise((r) => setImmediate(r)));
    expect(written()).toContain('Reading the sandbox catalog…');
  });
});
