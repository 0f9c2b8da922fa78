// Where a rise stands, as tables: the week a day falls in, each move's breakdown from its verdicts
// (moved, waits for a date by week, waits for payment, will not move, not predicted, the last day
// due), the notices still ahead on the account's day, and what a run now would come to (dry run).
import { describe, expect, it } from 'vitest';
import type { MoveVerdicts } from '../../src/planner/verdicts.js';
import { dryRunVerdict } from '../../src/rollout/dry-run.js';
import { dayOfCell, type NoticeRecord, noticesStanding } from '../../src/rollout/notices-ahead.js';
import { type StandingInput, standingOf } from '../../src/rollout/standing.js';
import { byWeek, weekOf } from '../../src/rollout/weeks.js';

const NOW = Date.parse('2027-01-06T12:00:00Z');
const BILLS_FROM = 'bills_from 2027-02-01 not reached';

const verdicts = (fields: Partial<MoveVerdicts>): MoveVerdicts => ({
  now: 0,
  waits: [],
  refused: [],
  unpredicted: [],
  ...fields,
});
const move = (fields: Partial<StandingInput> = {}): StandingInput => ({
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  proration: 'do_not_bill',
  pastDue: [],
  ...fields,
});
const wait = (until: string | null, count: number, reason = BILLS_FROM) => ({
  code: until === null ? 'subscription_update_when_past_due' : 'bills_from_not_reached',
  reason: until === null ? 'past due until paid' : reason,
  until,
  count,
});

describe('the week a day falls in (Monday, UTC)', () => {
  it.each([
    ['a Monday is its own week', '2027-01-04', '2027-01-04'],
    ['a Sunday belongs to the Monday before', '2027-01-10', '2027-01-04'],
    ['a Wednesday', '2027-01-06', '2027-01-04'],
    ['across a year', '2027-01-01', '2026-12-28'],
    ['across a month', '2026-03-01', '2026-02-23'],
  ])('%s', (_title, day, week) => {
    expect(weekOf(day)).toBe(week);
  });

  it('counts by week, in order of the weeks', () => {
    const days = [
      { day: '2027-01-12', count: 2 },
      { day: '2027-01-04', count: 1 },
      { day: '2027-01-10', count: 3 },
    ];
    expect(byWeek(days)).toEqual([
      { week: '2027-01-04', count: 4 },
      { week: '2027-01-11', count: 2 },
    ]);
  });
});

describe("each move's breakdown", () => {
  it.each([
    ['no one on the source: nothing moved, nothing waits, no day due', move(), 0, 0, null],
    ['no subscriptions read: the same', move({ verdicts: undefined }), 0, 0, null],
    [
      'waits by day grouped by week, the last day due the latest',
      move({
        verdicts: verdicts({
          now: 3,
          waits: [wait('2027-01-04', 5), wait('2027-01-10', 7), wait('2027-01-20', 1)],
        }),
      }),
      3,
      13,
      '2027-01-20',
    ],
    [
      'a wait for payment has no day: not a wait for a date, not the last day',
      move({
        verdicts: verdicts({ waits: [wait('2027-01-04', 1), wait(null, 2)] }),
        pastDue: [
          { id: 'sub_1', since: '2026-12-20T00:00:00Z' },
          { id: 'sub_2', since: null },
        ],
      }),
      0,
      1,
      '2027-01-04',
    ],
  ])('%s', (_title, input, moved, waiting, lastDue) => {
    const [standing] = standingOf([input], undefined, NOW).moves;
    expect(standing?.moved).toBe(moved);
    expect(standing?.waitsForDate.count).toBe(waiting);
    expect(standing?.lastDue).toBe(lastDue);
    expect(standing?.waitsForPayment).toEqual(input.pastDue);
  });

  it('says each week and each reason once', () => {
    const input = move({
      verdicts: verdicts({
        waits: [wait('2027-01-04', 5), wait('2027-01-05', 2), wait('2027-01-11', 1, 'a lock near renewal')],
      }),
    });
    const [standing] = standingOf([input], undefined, NOW).moves;
    expect(standing?.waitsForDate).toEqual({
      count: 8,
      weeks: [
        { week: '2027-01-04', count: 7 },
        { week: '2027-01-11', count: 1 },
      ],
      reasons: [BILLS_FROM, 'a lock near renewal'],
    });
  });

  it('keeps the groups the mode will not move and Paddle leaves open, in the review’s words', () => {
    const refused = [
      {
        code: 'subscription_update_error_when_paused',
        reason: 'paused',
        modes: ['do_not_bill' as const],
        subscriptions: ['sub_9'],
      },
    ];
    const unpredicted = [
      { reason: "trialing: Paddle's pages both allow and refuse", subscriptions: ['sub_8'] },
    ];
    const [standing] = standingOf(
      [move({ verdicts: verdicts({ refused, unpredicted }) })],
      undefined,
      NOW,
    ).moves;
    expect(standing?.willNotMove).toEqual(refused);
    expect(standing?.notPredicted).toEqual(unpredicted);
  });

  it('the last day due over every move', () => {
    const standing = standingOf(
      [
        move({ verdicts: verdicts({ waits: [wait('2027-02-01', 1)] }) }),
        move({
          from: 'pro/yearly',
          to: 'pro/yearly-2027',
          verdicts: verdicts({ waits: [wait('2027-03-01', 1)] }),
        }),
        move({ from: 'team/seat', to: 'team/seat-2027' }),
      ],
      undefined,
      NOW,
    );
    expect(standing.lastDue).toBe('2027-03-01');
  });
});

