// A malformed id is refused with what is wrong with it: too short or long, upper case, wrong prefix.
import { describe, expect, it } from 'vitest';
import { idProblem } from '../../src/paddle-facts/ids.js';

const good = `txn_${'0'.repeat(13)}${'a'.repeat(13)}`;

describe('idProblem says what keeps a text from being a Paddle id', () => {
  it.each([
    [good, undefined],
    [
      'txn_ABC',
      'it has upper-case letters (ids are lower case); it is too short: 3 characters after txn_, not 26',
    ],
    ['txn_abc', 'it is too short: 3 characters after txn_, not 26'],
    [`${good}x`, 'it is too long: 27 characters after txn_, not 26'],
    [good.toUpperCase(), 'it has upper-case letters (ids are lower case)'],
    [`pro_${good.slice(4)}`, 'its prefix is pro_, not txn_'],
    ['01h8', 'it has no txn_ prefix'],
    [`txn_${'a'.repeat(25)}-`, 'it has characters other than letters and digits'],
  ])('%s', (text, problem) => {
    expect(idProblem(text, 'txn')).toBe(problem);
  });
});
