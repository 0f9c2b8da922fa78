// Every request to the Paddle API goes through `rawEnvelope`: our direct calls (for what the SDK
// cannot do: it drops a paid trial's unit_price) and the SDK's resources (see
// sdk.ts). Each request carries its own timeout, and a failure carries the answer's status and
// request id. Nothing global: the global fetch is called as it is, with a signal of its own.
import { RemoteError } from '../errors.js';
import { BAD_RESPONSE, toRemoteError } from './remote-error.js';
import type { Target } from './target.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface RawRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** path and query, e.g. `/prices/pri_123` */
  path: string;
  body?: unknown;
  operation: string;
  /** how long to wait for the whole answer (default DEFAULT_TIMEOUT_MS) */
  timeoutMs?: number;
  /** added to the key and content type, e.g. the SDK's user agent */
  headers?: Record<string, string>;
}

export interface Envelope<T> {
  data?: T;
  error?: {
    type: string;
    code: string;
    detail: string;
    documentation_url?: string;
    errors?: { field: string; message: string }[];
  };
  meta?: { request_id?: string; pagination?: { has_more?: boolean; next?: string } };
}

export async function rawApi<T>(target: Target, request: RawRequest): Promise<T> {
  return (await rawEnvelope<T>(target, request)).data as T;
}

/** One page of a list: its items and the absolute URL of the next page while `has_more` (never estimated_total). */
export async function rawApiPage<T>(
  target: Target,
  request: RawRequest,
): Promise<{ data: T[]; next: string | undefined }> {
  const envelope = await rawEnvelope<T[]>(target, request);
  const pagination = envelope.meta?.pagination;
  return { data: envelope.data ?? [], next: pagination?.has_more ? pagination.next : undefined };
}

/** The whole answer of one request; an error envelope, a timeout or a network failure throws a RemoteError. */
export async function rawEnvelope<T>(target: Target, request: RawRequest): Promise<Envelope<T>> {
  const answer: { status?: number; requestId?: string } = {};
  try {
    const response = await fetch(`${target.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${target.apiKey}`,
        'Content-Type': 'application/json',
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // covers reading the body too: a server that stalls mid-answer times out as well
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    answer.status = response.status;
    answer.requestId = response.headers.get('request-id') ?? undefined;
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.error) throw errorOf(envelope.error, envelope.meta, response, request.operation);
    return envelope;
  } catch (error) {
    throw toRemoteError(error, { operation: request.operation, ...answer });
  }
}

type ErrorBody = NonNullable<Envelope<unknown>['error']>;

function errorOf(
  error: ErrorBody,
  meta: Envelope<unknown>['meta'],
  response: Response,
  operation: string,
): RemoteError {
  const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return new RemoteError({
    status: response.status,
    type: error.type,
    code: error.code,
    detail: error.detail,
    documentationUrl: error.documentation_url,
    errors: error.errors,
    requestId: meta?.request_id ?? response.headers.get('request-id') ?? undefined,
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
