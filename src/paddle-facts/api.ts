// How Paddle's API serves a client, each number once. Sources: Paddle's API reference
// (developer.paddle.com/api-reference/about/rate-limiting, …/about/pagination) and its OpenAPI.

/** The most entities one page of a products, prices, discounts or customers list holds (`per_page`). */
export const MAX_PAGE_SIZE = 200;

/** Requests a minute Paddle allows from one IP; over it, a 429 and a lockout. */
export const REQUESTS_PER_MINUTE = 240;

/** The lockout after a 429, when no Retry-After came with it. */
export const RATE_LIMIT_LOCKOUT_SECONDS = 60;

/** How long the link to a transaction's invoice PDF works: "it expires after an hour". */
export const INVOICE_URL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Requests a minute Paddle allows from one IP to each of its two previews (POST /pricing-preview
 * and POST /transactions/preview): 1,000 (changelog 2026-01-19, rate-limits-preview-prices-transactions).
 */
export const PREVIEW_REQUESTS_PER_MINUTE = 1_000;

/** The most items one preview request may hold (OpenAPI: `items`, 1 to 100). */
export const PREVIEW_MAX_ITEMS = 100;

/**
 * A list's `estimated_total` is exact up to this; above it Paddle says 100001, which means "more than
 * 100,000" (https://developer.paddle.com/api-reference/about/pagination).
 */
export const ESTIMATED_TOTAL_EXACT_UP_TO = 100_000;
