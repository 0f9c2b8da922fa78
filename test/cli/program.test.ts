import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/cli/program.js';

describe('commandsFor: a run loads only the command it runs', () => {
  it.each([
    [['--version'], []],
    [['-V'], []],
    [['validate', 'catalogs/saas-starter.yaml'], ['validate']],
    [['--json', 'plan', 'x.yaml', '--local'], ['plan']],
    [['help', 'apply'], ['apply']],
  ])('%j → %j', (args, expected) => {
    expect(commandsFor(args)).toEqual(expected);
  });

  it('loads every command for help, no command, or an unknown one', () => {
    for (const args of [[], ['--help'], ['bogus']]) expect(commandsFor(args)).toHaveLength(9);
  });
});

describe('main: usage errors', () => {
  it('--json gives one JSON document on stdout for an unknown flag too (design §2)', async () => {
    const { main } = await import('../../src/cli/program.js');
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      stdin: process.stdin,
      env: {},
      cwd: process.cwd(),
    };
    const code = await main(['node', 'paddle-catalog', 'validate', '--json', '--bogus', 'x.yaml'], io);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: { kind: 'usage', code: 'commander.unknownOption' },
    });
    expect(stderr).toMatch(/unknown option '--bogus'/);
  });
});
