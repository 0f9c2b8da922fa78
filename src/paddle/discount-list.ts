// The statuses the discounts list is read with. The Node SDK's list options take all four; Paddle's
// OpenAPI filter enum names only active and archived (docs/discount-statuses.md). A server that
// refuses a status in the filter (a 400 whose field errors name `status`) is asked again with fewer,
// and the answer is remembered for the rest of the run: one refusal per run, one warning.
import { RemoteError } from '../errors.js';
import { CATALOG_STATUSES, DISCOUNT_STATUSES } from '../paddle-facts/statuses.js';

const TRIES: readonly (readonly string[])[] = [
  DISCOUNT_STATUSES,
  DISCOUNT_STATUSES.filter((status) => status !== 'used'),
  CATALOG_STATUSES,
];

/** A 400 naming the list's status filter: `status[3]`, or a request name's `…Request.Status[3]`. */
function refusesStatusFilter(error: unknown): boolean {
  return (
    error instanceof RemoteError &&
    error.details.status === 400 &&
    (error.details.errors ?? []).some((e) => /(^|\.)status(\[\d+\])?$/i.test(e.field))
  );
}

/** Reads a discounts list with the statuses this server accepts, learning them on its first refusal. */
export type DiscountStatusFilter = <T>(read: (statuses: string) => Promise<T>) => Promise<T>;

export function discountStatusFilter(warn: (message: string) => void): DiscountStatusFilter {
  let at = 0;
  let warned = false;
  return async (read) => {
    for (;;) {
      const statuses = TRIES[at] as readonly string[];
      try {
        const answer = await read(statuses.join(','));
        if (at > 0 && !warned) {
          warned = true;
          warn(unreadWarning(statuses));
        }
        return answer;
      } catch (error) {
        if (at === TRIES.length - 1 || !refusesStatusFilter(error)) throw error;
        at += 1;
      }
    }
  };
}

function unreadWarning(statuses: readonly string[]): string {
  const unread = DISCOUNT_STATUSES.filter((s) => !statuses.includes(s));
  const list = unread.join(' or ');
  return (
    `Paddle refused status=${DISCOUNT_STATUSES.join(',')} on the discounts list; read ${statuses.join(',')} instead: ` +
    `discounts Paddle has marked ${list} are not seen (their codes stay taken, so creating one with such a code fails)`
  );
}