const notice = (id: string, cell: string | null): NoticeRecord => ({
  subscription_id: id,
  customer_id: 'ctm_1',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  new_price_first_bills: cell,
});

describe('the notices still ahead on the account’s day (the list records no sending)', () => {
  it.each([
    ['a day after today: ahead', '2027-01-07', '2027-01-07'],
    ['today: past (the new price bills it today)', '2027-01-06', undefined],
    ['a day before today: past', '2027-01-01', undefined],
    [
      'words with a day after today: ahead from that day',
      'the first renewal on or after 2027-02-01',
      '2027-02-01',
    ],
    ['a resume on a day', 'when it resumes on 2027-03-15', '2027-03-15'],
  ])('%s', (_title, cell, day) => {
    const standing = noticesStanding([notice('sub_1', cell)], NOW);
    expect(standing.ahead.map((a) => a.day)).toEqual(day ? [day] : []);
    expect(standing.undated).toEqual([]);
    expect(standing.today).toBe('2027-01-06');
  });

  it.each([
    ['past due', 'the first renewal after it is paid and moved'],
    ['paused, no bills_from', 'when it resumes'],
    ['a mode that bills now', 'when apply moves it'],
    ['a mode that will not move it', 'not with prorated_immediately'],
  ])('a cell that names no day is listed apart with its words: %s', (_title, words) => {
    const standing = noticesStanding([notice('sub_1', words)], NOW);
    expect(standing.ahead).toEqual([]);
    expect(standing.undated).toEqual([expect.objectContaining({ subscription_id: 'sub_1', words })]);
  });

  it('an empty cell (no bill at the new price) is neither', () => {
    const standing = noticesStanding([notice('sub_1', null), notice('sub_2', '')], NOW);
    expect([standing.rows, standing.ahead.length, standing.undated.length]).toEqual([2, 0, 0]);
  });

  it('the ones ahead earliest first, and by week', () => {
    const standing = noticesStanding(
      [notice('sub_3', '2027-01-20'), notice('sub_1', '2027-01-12'), notice('sub_2', '2027-01-11')],
      NOW,
    );
    expect(standing.ahead.map((a) => a.subscription_id)).toEqual(['sub_2', 'sub_1', 'sub_3']);
    expect(standing.weeks).toEqual([
      { week: '2027-01-11', count: 2 },
      { week: '2027-01-18', count: 1 },
    ]);
  });

  it('dayOfCell: the first day a cell names', () => {
    expect(
      dayOfCell('when it resumes, if on or after 2027-02-01; else its first renewal on or after 2027-02-01'),
    ).toBe('2027-02-01');
    expect(dayOfCell(null)).toBeUndefined();
  });
});

describe('what a run now would come to (dry run)', () => {
  const verdictOf = (input: StandingInput, failAfter = 30) =>
    dryRunVerdict(standingOf([input], undefined, NOW), NOW, failAfter);

  it.each([
    ['no one on the source: done', move(), 'done', 0],
    [
      'everyone moves now: done (the run archives the old price)',
      move({ verdicts: verdicts({ now: 4 }) }),
      'done',
      0,
    ],
    [
      'some wait for a date: in progress',
      move({ verdicts: verdicts({ now: 1, waits: [wait('2027-02-01', 2)] }) }),
      'in-progress',
      2,
    ],
    [
      'Paddle is asked of one: in progress',
      move({ verdicts: verdicts({ unpredicted: [{ reason: 'trialing', subscriptions: ['sub_1'] }] }) }),
      'in-progress',
      0,
    ],
    [
      'one waits for payment 17 days, under --fail-after: in progress',
      move({
        verdicts: verdicts({ waits: [wait(null, 1)] }),
        pastDue: [{ id: 'sub_1', since: '2026-12-20T00:00:00Z' }],
      }),
      'in-progress',
      1,
    ],
  ])('%s', (_title, input, state, waiting) => {
    const verdict = verdictOf(input);
    expect(verdict.state).toBe(state);
    expect(verdict.waiting).toBe(waiting);
    expect(verdict.needs).toEqual([]);
  });

  it('one the mode will not move needs a person, named in the review’s words', () => {
    const refused = [
      {
        code: 'subscription_update_error_when_paused',
        reason: 'paused',
        modes: [],
        subscriptions: ['sub_9'],
      },
    ];
    const verdict = verdictOf(move({ proration: 'prorated_immediately', verdicts: verdicts({ refused }) }));
    expect(verdict.state).toBe('needs-attention');
    expect(verdict.needs).toEqual([
      "sub_9 will not move with this mode (prorated_immediately): paused, Paddle's subscription_update_error_when_paused",
    ]);
  });

  it('one waiting for payment longer than --fail-after needs a person', () => {
    const input = move({ pastDue: [{ id: 'sub_1', since: '2026-12-20T00:00:00Z' }] });
    expect(verdictOf(input, 10).needs).toEqual([
      'sub_1 has waited for payment since 2026-12-20, more than --fail-after 10 days',
    ]);
  });
});
