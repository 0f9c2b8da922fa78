// The note on objects the catalog no longer has says what --prune does to each kind: Paddle archives
// catalog objects, but a notification destination is deleted, which cannot be undone.
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/planner/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { orphanLines } from '../../src/views/plan/review-lines.js';

const orphan = (kind: string, key: string, id: string) => ({ kind, key, id });
const linesFor = (...orphans: ReturnType<typeof orphan>[]) =>
  orphanLines({ orphans } as unknown as Plan, undefined, makeStyle(false));

describe('what the plan says --prune does to objects no longer in the catalog', () => {
  it.each([
    [
      'catalog objects are archived',
      [orphan('product', 'old', 'pro_old'), orphan('discount', 'spring', 'dsc_spring')],
      'not in the catalog any more: product old (pro_old), discount spring (dsc_spring); apply --prune archives them',
    ],
    [
      'a notification destination is deleted, which cannot be undone',
      [orphan('notification', 'app', 'ntfset_1')],
      'not in the catalog any more: notification app (ntfset_1); apply --prune deletes them, which cannot be undone',
    ],
    [
      'both: archived and deleted, each said',
      [orphan('price', 'pro/old', 'pri_1'), orphan('notification', 'app', 'ntfset_1')],
      'not in the catalog any more: price pro/old (pri_1), notification app (ntfset_1); apply --prune archives them and deletes the notification destinations, which cannot be undone',
    ],
  ])('%s', (_what, orphans, line) => {
    expect(linesFor(...orphans)).toEqual([`  ${line}`]);
  });
});
