// The catalog side of Paddle behind one small interface of our own types. The reads are direct
// API calls (below); the writes go through the SDK, or around it for paid trials (catalog-writes.ts).
import { MAX_PAGE_SIZE } from '../paddle-facts/api.js';
import { CATALOG_STATUSES } from '../paddle-facts/statuses.js';
import type {
  CatalogSnapshot,
  RemoteDiscount,
  RemoteDiscountGroup,
  RemoteNotification,
  RemotePrice,
  RemoteProduct,
} from '../planner/remote.js';
import { checkList, discountAnswer, priceAnswer, productAnswer } from './answer-shape.js';
import { discountFromWire, isCatalogItem, priceFromWire, productFromWire } from './catalog-mapping.js';
import { type CatalogWrites, catalogWrites } from './catalog-writes.js';
import {
  type DestinationWrites,
  DISCOUNT_GROUPS_LIST,
  destinationWrites,
  discountGroupList,
  NOTIFICATIONS_LIST,
  notificationList,
  secretsOf,
} from './destinations.js';
import { type DiscountStatusFilter, discountStatusFilter } from './discount-list.js';
import { pagingGuard } from './paging-guard.js';
import { nextLinkPath, rawApiPage } from './raw-api.js';
import { isForbidden } from './remote-error.js';
import type { Target } from './target.js';

/** What apply and plan need from Paddle. `operation` names the call in errors (`create price pro/monthly`). */
export interface CatalogGateway extends CatalogWrites, DestinationWrites {
  /**
   * Every product, active and archived, each with all its prices, and (unless `skip`, the
   * default) every discount. With `discounts: 'if-permitted'` a key without discount.read reads as
   * an account without discounts (a catalog that has none must not need the permission).
   */
  snapshot(options?: SnapshotOptions): Promise<CatalogSnapshot>;
  /** Pages through products (newest first) until `match` finds one; for a create whose outcome is unknown. */
  findProduct(
    operation: string,
    match: (product: RemoteProduct) => boolean,
  ): Promise<RemoteProduct | undefined>;
  findPrice(
    operation: string,
    productId: string,
    match: (price: RemotePrice) => boolean,
  ): Promise<RemotePrice | undefined>;
  findDiscount(
    operation: string,
    match: (discount: RemoteDiscount) => boolean,
  ): Promise<RemoteDiscount | undefined>;
  findNotification(
    operation: string,
    match: (notification: RemoteNotification) => boolean,
  ): Promise<RemoteNotification | undefined>;
  findDiscountGroup(
    operation: string,
    match: (group: RemoteDiscountGroup) => boolean,
  ): Promise<RemoteDiscountGroup | undefined>;
  /** id → signing secret of every notification setting (for apply --secrets-out only; never shown) */
  notificationSecrets(operation: string): Promise<Map<string, string>>;
}

interface SnapshotOptions {
  /** `skip`: a catalog without discounts that prunes nothing needs no discount read (one request less) */
  discounts: 'required' | 'if-permitted' | 'skip';
  /** awaited before each request (the rate limit counts every page of every list) */
  pace?: () => Promise<void>;
  /**
   * read the discount groups and notification settings too (a catalog that names them); `if-permitted`
   * (export): none when the key may not read them
   */
  discountGroups?: boolean | 'if-permitted';
  notifications?: boolean | 'if-permitted';
}

/** products and prices in any status: an archived one still holds its key and may come back */
const EVERY_STATUS = CATALOG_STATUSES.join(',');

// every status in one read: a code stays taken by an expired or used discount, and a managed one must
// be found whatever Paddle has set; fewer when the server refuses some (discount-list.ts)
const discountsList = (statuses: string) => `/discounts?status=${statuses}&per_page=${MAX_PAGE_SIZE}`;

/** Where the reads go, how long each may take, and the discount statuses the server accepts. */
interface Reader {
  target: Target;
  timeoutMs?: number;
  discountStatuses: DiscountStatusFilter;
}

/** Follows `next` while `has_more`: its path and cursor on our own base URL (nextLinkPath). */
async function* pages(
  { target, timeoutMs }: Reader,
  operation: string,
  firstPath: string,
  pace?: () => Promise<void>,
): AsyncGenerator<unknown[]> {
  const nextPage = pagingGuard(operation);
  let path: string | undefined = firstPath;
  while (path !== undefined) {
    await pace?.();
    const page: { data: unknown[]; next: string | undefined } = await rawApiPage(target, {
      method: 'GET',
      path,
      operation,
      timeoutMs,
    });
    yield page.data;
    path = page.next === undefined ? undefined : nextPage(nextLinkPath(target, page.next, operation));
  }
}

const products = (page: unknown[], operation: string) =>
  checkList(productAnswer, page, 'a product list', operation).filter(isCatalogItem).map(productFromWire);
const prices = (page: unknown[], operation: string) =>
  checkList(priceAnswer, page, 'a price list', operation).map(priceFromWire);
const discountList = (page: unknown[], operation: string) =>
  checkList(discountAnswer, page, 'a discount list', operation).map(discountFromWire);

