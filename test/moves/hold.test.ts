// Which archive's count of a source price is taken after every move of the run, so the verification
// may read it instead of counting again (src/moves/hold.ts): only one that waited for them all. A
// --dedupe twin's archive waits only for the moves off that twin; the others may still be sending.
import { describe, expect, it } from 'vitest';
import { waitsForEveryMove } from '../../src/moves/hold.js';
import type { Operation } from '../../src/operations/compile.js';

const archive = (after: string[]): Operation => ({
  id: 'archive price pro/monthly pri_01old',
  change: 1,
  kind: 'price',
  key: 'pro/monthly',
  verb: 'archive',
  target: 'pri_01old',
  body: { status: 'archived' },
  after,
  recover: null,
});

const [A, B, C] = ['move subscription sub_a', 'move subscription sub_b', 'move subscription sub_c'];

describe('the archive whose count the verification reads', () => {
  it.each([
    ['a catalog archive, after every move and a create', [`create price pro/monthly-2027`, A, B, C], true],
    ['a twin archive, after the moves off that twin only', [A], false],
    ['an archive after no move', [], false],
  ])('%s: %s', (_what, after, every) => {
    expect(waitsForEveryMove(archive(after), [A, B, C])).toBe(every);
  });

  it('a run that sends no move: any archive counts after every move (there is none)', () => {
    expect(waitsForEveryMove(archive([]), [])).toBe(true);
  });
});
