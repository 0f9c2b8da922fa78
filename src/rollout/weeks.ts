// Days grouped by week, as a rise's report counts them ("week of 2027-01-04: 12"): a rise over
// thousands of subscriptions spans every day of a month or more. Weeks start on Monday (ISO 8601),
// by UTC days, as every day of a move (bills_from, a renewal) is.

const DAY_MS = 86_400_000;

/** How many in one week (`week`: its Monday, `YYYY-MM-DD`). */
export interface WeekCount {
  week: string;
  count: number;
}

/**
 * The Monday (UTC) of the week `day` (`YYYY-MM-DD`) falls in.
 * @internal A table test of the Monday of a day's week.
 */
export function weekOf(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Counts by week, in order of the weeks. */
export function byWeek(days: ReadonlyArray<{ day: string; count: number }>): WeekCount[] {
  const weeks = new Map<string, number>();
  for (const { day, count } of days) weeks.set(weekOf(day), (weeks.get(weekOf(day)) ?? 0) + count);
  return [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, count]) => ({ week, count }));
}
