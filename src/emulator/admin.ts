// The emulator's own endpoints under /__emulator/ (not Paddle's): the request log, reset, the
// runtime fault switch, the clock, subscriptions taken while it runs and paid, webhooks delivered
// twice or out of order, and the invoice PDFs behind the links it hands out.
import type { ServerResponse } from 'node:http';
import { PAY_PATH, paySubscription } from './admin-pay.js';
import { addSubscriptions } from './admin-subscriptions.js';
import { WEBHOOK_DELIVERY_PATH, webhookDeliveryRoute } from './admin-webhook-delivery.js';
import type { EmulatorClock } from './clock.js';
import type { EmulatorCore } from './core.js';
import type { FaultInjector } from './faults.js';
import { MAX_RENEWALS_PER_MOVE } from './renewal.js';
import { INVOICE_PATH, invoiceFile } from './routes/invoice.js';
import { instant } from './seed-fields.js';
import type { AccountName, EmulatorFaults, RecordedRequest } from './types.js';

export interface AdminHooks {
  core: EmulatorCore;
  clock: EmulatorClock;
  faults: FaultInjector;
  requests(): RecordedRequest[];
  reset(): void;
  /** adds the pending subscriptions whose prices exist and renews what the clock passed; saves */
  catchUp(): void;
  /** how many renewals the clock moved to `at` (null: back to the base clock) would make, counted up to `limit` + 1 */
  renewalsUpTo(at: Date | null, limit: number): number;
  /** saves the state after a change */
  changed(): void;
  /** an account's webhook_delivery setting changed: its shuffle starts again */
  webhookDeliveryChanged(account: AccountName): void;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': payload.length,
    ...headers,
  });
  res.end(payload);
}

const FAULT_FIELDS = [
  'latency_ms',
  'fail_rate',
  'drop_rate',
  'rate_limit',
  'random_seed',
  'discount_list_statuses',
];
const CLOCK_FIELDS = ['now'];

/**
 * A JSON object with only `fields`. A misspelt field is refused, not ignored: a test that meant to
 * inject faults or move the clock would pass without it.
 */
function adminBody(raw: Buffer, fields: readonly string[]): Record<string, unknown> {
  const body: unknown = JSON.parse(raw.toString('utf8') || '{}');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error('the body must be a JSON object');
  const unknown = Object.keys(body).filter((field) => !fields.includes(field));
  if (unknown.length > 0)
    throw new Error(`unknown field ${unknown.join(', ')} (the fields: ${fields.join(', ')})`);
  return body as Record<string, unknown>;
}

/** `{now: "<RFC 3339>"}` moves the clock there (it runs on from it); `{now: null}` or `{}` puts it back. */
function clockFromWire(body: Record<string, unknown>): Date | null {
  if (body.now === undefined || body.now === null) return null;
  const at = instant.safeParse(body.now);
  if (!at.success)
    throw new Error('now must be an RFC 3339 date-time with a zone on a day that exists, or null');
  return new Date(at.data);
}

function knobs(body: Record<string, unknown>): EmulatorFaults {
  const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));
  return {
    latencyMs: num(body.latency_ms),
    failRate: num(body.fail_rate),
    dropRate: num(body.drop_rate),
    rateLimit: num(body.rate_limit),
    randomSeed: num(body.random_seed),
    discountListStatuses: statusList(body.discount_list_statuses),
  };
}

/** `discount_list_statuses`: a list of strings, or null/absent for all four. */
function statusList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new Error('discount_list_statuses must be a list of discount statuses, or null');
  return value;
}

function faultsToWire(faults: EmulatorFaults): Record<string, unknown> {
  return {
    latency_ms: faults.latencyMs ?? 0,
    fail_rate: faults.failRate ?? 0,
    drop_rate: faults.dropRate ?? 0,
    rate_limit: faults.rateLimit ?? 0,
    ...(faults.randomSeed === undefined ? {} : { random_seed: faults.randomSeed }),
    ...(faults.discountListStatuses ? { discount_list_statuses: faults.discountListStatuses } : {}),
  };
}