/** Every page of a list, parsed; how many pages that took. */
async function readAll<T>(
  reader: Reader,
  operation: string,
  firstPath: string,
  parse: (page: unknown[], operation: string) => T[],
  pace?: () => Promise<void>,
) {
  const items: T[] = [];
  let reads = 0;
  for await (const page of pages(reader, operation, firstPath, pace)) {
    reads += 1;
    items.push(...parse(page, operation));
  }
  return { items, reads };
}

/** Every discount; with `if-permitted` a key without discount.read reads as an account without any. */
async function readDiscounts(reader: Reader, mode: 'required' | 'if-permitted', pace?: () => Promise<void>) {
  try {
    return await reader.discountStatuses((statuses) =>
      readAll(reader, 'list discounts', discountsList(statuses), discountList, pace),
    );
  } catch (error) {
    if (!isForbidden(error) || mode === 'required') throw error;
    return { items: [], reads: 0 };
  }
}

/** A list read that, `if-permitted`, is empty when the key may not read it. */
const permitted = <T>(
  mode: true | 'if-permitted',
  read: Promise<{ items: T[]; reads: number }>,
): Promise<{ items: T[]; reads: number }> =>
  read.catch((error: unknown) => {
    if (mode !== 'if-permitted' || !isForbidden(error)) throw error;
    return { items: [], reads: 0 };
  });

// Direct API calls, not the SDK: the SDK drops trial_period.unit_price, and one products list
// with include=prices reads every product and price in a single request per 200 products.
// The two lists are independent, so they are read at once: a catalog with discounts costs no
// extra round trip. A failed product read is reported before a failed discount read, as if in order.
async function snapshot(reader: Reader, options: SnapshotOptions): Promise<CatalogSnapshot> {
  const first = `/products?include=prices&status=${EVERY_STATUS}&per_page=${MAX_PAGE_SIZE}`;
  const none = { items: [], reads: 0 };
  const [productsRead, discountsRead, groupsRead, notificationsRead] = await Promise.allSettled([
    readAll(reader, 'list products', first, products, options.pace),
    options.discounts === 'skip' ? none : readDiscounts(reader, options.discounts, options.pace),
    options.discountGroups
      ? permitted(
          options.discountGroups,
          readAll(reader, 'list discount groups', DISCOUNT_GROUPS_LIST, discountGroupList, options.pace),
        )
      : none,
    options.notifications
      ? permitted(
          options.notifications,
          readAll(reader, 'list notification settings', NOTIFICATIONS_LIST, notificationList, options.pace),
        )
      : none,
  ]);
  for (const read of [productsRead, discountsRead, groupsRead, notificationsRead])
    if (read.status === 'rejected') throw read.reason;
  const value = <T>(read: PromiseSettledResult<{ items: T[]; reads: number }>) =>
    read.status === 'fulfilled' ? read.value : { items: [] as T[], reads: 0 };
  const [p, d, g, n] = [
    value(productsRead),
    value(discountsRead),
    value(groupsRead),
    value(notificationsRead),
  ];
  return {
    products: p.items,
    discounts: d.items,
    ...(options.discountGroups ? { discountGroups: g.items } : {}),
    ...(options.notifications ? { notifications: n.items } : {}),
    reads: p.reads + d.reads + g.reads + n.reads,
  };
}

/** Pages through a list until `match` finds an item (for a create whose outcome is unknown). */
async function find<T>(
  reader: Reader,
  operation: string,
  firstPath: string,
  parse: (page: unknown[], operation: string) => T[],
  match: (item: T) => boolean,
): Promise<T | undefined> {
  for await (const page of pages(reader, operation, firstPath)) {
    const found = parse(page, operation).find(match);
    if (found) return found;
  }
  return undefined;
}

/** `warn`: what the reads could not see (a discount status the server refused to list). */
export function createCatalogGateway(
  target: Target,
  options: { timeoutMs?: number; warn?: (message: string) => void } = {},
): CatalogGateway {
  const discountStatuses = discountStatusFilter(options.warn ?? (() => {}));
  const reader = { target, timeoutMs: options.timeoutMs, discountStatuses };
  return {
    snapshot: (o = { discounts: 'skip' }) => snapshot(reader, o),
    ...catalogWrites(target, options.timeoutMs),
    ...destinationWrites(target, options.timeoutMs),
    findNotification: (operation, match) =>
      find(reader, operation, NOTIFICATIONS_LIST, notificationList, match),
    findDiscountGroup: (operation, match) =>
      find(reader, operation, DISCOUNT_GROUPS_LIST, discountGroupList, match),
    async notificationSecrets(operation) {
      const secrets = new Map<string, string>();
      for await (const page of pages(reader, operation, NOTIFICATIONS_LIST))
        for (const [id, secret] of secretsOf(page, operation)) secrets.set(id, secret);
      return secrets;
    },
    findDiscount: (operation, match) =>
      discountStatuses((statuses) => find(reader, operation, discountsList(statuses), discountList, match)),
    findProduct: (operation, match) =>
      find(reader, operation, `/products?status=${EVERY_STATUS}&per_page=${MAX_PAGE_SIZE}`, products, match),
    findPrice: (operation, productId, match) =>
      find(
        reader,
        operation,
        `/prices?product_id=${encodeURIComponent(productId)}&status=${EVERY_STATUS}&per_page=${MAX_PAGE_SIZE}`,
        prices,
        match,
      ),
  };
}
