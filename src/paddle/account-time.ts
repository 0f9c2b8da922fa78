// The account's time: what a run judges time by (a move's bills_from, Paddle's 30-minute locks,
// paused and trialing subscriptions, the notices' dates, the review's "until" words), as opposed to
// the machine's clock the paced caller waits on (clock.ts). A subscription renews, and Paddle locks
// it, by Paddle's clock, not ours; the emulator runs on a clock of its own that a rehearsal moves
// months ahead. So the run takes the offset between the two from the HTTP `Date` header of the
// account's answers (every HTTP server with a clock sends one: RFC 9110's Date field,
// https://www.rfc-editor.org/rfc/rfc9110#field.date; Paddle's do, the emulator sends its own clock
// there) and applies it to the machine's clock, so a run of an hour judges each batch at the
// account's time as it is then.
//
// An answer without a Date header, or with one that is not an HTTP date of a day that exists, is
// not heard: the offset stays as the last good answer set it, and until one has come the account's
// time is the machine's (docs/plan-and-apply.md says so). The header counts whole seconds, so the
// account's time is read up to a second behind: a lock of 30 minutes and a day of bills_from are
// judged alike either way.
import type { Clock } from './clock.js';

/** The time a run judges by (what `now` means to a prediction, a notice or a review). */
export interface AccountTime {
  now(): number;
}

/** The account's time as its answers tell it: `hear` is given each answer's `Date` header. */
export interface HeardAccountTime extends AccountTime {
  hear(date: string | null): void;
  /** whether any answer has set the offset yet (until then: the machine's clock) */
  heard(): boolean;
}

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * An HTTP date (IMF-fixdate, the form servers must send: `Sun, 06 Nov 1994 08:49:37 GMT`) as
 * milliseconds, or undefined: another form, or a day that does not exist (`31 Feb`, a wrong weekday).
 * @internal A table test of the Date headers it reads.
 */
export function httpDate(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string' || !IMF_FIXDATE.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) && new Date(at).toUTCString() === text ? at : undefined;
}

/** The account's time on `machine`'s clock, set by each answer's Date header. */
export function accountTime(machine: Clock): HeardAccountTime {
  let offset: number | undefined;
  return {
    now: () => machine.now() + (offset ?? 0),
    hear: (date) => {
      const at = httpDate(date);
      if (at !== undefined) offset = at - machine.now();
    },
    heard: () => offset !== undefined,
  };
}
