// The catalog's writes: the SDK's resources, or a direct call where the SDK falls short (it would
// silently drop a paid trial's unit_price). Each request body is built before the call: a mistake
// there is a bug of ours, never something Paddle said (callPaddle turns what the call throws into
// a RemoteError).
import type { Discount, Price, Product } from '@paddle/paddle-node-sdk';
import type {
  DiscountWrite,
  PriceWrite,
  ProductWrite,
  RemoteDiscount,
  RemotePrice,
  RemoteProduct,
} from '../planner/remote.js';
import { checkAnswer, discountAnswer, priceAnswer, productAnswer } from './answer-shape.js';
import {
  discountFromSdk,
  discountToSdk,
  priceFromSdk,
  priceFromWire,
  priceToSdk,
  productFromSdk,
  productToSdk,
} from './catalog-mapping.js';
import { rawApi } from './raw-api.js';
import { callPaddle, createPaddle } from './sdk.js';
import type { Target } from './target.js';

/**
 * A paid trial has to go around the SDK, which would silently drop its unit_price.
 * @internal The printers test checks which price bodies bypass the SDK.
 */
export function needsRawApi(body: PriceWrite): boolean {
  return Boolean(body.trial_period?.unit_price);
}

// the SDK copies whatever arrived into its classes: the result is checked like a direct answer
const sdkProduct = (answer: Product, operation: string) =>
  checkAnswer(productAnswer, productFromSdk(answer), 'a product', operation) as RemoteProduct;
const sdkPrice = (answer: Price, operation: string) =>
  checkAnswer(priceAnswer, priceFromSdk(answer), 'a price', operation) as RemotePrice;
const sdkDiscount = (answer: Discount, operation: string) =>
  checkAnswer(discountAnswer, discountFromSdk(answer), 'a discount', operation) as RemoteDiscount;

/** The catalog's writes (part of CatalogGateway). `operation` names the call in errors. */
export interface CatalogWrites {
  createProduct(operation: string, body: ProductWrite): Promise<RemoteProduct>;
  updateProduct(operation: string, id: string, patch: ProductWrite): Promise<RemoteProduct>;
  createPrice(operation: string, body: PriceWrite): Promise<RemotePrice>;
  updatePrice(operation: string, id: string, patch: PriceWrite): Promise<RemotePrice>;
  createDiscount(operation: string, body: DiscountWrite): Promise<RemoteDiscount>;
  updateDiscount(operation: string, id: string, patch: DiscountWrite): Promise<RemoteDiscount>;
}

export function catalogWrites(target: Target, timeoutMs?: number): CatalogWrites {
  const paddle = createPaddle(target, timeoutMs);
  const direct = async (method: 'POST' | 'PATCH', path: string, body: PriceWrite, operation: string) =>
    priceFromWire(
      checkAnswer(
        priceAnswer,
        await rawApi(target, { method, path, body, operation, timeoutMs }),
        'a price',
        operation,
      ),
    );
  return {
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
      if (needsRawApi(body)) return direct('POST', '/prices', body, operation);
      const request = priceToSdk(body);
      return callPaddle(operation, async () => sdkPrice(await paddle.prices.create(request), operation));
    },
    async updatePrice(operation, id, patch) {
      if (needsRawApi(patch)) return direct('PATCH', `/prices/${id}`, patch, operation);
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
  };
}
