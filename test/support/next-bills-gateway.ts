// The review's next bills on a gateway of our own (test/review/next-bills*.test.ts): subscriptions on
// a source price (OLD) read from pages we hand it, every call recorded with the words the run names
// it by (what an error of Paddle's would say it was doing), and Paddle's errors where a test wants
// them. Over real HTTP: test/e2e/plan-next-bills.test.ts.
import { RemoteError, type RemoteErrorDetails } from '../../src/errors.js';
import { createPacedCalls, DEFAULT_RETRY } from '../../src/paddle/calls.js';
import type {
  BillTotals,
  SubscriptionPreviewsGateway,
} from '../../src/paddle/subscription-previews-gateway.js';
import { type NextBillsRequest, reviewNextBills } from '../../src/review/next-bills.js';
import { moveReviewOf, type Review } from '../../src/review/types.js';
import { jumpingClock } from './jumping-clock.js';
import { NOW } from './subscription-account.mjs';

/** The source price's id (pro/monthly) and the target's (pro/monthly-2027) where it exists. */
export const OLD = `pri_${'o'.repeat(26)}`;
export const NEW = `pri_${'n'.repeat(26)}`;

/** The run's clock, the account's NOW as milliseconds: before every sample's renewal (2026-02-01), none within a lock. */
export const NOW_MS = Date.parse(NOW);

/** The run's paced caller, its waits on a clock that jumps (Paddle's retries cost no time). */
export const paced = () =>
  createPacedCalls({ requestsPerMinute: 0, retry: DEFAULT_RETRY, clock: jumpingClock() });

/** Subscription `n` in `currency`, active, one unit of OLD, renewing 2026-02-01. */
export const subscription = (n: number, currency: string, fields: object = {}) => ({
  id: `sub_${String(n).padStart(26, '0')}`,
  status: 'active',
  currency_code: currency,
  items: [{ price_id: OLD, quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2026-02-01T00:00:00.000Z',
  ...fields,
});

export const totals = (currency: string, grand: string): BillTotals => ({
  currency_code: currency,
  subtotal: grand,
  tax: '0',
  total: grand,
  grand_total: grand,
});

/**
 * A gateway whose list holds `pages` of `records`: `calls` has each call it gets, `operations` the
 * words each was named by; its previews bill 1000 next, nothing now.
 */
export function fakeGateway(pages: object[][], more = false) {
  const calls: string[] = [];
  const operations: string[] = [];
  const gateway: SubscriptionPreviewsGateway = {
    async page(operation, _price, _statuses, next) {
      const index = next === undefined ? 0 : Number(next);
      calls.push(`page ${index}`);
      operations.push(operation);
      const last = index + 1 >= pages.length && !more;
      return {
        records: (pages[index] ?? []) as ReturnType<typeof subscription>[],
        ...(last ? {} : { next: String(index + 1) }),
      };
    },
    async nextBill(operation, id) {
      calls.push(`next bill ${id}`);
      operations.push(operation);
      return totals('USD', '1000');
    },
    async previewItems(operation, id, items) {
      calls.push(`preview ${id} ${JSON.stringify(items)}`);
      operations.push(operation);
      return { next_billed_at: '2026-02-01T00:00:00.000Z', next: totals('USD', '1000'), immediate: null };
    },
  };
  return { gateway, calls, operations };
}

/** Paddle's answer to a request as the HTTP layer makes it: its status, code and words. */
export const paddleError = (
  details: Omit<RemoteErrorDetails, 'detail' | 'operation'> & { detail?: string },
) => new RemoteError({ detail: 'Paddle says no', operation: 'a request', ...details });

/** `gateway`, but the previews of `ids` answered with `error` (by default, as Paddle does within 30 minutes of a renewal). */
export function refusingFor(
  ids: string[],
  gateway: SubscriptionPreviewsGateway,
  onRefused: (id: string) => void = () => undefined,
  error: () => unknown = () =>
    paddleError({
      code: 'subscription_locked_renewal',
      status: 409,
      detail: 'unable to update subscription 30m0s before renewal',
    }),
): SubscriptionPreviewsGateway {
  return {
    ...gateway,
    async previewItems(op, id, items, proration) {
      if (!ids.includes(id)) return gateway.previewItems(op, id, items, proration);
      onRefused(id);
      throw error();
    },
  };
}

export const emptyReview = (): Review => ({ prices: {}, countries: [], unavailable: [] });

/** The review's next bills of the plan's first move. */
export async function billsOf(request: NextBillsRequest, review = emptyReview()) {
  await reviewNextBills(request, review);
  const [move] = request.plan.moves ?? [];
  return move ? moveReviewOf(review, move).nextBills : undefined;
}
