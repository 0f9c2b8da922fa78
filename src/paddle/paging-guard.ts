// A list is followed page by page while the server says there is more; a broken or hostile server
// can say so forever (one plan sent 125,000 requests in a minute to one that repeated its `next`,
// another paged fresh cursors for eight minutes). Paging stops with `invalid_response` when a
// cursor comes back, or past a bound of pages or time no real catalog reaches.
import { RemoteError } from '../errors.js';
import { BAD_RESPONSE } from './remote-error.js';

/**
 * 250 pages of MAX_PAGE_SIZE (200) are 50,000 products, prices or discounts in one list: far beyond any real account.
 * @internal The paging tests and the emulator support page past this limit.
 */
export const MAX_PAGES = 250;
/**
 * 250 pages at Paddle's 240 requests a minute take about a minute: a list read takes at most two.
 * @internal The paging test steps its clock past this limit.
 */
export const MAX_LIST_SECONDS = 120;

/** Returns a check for each `next` link of one list: the same link twice, or too many, is an error. */
export function pagingGuard(
  operation: string,
  maxPages = MAX_PAGES,
  maxSeconds = MAX_LIST_SECONDS,
  now: () => number = Date.now,
): (next: string) => string {
  const seen = new Set<string>();
  const started = now();
  return (next) => {
    const why = seen.has(next)
      ? 'the server sent the same next page twice'
      : seen.size + 1 >= maxPages
        ? `the list goes on past ${maxPages} pages`
        : now() - started > maxSeconds * 1000
          ? `the list took more than ${maxSeconds} s to read (${seen.size + 1} pages)`
          : undefined;
    if (why) {
      throw new RemoteError({ code: BAD_RESPONSE, detail: `stopped paging: ${why}`, operation });
    }
    seen.add(next);
    return next;
  };
}
