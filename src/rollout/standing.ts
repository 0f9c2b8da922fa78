// Where a rise stands, for the person who reads the scheduled job (pure): per move, how many moved
// (a dry run: would move now), how many wait for a date (by week), which wait for payment and since
// when, which will not move with the move's mode and which Paddle's pages leave open, in the words of
// the plan's review (src/planner/verdicts.ts); the day the last one waiting for a date is due; and,
// given the notices list, the notices still ahead (notices-ahead.ts).
import type { ProrationBillingMode } from '../paddle-facts/subscriptions.js';
import type { MoveVerdicts, RefusedGroup, UnpredictedGroup } from '../planner/verdicts.js';
import { type NoticeRecord, type NoticesStanding, noticesStanding } from './notices-ahead.js';
import { byWeek, type WeekCount } from './weeks.js';

/** One move as a run (or a dry run) found it: its verdicts, `now` the ones moved, and who waits for payment. */
export interface StandingInput {
  from: string;
  to: string;
  proration: ProrationBillingMode;
  /** `now`: moved by the run (a dry run: moves now); absent: no one on the source was read */
  verdicts?: MoveVerdicts;
  /** past due: each one and since when it owes its renewal (its current billing period's start) */
  pastDue: ReadonlyArray<{ id: string; since: string | null }>;
}

export interface MoveStanding {
  from: string;
  to: string;
  proration: ProrationBillingMode;
  moved: number;
  /** wait for a day (bills_from, a renewal lock): how many, by week, and why */
  waitsForDate: { count: number; weeks: WeekCount[]; reasons: string[] };
  waitsForPayment: Array<{ id: string; since: string | null }>;
  willNotMove: RefusedGroup[];
  notPredicted: UnpredictedGroup[];
  /** the latest day one of them waits until; null: none waits for a day */
  lastDue: string | null;
}

export interface RolloutStanding {
  moves: MoveStanding[];
  /** the day the last subscription waiting for a date is due, over every move; null: none waits for one */
  lastDue: string | null;
  /** the notices list given, read against the account's clock */
  notices?: NoticesStanding;
}

const latest = (days: ReadonlyArray<string | null>): string | null =>
  days.reduce<string | null>(
    (last, day) => (day !== null && (last === null || day > last) ? day : last),
    null,
  );

function moveStanding(move: StandingInput): MoveStanding {
  const verdicts = move.verdicts ?? { now: 0, waits: [], refused: [], unpredicted: [] };
  // a wait with no day is one for payment: pastDue names each of those
  const dated = verdicts.waits.flatMap((w) => (w.until === null ? [] : [{ ...w, day: w.until }]));
  return {
    from: move.from,
    to: move.to,
    proration: move.proration,
    moved: verdicts.now,
    waitsForDate: {
      count: dated.reduce((n, w) => n + w.count, 0),
      weeks: byWeek(dated),
      reasons: [...new Set(dated.map((w) => w.reason))],
    },
    waitsForPayment: [...move.pastDue],
    willNotMove: verdicts.refused,
    notPredicted: verdicts.unpredicted,
    lastDue: latest(dated.map((w) => w.day)),
  };
}

/**
 * The breakdown of `moves` at `now` (the account's clock), and of `notices` when the list was given.
 */
export function standingOf(
  moves: readonly StandingInput[],
  notices: readonly NoticeRecord[] | undefined,
  now: number,
): RolloutStanding {
  const standing = moves.map(moveStanding);
  return {
    moves: standing,
    lastDue: latest(standing.map((m) => m.lastDue)),
    ...(notices ? { notices: noticesStanding(notices, now) } : {}),
  };
}
