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
