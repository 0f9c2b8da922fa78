// Which notices of a rise are still ahead (pure). The notices list `plan --notices-out` wrote records
// no sending: it has no column that says a notice went out, so the tool cannot know which were sent.
// What it can say is the day each one's new price first bills it (`new_price_first_bills`): a notice
// whose day is after today on the account's clock is still ahead (the customer must be told before
// then, if not told already), one whose day has come is past. A cell that names no day (past due:
// after it is paid; paused: when it resumes; a mode that bills when apply moves it) is listed apart
// with its words: the file cannot say whether it is ahead. docs/plan-and-apply.md says so.
import { byWeek, type WeekCount } from './weeks.js';

/** The fields of one row of the notices list that say who is told of what, and when it first bills. */
export interface NoticeRecord {
  subscription_id: string;
  customer_id: string | null;
  from: string;
  to: string;
  /** a day (`YYYY-MM-DD`), words that may hold one, or null (no bill at the new price) */
  new_price_first_bills: string | null;
}

interface NoticeAhead {
  subscription_id: string;
  customer_id: string | null;
  from: string;
  to: string;
  /** the day the new price first bills it */
  day: string;
}

interface NoticeUndated {
  subscription_id: string;
  customer_id: string | null;
  from: string;
  to: string;
  /** the file's words (`the first renewal after it is paid and moved`) */
  words: string;
}

export interface NoticesStanding {
  /** rows in the list */
  rows: number;
  /** today on the account's clock (`YYYY-MM-DD`): a notice whose day is after it is ahead */
  today: string;
  /** ahead, earliest day first */
  ahead: NoticeAhead[];
  /** the ones ahead, by week */
  weeks: WeekCount[];
  /** rows whose cell names no day */
  undated: NoticeUndated[];
}

const DAY = /\d{4}-\d{2}-\d{2}/;

/**
 * The day a cell names: the cell itself (`2027-01-04`), or the day in its words (`the first renewal on
 * or after 2027-01-01`: no renewal bills the new price before that day; `when it resumes on
 * 2027-02-01`).
 * @internal A table test of the first day a notice cell names.
 */
export function dayOfCell(cell: string | null): string | undefined {
  return cell === null ? undefined : DAY.exec(cell)?.[0];
}

export function noticesStanding(rows: readonly NoticeRecord[], now: number): NoticesStanding {
  const today = new Date(now).toISOString().slice(0, 10);
  const ahead: NoticeAhead[] = [];
  const undated: NoticeUndated[] = [];
  for (const row of rows) {
    const who = {
      subscription_id: row.subscription_id,
      customer_id: row.customer_id,
      from: row.from,
      to: row.to,
    };
    const day = dayOfCell(row.new_price_first_bills);
    if (day !== undefined) {
      if (day > today) ahead.push({ ...who, day });
    } else if (row.new_price_first_bills !== null && row.new_price_first_bills !== '')
      undated.push({ ...who, words: row.new_price_first_bills });
  }
  ahead.sort((a, b) => a.day.localeCompare(b.day) || a.subscription_id.localeCompare(b.subscription_id));
  return {
    rows: rows.length,
    today,
    ahead,
    weeks: byWeek(ahead.map((a) => ({ day: a.day, count: 1 }))),
    undated,
  };
}
