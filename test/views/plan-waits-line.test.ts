// The plan's `waits:` line under a move: how many subscriptions wait and until when, by day for the
// first few days, the later days summed with the range they span, and those waiting until paid
// (a past-due one: no day) always apart; every count it names adds up to the total it opens with.
import { describe, expect, it } from 'vitest';
import type { SubscriberMove } from '../../src/planner/subscribers.js';
import { WAITS, type WaitGroup } from '../../src/planner/verdicts.js';
import { makeStyle } from '../../src/terminal/style.js';
import { verdictLines } from '../../src/views/plan/verdict-lines.js';

const BILLS_FROM = { code: 'bills_from_not_reached', reason: 'bills_from 2027-01-01 not reached' };
const PAST_DUE = { code: 'subscription_update_when_past_due', reason: 'past due until paid', until: null };

const moveWaiting = (waits: WaitGroup[]): SubscriberMove => ({
  kind: 'subscribers',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  fromId: 'pri_01',
  toId: null,
  proration: 'do_not_bill',
  billsFrom: '2027-01-01',
  verdicts: { now: 0, waits, refused: [], unpredicted: [] },
});

/** `n` days from 2026-11-30, one subscription each. */
const daily = (n: number): WaitGroup[] =>
  Array.from({ length: n }, (_, i) => ({
    ...BILLS_FROM,
    until: new Date(Date.parse('2026-11-30') + i * 86_400_000).toISOString().slice(0, 10),
    count: 1,
  }));

const waitsLine = (waits: WaitGroup[]) =>
  verdictLines(moveWaiting(waits), makeStyle(false)).find((line) => line.trim().startsWith(`${WAITS}:`));

/** The numbers before `until`/`more` in the line's parentheses, and the total it opens with. */
function countsOf(line: string): { total: number; parts: number[] } {
  const total = Number(/waits: (\d+)/.exec(line)?.[1]);
  const parts = [...line.matchAll(/[(,] (\d+) (?:until|more)|\((\d+) (?:until|more)/g)].map((m) =>
    Number(m[1] ?? m[2]),
  );
  return { total, parts };
}

describe('the waits line of a move', () => {
  it('one past due among twelve days: "1 until paid" apart, not "8 more until paid"', () => {
    const line = waitsLine([...daily(12), { ...PAST_DUE, count: 1 }]);
    expect(line).toContain(
      'waits: 13 (1 until 2026-11-30, 1 until 2026-12-01, 1 until 2026-12-02, 1 until 2026-12-03, 1 until 2026-12-04, 7 more until 2026-12-05 to 2026-12-11, 1 until paid;',
    );
    expect(line).not.toContain('more until paid');
  });

  it('a sixth day is named as the others, not summed alone', () => {
    expect(waitsLine(daily(6))).toContain('1 until 2026-12-04, 1 until 2026-12-05;');
  });

  it.each([
    ['a few days', daily(3)],
    ['a few days and the past due', [...daily(3), { ...PAST_DUE, count: 2 }]],
    ['six days', daily(6)],
    ['seven days', daily(7)],
    ['many days', daily(30)],
    ['many days and the past due', [...daily(30), { ...PAST_DUE, count: 4 }]],
    ['only past due', [{ ...PAST_DUE, count: 5 }]],
    [
      'two reasons on one day',
      [
        { ...BILLS_FROM, until: '2026-12-01', count: 2 },
        { code: 'subscription_locked_renewal', reason: 'a lock near renewal', until: '2026-12-01', count: 1 },
      ],
    ],
  ])('its counts add up to the total: %s', (_title, waits) => {
    const line = waitsLine(waits) ?? '';
    const { total, parts } = countsOf(line);
    expect(total).toBe(waits.reduce((n, w) => n + w.count, 0));
    expect(parts.reduce((n, k) => n + k, 0)).toBe(total);
  });
});
