// How a list of subscriptions is asked for: page size, the pages a list may take, and how many
// price ids one request names. Apart from the gateway (which loads the SDK) so that the counts'
// planning (subscriber-counts.ts) loads without it.

/** The largest page Paddle serves for subscriptions (`per_page`, its list subscriptions reference). */
export const SUBSCRIPTIONS_PAGE_SIZE = 200;
/** 1,000 pages of 200: more subscriptions on a few prices than any account has; a server paging past it is broken. */
export const MAX_SUBSCRIPTION_PAGES = 1_000;
/**
 * The most ids one list request names (`price_id` of subscriptions, `id` of customers: each
 * comma-separated). Paddle documents no limit, so this is our bound: 100 ids are about 3,300
 * characters of URL, well under the 8 KiB
 * request line common servers accept, and more ids go in as many requests as needed.
 */
export const IDS_PER_REQUEST = 100;

/** `ids` in runs of at most IDS_PER_REQUEST, each once. */
export function idChunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_REQUEST) chunks.push(unique.slice(i, i + IDS_PER_REQUEST));
  return chunks;
}
