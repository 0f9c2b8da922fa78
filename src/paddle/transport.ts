// The SDK calls the global fetch with no timeout and keeps no request id. We wrap fetch once,
// for requests to a known Paddle base URL only: each gets a timeout, and the `Request-Id` of
// the last response inside a `withRequestContext` scope is kept so errors can carry it.
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId?: string;
  status?: number;
}

const context = new AsyncLocalStorage<RequestContext>();
const timeouts = new Map<string, number>();
let installed = false;

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Calls to `baseUrl` get a timeout: `timeoutMs`, or the one set before, or the default. */
export function registerBaseUrl(baseUrl: string, timeoutMs?: number): void {
  if (timeoutMs !== undefined || !timeouts.has(baseUrl))
    timeouts.set(baseUrl, timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const timeout = [...timeouts].find(([base]) => url.startsWith(base))?.[1];
    if (timeout === undefined) return original(input, init);
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)])
      : AbortSignal.timeout(timeout);
    const response = await original(input, { ...init, signal });
    const store = context.getStore();
    if (store) {
      store.requestId = response.headers.get('request-id') ?? undefined;
      store.status = response.status;
    }
    return response;
  };
}

/** Runs `call` and returns what the last Paddle response of it said (request id, status). */
export async function withRequestContext<T>(
  call: () => Promise<T>,
): Promise<{ value?: T; error?: unknown; context: RequestContext }> {
  const store: RequestContext = {};
  try {
    const value = await context.run(store, call);
    return { value, context: store };
  } catch (error) {
    return { error, context: store };
  }
}
