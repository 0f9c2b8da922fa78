// The catalog side of Paddle behind one small interface of our own types. The SDK
// does the writes; direct API calls do what the SDK cannot (paid trials).
import type { Discount, Price, Product } from '@paddle/paddle-node-sdk';
import { RemoteError } from '../errors.js';
import type {
  CatalogSnapshot,
  DiscountWrite,
  PriceWrite,
  ProductWrite,
  RemoteDiscount,
  RemotePrice,
  RemoteProduct,
} from '../plan/remote.js';
import { checkAnswer, checkList, discountAnswer, priceAnswer, productAnswer } from './answer-shape.js';
import {
  discountFromSdk,
  discountFromWire,
  discountToSdk,
  isCatalogItem,
  priceFromSdk,
  priceFromWire,
  priceToSdk,
  productFromSdk,
  productFromWire,
  productToSdk,
} from './catalog-mapping.js';
import { pagingGuard } from './paging-guard.js';
import { nextLinkPath, rawApi, rawApiPage } from './raw-api.js';
import { callPaddle, createPaddle } from './sdk.js';
import type { Target } from './target.js';

/** What apply and plan need from Paddle. `operation` names the call in errors (`create price pro/monthly`). */
export interface CatalogGateway {
  /**
   * Every product, active and archived, each with all its prices, and (unless `skip`, the
   * default) every discount. With `discounts: 'if-permitted'` a key without discount.read reads as
   * an account without discounts (a catalog that has none must not need the permission).
   */
  snapshot(options?: SnapshotOptions): Promise<CatalogSnapshot>;
  createProduct(operation: string, body: ProductWrite): Promise<RemoteProduct>;
  updateProduct(operation: string, id: string, patch: ProductWrite): Promise<RemoteProduct>;
  createPrice(operation: string, body: PriceWrite): Promise<RemotePrice>;
  updatePrice(operation: string, id: string, patch: PriceWrite): Promise<RemotePrice>;
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
  createDiscount(operation: string, body: DiscountWrite): Promise<RemoteDiscount>;
  updateDiscount(operation: string, id: string, patch: DiscountWrite): Promise<RemoteDiscount>;
  findDiscount(
    operation: string,
    match: (discount: RemoteDiscount) => boolean,
  ): Promise<RemoteDiscount | undefined>;
}

export interface SnapshotOptions {
  /** `skip`: a catalog without discounts that prunes nothing needs no discount read (one request less) */
  discounts: 'required' | 'if-permitted' | 'skip';
  /** awaited before each request (the rate limit counts every page of every list) */
  pace?: () => Promise<void>;
}

// every status in one read: a code stays taken by an expired or used discount, and a managed one must
// be found whatever Paddle has set (docs/discount-statuses.md)
const DISCOUNTS_LIST = `/discounts?status=active,archived,expired,used&per_page=`;

/** The largest page Paddle serves for products and prices. */
export const PAGE_SIZE = 200;

/** A paid trial has to go around the SDK, which would silently drop its unit_price. */
export function needsRawApi(body: PriceWrite): boolean {
  return Boolean(body.trial_period?.unit_price);
}

