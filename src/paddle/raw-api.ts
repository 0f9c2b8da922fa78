// Every request to the Paddle API goes through `rawEnvelope`: our direct calls (for what the SDK
// cannot do: it drops a paid trial's unit_price) and the SDK's resources (see
// sdk.ts). Each request carries its own timeout, and a failure carries the answer's status and
// request id. Nothing global: the global fetch is called as it is, with a signal of its own.
// Nothing from the other end is taken on trust: a redirect is never followed (the account is what
// the base URL answers, nothing else), and an answer is read up to MAX_ANSWER_BYTES only.
import { RemoteError } from '../errors.js';
import { EMULATOR_HEADER } from '../paddle-facts/environments.js';
import { permissionsOf } from '../paddle-facts/permissions.js';
import { BAD_RESPONSE, errorAnswerDetails, toRemoteError } from './remote-error.js';
import type { Target } from './target.js';

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest answer read: a page of 200 prices each with 64 KiB of custom_data (the most a
 * catalog may hold) is 13 MiB; a bigger answer is no Paddle answer and would exhaust memory.
 * @internal The hostile-bounds test sends an answer past this size.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export interface RawRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** path and query, e.g. `/prices/pri_123` */
  path: string;
  body?: unknown;
  operation: string;
  /** how long to wait for the whole answer (default DEFAULT_TIMEOUT_MS) */
  timeoutMs?: number;
  /** added to the key and content type, e.g. the SDK's user agent */
  headers?: Record<string, string>;
}

/** An answer as it arrived: nothing in it is trusted until checked (src/paddle/answer-shape.ts). */
export interface Envelope {
  data?: unknown;
  error?: unknown;
  meta?: { request_id?: unknown; pagination?: { has_more?: unknown; next?: unknown } };
}

/** An entity answer's `data`, unchecked: the caller checks it for the entity's shape. */
export async function rawApi(target: Target, request: RawRequest): Promise<unknown> {
  return (await rawEnvelope(target, request)).data;
}

/**
 * One page of a list: its items (unchecked, but an array: a `data` of null or an object is no
 * empty page) and the absolute URL of the next page while `has_more` (never estimated_total).
 */
export async function rawApiPage(
  target: Target,
  request: RawRequest,
): Promise<{ data: unknown[]; next: string | undefined }> {
  const envelope = await rawEnvelope(target, request);
  const pagination = envelope.meta?.pagination;
  const more = pagination?.has_more;
  const next = pagination?.next;
  if (!Array.isArray(envelope.data) || (more !== undefined && typeof more !== 'boolean'))
    throw notAList(request.operation, 'its data is not a list');
  if (more === true && typeof next !== 'string')
    throw notAList(request.operation, 'it says there is more but gives no next page');
  return { data: envelope.data, next: more === true ? (next as string) : undefined };
}

function notAList(operation: string, why: string): RemoteError {
  return new RemoteError({
    code: BAD_RESPONSE,
    detail: `the answer is not a list as Paddle sends it (${why}); nothing was done with it`,
    operation,
  });
}

/** The whole answer of one request; an error envelope, a timeout or a network failure throws a RemoteError. */
export async function rawEnvelope(target: Target, request: RawRequest): Promise<Envelope> {
  const answer: { status?: number; requestId?: string } = {};
  // the body is ours: a value JSON cannot hold is a bug, not a failure of the request
  const sent = request.body === undefined ? undefined : JSON.stringify(request.body);
  try {
    const response = await fetch(`${target.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${target.apiKey}`,
        'Content-Type': 'application/json',
        ...request.headers,
      },
      body: sent,
      // covers reading the body too: a server that stalls mid-answer times out as well
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'manual',
    });
    answer.status = response.status;
    // every answer, a refusal too, says what time it is on the account's clock
    target.accountTime?.hear(response.headers.get('date'));
    target.kind?.hear(response.headers.get(EMULATOR_HEADER));
    answer.requestId = response.headers.get('request-id') ?? undefined;
    if (response.status >= 300 && response.status < 400) throw redirectRefused(response, request.operation);
    // a delete answers 204 with no body (https://developer.paddle.com/api-reference/notification-settings/delete-notification-setting)
    if (response.status === 204 && request.method === 'DELETE') return {};
    const body: unknown = JSON.parse(await cappedText(response, request.operation));
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new Error(`the body is ${Array.isArray(body) ? 'a list' : String(body)}, not an object`);
    }
    const envelope = body as Envelope;
    if (envelope.error !== undefined || !response.ok) throw errorOf(envelope, response, request);
    return envelope;
  } catch (error) {
    throw toRemoteError(error, { operation: request.operation, ...answer });
  }
}

/** A redirect, named and refused: following it would take another host's answer for the account. */
function redirectRefused(response: Response, operation: string): RemoteError {
  const location = response.headers.get('location') ?? '(no location)';
  return new RemoteError({
    code: BAD_RESPONSE,
    status: response.status,
    detail: `the server answered with a redirect to ${JSON.stringify(location.slice(0, 200))}; redirects are never followed: point PADDLE_API_URL at the API itself`,
    operation,
  });
}

/** The answer's text, read up to MAX_ANSWER_BYTES: past that, the rest is not read at all. */
async function cappedText(response: Response, operation: string): Promise<string> {
  const tooLarge = () =>
    new RemoteError({
      code: BAD_RESPONSE,
      status: response.status,
      detail: `the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, more than any Paddle answer; it was not read`,
      operation,
    });
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // leaving the loop cancels the rest of the body
    if (size > MAX_ANSWER_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  // as response.json() decodes: UTF-8, a byte-order mark dropped
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * An error answer, every field read as the server may have sent anything (errorAnswerDetails); a 403
 * with the permissions the refused call needs, so its message can name them.
 */
function errorOf(
  envelope: Envelope,
  response: Response,
  { method, path, operation }: RawRequest,
): RemoteError {
  const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  const requestId = envelope.meta?.request_id;
  return new RemoteError({
    ...(response.status === 403 ? { permissions: permissionsOf(method, path) } : {}),
    ...errorAnswerDetails(envelope.error, response.status),
    status: response.status,
    requestId: typeof requestId === 'string' ? requestId : (response.headers.get('request-id') ?? undefined),
    retryAfterSeconds: Number.isNaN(retryAfter) ? undefined : retryAfter,
    operation,
  });
}

/**
 * Where a `next` link leads on our own base URL: its path and query (the `after=` cursor with the
 * list's own filters), never its host. Paddle's `next` names Paddle's host, which a proxy in
 * PADDLE_API_URL is not; the key goes to our base URL and nowhere else.
 */
export function nextLinkPath(target: Target, next: string, operation: string): string {
  if (next.startsWith(`${target.baseUrl}/`)) return next.slice(target.baseUrl.length);
  const url = URL.canParse(next) ? new URL(next) : undefined;
  if (!url?.searchParams.get('after')) {
    throw new RemoteError({
      code: BAD_RESPONSE,
      detail: `a list page has more, but its next link carries no after= cursor (${JSON.stringify(next.slice(0, 200))})`,
      operation,
    });
  }
  return `${url.pathname}${url.search}`;
}
