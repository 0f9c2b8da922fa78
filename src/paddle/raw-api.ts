// Direct calls to the Paddle API, same base URL, key, timeout and error mapping as the SDK, for
// what the SDK cannot do (seed §2.4 rule 7: it drops a paid trial's unit_price).
import { RemoteError } from '../errors.js';
import { toRemoteError } from './remote-error.js';
import type { Target } from './target.js';
import { registerBaseUrl, withRequestContext } from './transport.js';

export interface RawRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** path and query, e.g. `/prices/pri_123` */
  path: string;
  body?: unknown;
  operation: string;
}

interface Envelope<T> {
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

async function rawEnvelope<T>(target: Target, request: RawRequest): Promise<Envelope<T>> {
  registerBaseUrl(target.baseUrl);
  const outcome = await withRequestContext(async () => {
    const response = await fetch(`${target.baseUrl}${request.path}`, {
      method: request.method,
      headers: { Authorization: `Bearer ${target.apiKey}`, 'Content-Type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.error) {
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      throw new RemoteError({
        status: response.status,
        type: envelope.error.type,
        code: envelope.error.code,
        detail: envelope.error.detail,
        documentationUrl: envelope.error.documentation_url,
        errors: envelope.error.errors,
        requestId: envelope.meta?.request_id ?? response.headers.get('request-id') ?? undefined,
        retryAfterSeconds: Number.isNaN(retryAfter) ? undefined : retryAfter,
        operation: request.operation,
      });
    }
    return envelope;
  });
  if (outcome.error === undefined) return outcome.value as Envelope<T>;
  throw toRemoteError(outcome.error, { operation: request.operation, ...outcome.context });
}