export function handleAdmin(
  method: string,
  path: string,
  rawBody: Buffer,
  res: ServerResponse,
  hooks: AdminHooks,
): void {
  if (method === 'GET' && path.startsWith(INVOICE_PATH)) {
    const file = invoiceFile(hooks.core, path);
    send(res, file.status, file.body, file.headers);
  } else if (method === 'GET' && path === '/__emulator/requests') {
    send(res, 200, hooks.requests());
  } else if (method === 'POST' && path === '/__emulator/reset') {
    hooks.reset();
    send(res, 200, { ok: true });
  } else if (method === 'POST' && path === '/__emulator/faults') {
    try {
      hooks.faults.set(knobs(adminBody(rawBody, FAULT_FIELDS)));
      send(res, 200, faultsToWire(hooks.faults.current));
    } catch (error) {
      send(res, 400, { error: { code: 'bad_request', detail: (error as Error).message } });
    }
  } else if (method === 'GET' && path === '/__emulator/faults') {
    send(res, 200, faultsToWire(hooks.faults.current));
  } else if (path === '/__emulator/clock' && (method === 'GET' || method === 'POST')) {
    clockRoute(method, rawBody, res, hooks);
  } else if (method === 'POST' && path === '/__emulator/subscriptions') {
    const answer = addSubscriptions(hooks.core, rawBody);
    if (answer.status === 200) hooks.changed();
    hooks.catchUp();
    send(res, answer.status, answer.body);
  } else if (path === WEBHOOK_DELIVERY_PATH && (method === 'GET' || method === 'POST')) {
    const answer = webhookDeliveryRoute(method, rawBody, hooks.core, hooks.webhookDeliveryChanged);
    if (method === 'POST' && answer.status === 200) hooks.changed();
    send(res, answer.status, answer.body);
  } else if (method === 'POST' && PAY_PATH.test(path)) {
    payRoute(path, rawBody, res, hooks);
  } else {
    send(res, 404, { error: { code: 'invalid_url', detail: 'No such emulator endpoint.' } });
  }
}

/** Renews what the clock passed first, so the payment finds the subscription as it is now. */
function payRoute(path: string, rawBody: Buffer, res: ServerResponse, hooks: AdminHooks): void {
  hooks.catchUp();
  const id = (PAY_PATH.exec(path) as RegExpExecArray)[1] as string;
  let answer: { status: number; body: unknown };
  try {
    answer = paySubscription(hooks.core, id, rawBody);
  } catch (error) {
    answer = { status: 400, body: { error: { code: 'bad_request', detail: (error as Error).message } } };
  }
  if (answer.status === 200) hooks.changed();
  send(res, answer.status, answer.body);
}

/** The clock's move to `at`, refused (nothing changed) when it would renew more than the bound. */
function moveClock(hooks: AdminHooks, at: Date | null): void {
  const count = hooks.renewalsUpTo(at, MAX_RENEWALS_PER_MOVE);
  if (count > MAX_RENEWALS_PER_MOVE) {
    const bound = MAX_RENEWALS_PER_MOVE.toLocaleString('en');
    throw new Error(
      `moving the clock there renews more than ${bound} billing periods at once (the most one move makes); move it in shorter steps`,
    );
  }
  hooks.clock.set(at);
}

/**
 * A clock moved forward renews at once what it passed (a later move back undoes nothing; what is
 * due after the new reading renews when the clock passes it again). A refused move leaves the clock.
 */
function clockRoute(method: string, rawBody: Buffer, res: ServerResponse, hooks: AdminHooks): void {
  const { clock } = hooks;
  try {
    if (method === 'POST') moveClock(hooks, clockFromWire(adminBody(rawBody, CLOCK_FIELDS)));
    hooks.catchUp();
    send(res, 200, { now: clock.now().toISOString() });
  } catch (error) {
    send(res, 400, { error: { code: 'bad_request', detail: (error as Error).message } });
  }
}
