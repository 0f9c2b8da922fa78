// What a run nobody is asked about (--yes) may move, as a table: a reviewed saved plan needs no extra
// flag, also when a subscription will not move with its mode; a catalog needs
// --allow-subscriber-moves to move anyone or to leave anyone for good.
import { describe, expect, it } from 'vitest';
import { refuseUnreviewedMoves, type UnattendedMoves } from '../../src/apply/unattended.js';
import { UserError } from '../../src/errors.js';

const run = (over: Partial<UnattendedMoves>): UnattendedMoves => ({
  moving: 0,
  refused: 0,
  reviewed: false,
  allowSubscriberMoves: false,
  ...over,
});

/** The refusal the rule throws, or undefined when it lets the run go on. */
function refusal(over: Partial<UnattendedMoves>): UserError | undefined {
  try {
    refuseUnreviewedMoves(run(over));
  } catch (error) {
    return error as UserError;
  }
  return undefined;
}

describe('apply --yes: what a run nobody is asked about may move', () => {
  const goesOn: [string, Partial<UnattendedMoves>][] = [
    ['a catalog that moves no one', {}],
    ['a reviewed plan that moves some', { moving: 3, reviewed: true }],
    [
      'a reviewed plan whose mode will not move one (the review showed it)',
      { moving: 3, refused: 1, reviewed: true },
    ],
    ['a catalog with --allow-subscriber-moves', { moving: 3, refused: 1, allowSubscriberMoves: true }],
  ];
  it.each(goesOn)('goes on: %s', (_name, over) => {
    expect(() => refuseUnreviewedMoves(run(over))).not.toThrow();
  });

  const refused: [string, Partial<UnattendedMoves>, string][] = [
    ['a catalog that moves some', { moving: 2 }, 'this run moves 2 subscriptions to new prices'],
    [
      'a catalog whose mode will not move one',
      { moving: 2, refused: 1 },
      '1 subscription will not move with this mode',
    ],
    ['a catalog that would only leave one', { refused: 1 }, '1 subscription will not move with this mode'],
  ];
  it.each(refused)('refuses: %s, naming --allow-subscriber-moves', (_name, over, words) => {
    const error = refusal(over);
    expect(error).toBeInstanceOf(UserError);
    expect(error?.message).toContain(words);
    expect(error?.hint).toContain('--allow-subscriber-moves');
  });
});
