// Customers over the real SDK: the CLI's customer directory (read straight from Paddle instead of
// the billing view's mirror), the customers of many subscriptions read by id (plan --notices-out),
// and the SDK's webhook signature check for apps that fill their own mirror from customer.created
// webhooks.
import { type Customer, NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk';
import type { SignatureCheck } from '../billing/customer-mirror.js';
import type { CustomerDirectory, CustomerQuery, CustomerRecord } from '../billing/ports.js';
import { MAX_PAGE_SIZE } from '../paddle-facts/api.js';
import { CATALOG_STATUSES } from '../paddle-facts/statuses.js';
import { paddleId } from './answer-shape.js';
import { callPaddle, createPaddle, type PaddleClient } from './sdk.js';
import { idChunks } from './subscription-lists.js';
import type { Target } from './target.js';

/** Paddle lists only active customers unless asked: churned ones are archived. */
const EVERY_STATUS = [...CATALOG_STATUSES];
/** A search for one address matches few customers; this bounds a server that keeps paging. */
const MAX_SEARCH_PAGES = 5;

export function paddleCustomerDirectory(paddle: Pick<PaddleClient, 'customers'>): CustomerDirectory {
  return {
    async listCustomers(query: CustomerQuery) {
      const filter = 'email' in query ? { email: [query.email] } : { search: query.search };
      return callPaddle('find customer by e-mail', async () => {
        const collection = paddle.customers.list({ ...filter, status: EVERY_STATUS, perPage: MAX_PAGE_SIZE });
        const found: CustomerRecord[] = [];
        // The exact filter needs one page; the search may spread over a few.
        const pages = 'email' in query ? 1 : MAX_SEARCH_PAGES;
        for (let page = 0; page < pages && collection.hasMore; page += 1) {
          found.push(...(await collection.next()).flatMap(toRecord));
        }
        return found;
      });
    },

    async getCustomer(customerId) {
      return callPaddle(`get customer ${customerId}`, async () => {
        const [record] = toRecord(await paddle.customers.get(customerId));
        if (record?.id !== customerId) throw new Error(`the answer is not customer ${customerId}`);
        return record;
      });
    },
  };
}

/** Customers read by id, a page per IDS_PER_REQUEST ids; `pace` is awaited before each page. */
export interface CustomersByIdGateway {
  read(operation: string, ids: readonly string[], pace?: () => Promise<void>): Promise<CustomerRecord[]>;
}

/**
 * GET /customers with the `id` filter ("Use a comma-separated list to get multiple entities") and
 * both statuses, one request per IDS_PER_REQUEST ids, each a page of up to 200 (`per_page`'s maximum):
 * https://developer.paddle.com/api-reference/customers/list-customers
 */
export function paddleCustomersByIdGateway(target: Target, timeoutMs?: number): CustomersByIdGateway {
  const paddle = createPaddle(target, timeoutMs);
  return {
    read: (operation, ids, pace) =>
      callPaddle(operation, async () => {
        const found: CustomerRecord[] = [];
        for (const id of idChunks(ids)) {
          const collection = paddle.customers.list({ id, status: EVERY_STATUS, perPage: MAX_PAGE_SIZE });
          // fewer ids than a page holds: one page, unless a server pages on past them
          for (let page = 0; page < MAX_SEARCH_PAGES && collection.hasMore; page += 1) {
            await pace?.();
            found.push(...(await collection.next()).flatMap(toRecord));
          }
        }
        return found;
      }),
  };
}

/** Checked for shape: an entry without a customer id (`ctm_…`) or an e-mail is no candidate. */
function toRecord(customer: Customer): CustomerRecord[] {
  if (!paddleId('ctm').safeParse(customer.id).success || typeof customer.email !== 'string') return [];
  return [
    { id: customer.id, email: customer.email, status: customer.status === 'active' ? 'active' : 'archived' },
  ];
}

/**
 * The SDK's webhook helper as a SignatureCheck for InMemoryCustomerMirror: HMAC over
 * `ts:body` with the notification destination's secret key, `Paddle-Signature: ts=…;h1=…`,
 * and deliveries older than a few seconds refused (the SDK's replay window).
 */
export function paddleSignatureCheck(secretKey: string): SignatureCheck {
  // The SDK finds its crypto through a runtime provider that `new Paddle()` normally sets up.
  NodeRuntime.initialize();
  const webhooks = new Webhooks();
  return (rawBody, signature) => webhooks.isSignatureValid(rawBody, secretKey, signature);
}
