// Raw HTTP against the emulator, for what the SDK hides (status codes, headers, bad requests), and
// the emulator of the subscription account in every status, and one that forwards its events to an
// app's endpoint.
import { afterEach, beforeEach } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { marker } from './marker.mjs';
import { CUSTOMER, NOW, PRO_PRODUCT, proMonthly, SUBSCRIPTION_SEED } from './subscription-account.mjs';
import { startReceiver } from './webhook-receiver.js';

/** Where an emulator answers and the key it takes (a RunningEmulator is one). */
type EmulatorAddress = Pick<RunningEmulator, 'url' | 'apiKey'>;

export interface RawResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: wire JSON under test
  body: any;
}

export async function call(
  emulator: EmulatorAddress,
  method: string,
  path: string,
  options: { body?: unknown; key?: string | null; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<RawResponse> {
  const key = options.key === undefined ? emulator.apiKey : options.key;
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...options.headers,
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** An object of the account as a plain HTTP call reads it back (what the tests look at). */
interface AccountObject {
  id: string;
  status: string;
  code?: string | null;
  custom_data: unknown;
  [field: string]: unknown;
}

/** A plain HTTP call to the emulator with its key, as a person or another tool would make it: its data, or a throw. */
export function accountApi(emulator: EmulatorAddress) {
  return async (method: string, path: string, body?: unknown): Promise<AccountObject> => {
    const response = await call(emulator, method, path, { body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
}

/** The most pages a test reads of one list: a list whose `next` never ends fails, it does not loop. */
const MAX_PAGES = 100;

/** Every page of a list, `path` first, then each `next` while has_more; each must answer 200. */
export async function listPages(emulator: RunningEmulator, path: string): Promise<RawResponse[]> {
  const pages: RawResponse[] = [];
  let next: string | null = path;
  while (next !== null) {
    if (pages.length === MAX_PAGES) throw new Error(`GET ${path}: more than ${MAX_PAGES} pages`);
    const page = await call(emulator, 'GET', next);
    if (page.status !== 200) throw new Error(`GET ${next}: ${page.status} ${JSON.stringify(page.body)}`);
    pages.push(page);
    const { has_more, next: url } = page.body.meta.pagination;
    next = has_more ? url.slice(emulator.url.length) : null;
  }
  return pages;
}

/** Every record of a list, through listPages. */
export async function listAll<T = Record<string, unknown>>(
  emulator: RunningEmulator,
  path: string,
): Promise<T[]> {
  return (await listPages(emulator, path)).flatMap((page) => page.body.data as T[]);
}

export const MARKER = marker('pro');

export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Pro', tax_category: 'saas', description: 'For teams', custom_data: MARKER, ...overrides };
}

export function priceBody(
  productId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    product_id: productId,
    description: 'Pro monthly',
    name: 'Monthly',
    unit_price: { amount: '1000', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    ...overrides,
  };
}

/** A fixed, movable clock for expiry and lockout tests. */
export function manualClock(start = NOW) {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/**
 * The latency fault's wait (EmulatorOptions.wait) held until `release()`: every request that
 * waits is answered only then. `calls` is the ms each was asked to wait; `called` the first one.
 */
export function heldWait() {
  const calls: number[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let first = (_ms: number) => {};
  const called = new Promise<number>((resolve) => (first = resolve));
  const wait = (ms: number) => {
    calls.push(ms);
    first(ms);
    return released;
  };
  return { wait, calls, called, release: () => release() };
}

/** POST /__emulator/clock: `now` moves the emulator's clock there (null: back to the real time). */
export async function moveClock(emulator: RunningEmulator, now: unknown): Promise<RawResponse> {
  const response = await fetch(`${emulator.url}/__emulator/clock`, {
    method: 'POST',
    body: JSON.stringify({ now }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** An emulator holding SUBSCRIPTION_SEED and nothing else (no demo data), its clock at NOW. */
export function startSubscriptionEmulator(): Promise<RunningEmulator> {
  return startEmulator({ demo: false, seed: { sandbox: SUBSCRIPTION_SEED }, now: manualClock(NOW).now });
}

/**
 * An emulator holding the account's customer, product pro and pro/monthly, and `sandbox` on top
 * (its subscriptions, settings), its clock held at NOW, every event forwarded to `url` (--forward-to).
 */
export function forwardingEmulator(url: string, sandbox: AccountSeed = {}): Promise<RunningEmulator> {
  return startEmulator({
    demo: false,
    seed: { sandbox: { customers: [CUSTOMER], products: [PRO_PRODUCT], prices: [proMonthly()], ...sandbox } },
    now: manualClock(NOW).now,
    forwardTo: url,
  });
}

/**
 * A transaction's events as it is billed and paid at once, in the order Paddle's renewal scenario
 * lists them (https://developer.paddle.com/webhooks/scenarios/subscription-renewed).
 */
export const BILLED_AND_PAID = [
  'transaction.created',
  'transaction.billed',
  'transaction.updated',
  'transaction.paid',
  'transaction.updated',
  'transaction.completed',
];
/** A renewal's events: the subscription's new period, then its transaction billed and paid. */
export const RENEWAL_EVENTS = ['subscription.updated', ...BILLED_AND_PAID];

/**
 * For each test of the file: an app's endpoint (a receiver) started before it, an emulator
 * forwarding every event to it once the test calls start (forwardingEmulator), and both closed
 * after it.
 */
export function forwardingPerTest() {
  const stand = {
    receiver: undefined as unknown as Awaited<ReturnType<typeof startReceiver>>,
    emulator: undefined as RunningEmulator | undefined,
    async start(sandbox: AccountSeed = {}): Promise<RunningEmulator> {
      stand.emulator = await forwardingEmulator(stand.receiver.url, sandbox);
      return stand.emulator;
    },
  };
  beforeEach(async () => {
    stand.receiver = await startReceiver();
  });
  afterEach(async () => {
    await stand.emulator?.close();
    stand.emulator = undefined;
    await stand.receiver.close();
  });
  return stand;
}

/** A `url` destination for `events`, as an app's set-up makes one by the API: its id and secret. */
export async function addDestination(
  emulator: EmulatorAddress,
  url: string,
  events: string[],
): Promise<{ id: string; endpoint_secret_key: string }> {
  const body = { description: 'App', type: 'url', destination: url, subscribed_events: events };
  const response = await call(emulator, 'POST', '/notification-settings', { body });
  if (response.status !== 201)
    throw new Error(`no destination: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}
