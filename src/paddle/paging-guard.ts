// A list is followed page by page while the server says there is more; a broken or hostile server
// can say so forever (one plan sent 125,000 requests in a minute to one that repeated its `next`).
// Paging stops with `invalid_response` when a cursor comes back, or past a bound no real catalog
// reaches.
import { RemoteError } from '../errors.js';
import { BAD_RESPONSE } from './remote-error.js';

/** 1,000 pages of 200 are 200,000 products or prices of one list: far beyond any real account. */
export const MAX_PAGES = 1000;

/** Returns a check for each `next` link of one list: the same link twice, or too many, is an error. */
export function pagingGuard(operation: string, maxPages = MAX_PAGES): (next: string) => string {
  const seen = new Set<string>();
  return (next) => {
    const why = seen.has(next)
      ? 'the server sent the same next page twice'
      : seen.size + 1 >= maxPages
        ? `the list goes on past ${maxPages} pages`
        : undefined;
    if (why) {
      throw new RemoteError({ code: BAD_RESPONSE, detail: `stopped paging: ${why}`, operation });
    }
    seen.add(next);
    return next;
  };
}