export function createCatalogGateway(target: Target, options: { timeoutMs?: number } = {}): CatalogGateway {
  const { timeoutMs } = options;
  const paddle = createPaddle(target, timeoutMs);

  /** Follows `next` while `has_more`: its path and cursor on our own base URL (nextLinkPath). */
  async function* pages(
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
  const price = (answer: unknown, operation: string) =>
    priceFromWire(checkAnswer(priceAnswer, answer, 'a price', operation));
  // the SDK copies whatever arrived into its classes: the result is checked like a direct answer
  const sdkProduct = (answer: Product, operation: string) =>
    checkAnswer(productAnswer, productFromSdk(answer), 'a product', operation) as RemoteProduct;
  const sdkPrice = (answer: Price, operation: string) =>
    checkAnswer(priceAnswer, priceFromSdk(answer), 'a price', operation) as RemotePrice;
  const discountList = (page: unknown[], operation: string) =>
    checkList(discountAnswer, page, 'a discount list', operation).map(discountFromWire);
  const sdkDiscount = (answer: Discount, operation: string) =>
    checkAnswer(discountAnswer, discountFromSdk(answer), 'a discount', operation) as RemoteDiscount;

  /** Every page of a list, parsed; how many pages that took. */
  async function readAll<T>(
    operation: string,
    firstPath: string,
    parse: (page: unknown[], operation: string) => T[],
    pace?: () => Promise<void>,
  ) {
    const items: T[] = [];
    let reads = 0;
    for await (const page of pages(operation, firstPath, pace)) {
      reads += 1;
      items.push(...parse(page, operation));
    }
    return { items, reads };
  }

  /** Every discount; with `if-permitted` a key without discount.read reads as an account without any. */
  async function readDiscounts(mode: 'required' | 'if-permitted', pace?: () => Promise<void>) {
    try {
      return await readAll('list discounts', `${DISCOUNTS_LIST}${PAGE_SIZE}`, discountList, pace);
    } catch (error) {
      const forbidden = error instanceof RemoteError && error.code === 'forbidden';
      if (!forbidden || mode === 'required') throw error;
      return { items: [], reads: 0 };
    }
  }

  return {
    // Direct API calls, not the SDK: the SDK drops trial_period.unit_price, and one products list
    // with include=prices reads every product and price in a single request per 200 products.
    // The two lists are independent, so they are read at once: a catalog with discounts costs no
    // extra round trip. A failed product read is reported before a failed discount read, as if in order.
    async snapshot(options = { discounts: 'skip' }) {
      const first = `/products?include=prices&status=active,archived&per_page=${PAGE_SIZE}`;
      const [productsRead, discountsRead] = await Promise.allSettled([
        readAll('list products', first, products, options.pace),
        options.discounts === 'skip'
          ? { items: [], reads: 0 }
          : readDiscounts(options.discounts, options.pace),
      ]);
      if (productsRead.status === 'rejected') throw productsRead.reason;
      if (discountsRead.status === 'rejected') throw discountsRead.reason;
      return {
        products: productsRead.value.items,
        discounts: discountsRead.value.items,
        reads: productsRead.value.reads + discountsRead.value.reads,
      };
    },

    // Each request body is built before the call: a mistake there is a bug of ours, never
    // something Paddle said (callPaddle turns what the call throws into a RemoteError).
    async createProduct(operation, body) {
      const request = productToSdk(body);
      return callPaddle(operation, async () => sdkProduct(await paddle.products.create(request), operation));
    },

    async updateProduct(operation, id, patch) {
      const request = productToSdk(patch);
      return callPaddle(operation, async () =>
        sdkProduct(await paddle.products.update(id, request), operation),
      );
    },

    async createPrice(operation, body) {
      if (needsRawApi(body)) {
        return price(
          await rawApi(target, { method: 'POST', path: '/prices', body, operation, timeoutMs }),
          operation,
        );
      }
      const request = priceToSdk(body);
      return callPaddle(operation, async () => sdkPrice(await paddle.prices.create(request), operation));
    },

    async updatePrice(operation, id, patch) {
      if (needsRawApi(patch)) {
        return price(
          await rawApi(target, {
            method: 'PATCH',
            path: `/prices/${id}`,
            body: patch,
            operation,
            timeoutMs,
          }),
          operation,
        );
      }
      const request = priceToSdk(patch);
      return callPaddle(operation, async () => sdkPrice(await paddle.prices.update(id, request), operation));
    },

    async createDiscount(operation, body) {
      const request = discountToSdk(body);
      return callPaddle(operation, async () =>
        sdkDiscount(await paddle.discounts.create(request), operation),
      );
    },

    async updateDiscount(operation, id, patch) {
      const request = discountToSdk(patch);
      return callPaddle(operation, async () =>
        sdkDiscount(await paddle.discounts.update(id, request), operation),
      );
    },

    async findDiscount(operation, match) {
      for await (const page of pages(operation, `${DISCOUNTS_LIST}${PAGE_SIZE}`)) {
        const found = discountList(page, operation).find(match);
        if (found) return found;
      }
      return undefined;
    },

    async findProduct(operation, match) {
      for await (const page of pages(operation, `/products?status=active,archived&per_page=${PAGE_SIZE}`)) {
        const found = products(page, operation).find(match);
        if (found) return found;
      }
      return undefined;
    },

    async findPrice(operation, productId, match) {
      const first = `/prices?product_id=${encodeURIComponent(productId)}&status=active,archived&per_page=${PAGE_SIZE}`;
      for await (const page of pages(operation, first)) {
        const found = prices(page, operation).find(match);
        if (found) return found;
      }
      return undefined;
    },
  };
}
