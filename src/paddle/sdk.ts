// The one place that builds the SDK's resources. The SDK's own HTTP client calls the global fetch
// with no timeout and drops the response's request id, and takes no option for either (3.10
// accepts environment, logLevel and customHeaders only). So its resources, which take their
// client as a constructor argument, are given ours: the same requests (paths, query strings,
// snake_case bodies, the SDK's user agent) sent through `rawEnvelope` with a timeout of their own,
// and every failure a RemoteError with status and request id. The SDK still builds every request
// and reads every answer into its classes; only the sending is ours.

import { randomUUID } from 'node:crypto';
import {
  CustomersResource,
  DiscountsResource,
  type Paddle,
  PricesResource,
  ProductsResource,
  SDK_VERSION,
  SubscriptionsResource,
  TransactionsResource,
} from '@paddle/paddle-node-sdk';
import { InternalError, RemoteError } from '../errors.js';
import { nextLinkPath, type RawRequest, rawEnvelope } from './raw-api.js';
import { toRemoteError } from './remote-error.js';
import type { Target } from './target.js';

/** The SDK resources the tool uses; a whole `Paddle` from an app fits too. */
export type PaddleClient = Pick<Paddle, 'products' | 'prices' | 'discounts' | 'customers' | 'transactions'>;

/** The SDK's resources over our requests, each with `timeoutMs` (default: raw-api's). */
export function createPaddle(target: Target, timeoutMs?: number): PaddleClient {
  const client = sdkHttpClient(target, timeoutMs) as unknown as SdkClient;
  return {
    products: new ProductsResource(client),
    prices: new PricesResource(client),
    discounts: new DiscountsResource(client),
    customers: new CustomersResource(client),
    transactions: new TransactionsResource(client),
  };
}

/** The SDK's subscriptions resource over our requests (only moving subscribers needs it). */
export function createSubscriptions(target: Target, timeoutMs?: number): SubscriptionsResource {
  return new SubscriptionsResource(sdkHttpClient(target, timeoutMs) as unknown as SdkClient);
}

/**
 * Runs one Paddle call and the reading of its answer: a failure of either comes out as a RemoteError
 * naming `operation` (the SDK's classes throw a TypeError on an answer they cannot read). Request
 * bodies are built before, outside `call`, and an InternalError is ours: a bug stays a bug.
 */
export async function callPaddle<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof InternalError) throw error;
    const remote = toRemoteError(error, { operation });
    throw new RemoteError({ ...remote.details, operation });
  }
}

/** The SDK's internal client type: what its resources' constructors take. */
type SdkClient = ConstructorParameters<typeof ProductsResource>[0];

interface QueryString {
  toQueryString(): string;
}

/** The methods of the SDK's client that its resources call, as the SDK's client does them. */
function sdkHttpClient(target: Target, timeoutMs: number | undefined) {
  const send = (method: RawRequest['method'], path: string, body?: unknown) =>
    rawEnvelope(target, {
      method,
      path,
      body: body === undefined ? undefined : sdkBodyToWire(body),
      operation: `${method} ${path.split('?')[0]}`,
      timeoutMs,
      headers: { 'User-Agent': `PaddleSDK/node ${SDK_VERSION}`, 'X-Transaction-ID': randomUUID() },
    });
  return {
    // `url` is a path, or a pagination `next` link (absolute; read on our own base URL)
    get(url: string, query?: QueryString) {
      const path = url.startsWith('/') ? url : nextLinkPath(target, url, `GET ${url}`);
      return send('GET', !path.includes('?') && query ? path + query.toQueryString() : path);
    },
    post: (path: string, body: unknown) => send('POST', path, body),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
  };
}

/**
 * The SDK's body conversion: every key to snake_case, except inside a top-level `customData`,
 * which goes as `custom_data` exactly as given (test/contract/sdk.test.ts checks we send what the
 * SDK's own client sends).
 */
function sdkBodyToWire(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { customData, ...rest } = body;
  const wire = snakeKeys(rest) as Record<string, unknown>;
  return 'customData' in body ? { ...wire, custom_data: customData } : wire;
}

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(),
      snakeKeys(v),
    ]),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
