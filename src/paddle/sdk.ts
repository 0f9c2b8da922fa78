// The one place that builds the SDK client. Always with an explicit environment: the SDK
// defaults to production when given none. A base URL other than Paddle's own (the emulator, a
// proxy) goes through the SDK's URL-string fallback (`MAP[env] || env`), pinned with the SDK version.
import { Environment, LogLevel, Paddle } from '@paddle/paddle-node-sdk';
import type { RemoteError } from '../errors.js';
import { toRemoteError } from './remote-error.js';
import { BASE_URLS, type Target } from './target.js';
import { registerBaseUrl, withRequestContext } from './transport.js';

export function sdkEnvironment(target: Target): Environment {
  if (target.baseUrl === BASE_URLS.production) return Environment.production;
  if (target.baseUrl === BASE_URLS.sandbox) return Environment.sandbox;
  return target.baseUrl as Environment;
}

export function createPaddle(target: Target, timeoutMs?: number): Paddle {
  registerBaseUrl(target.baseUrl, timeoutMs);
  // LogLevel.none: the SDK's verbose logs would print request details we do not control.
  return new Paddle(target.apiKey, { environment: sdkEnvironment(target), logLevel: LogLevel.none });
}

/** Runs one Paddle call; any failure comes out as a RemoteError naming `operation` and the request id. */
export async function callPaddle<T>(operation: string, call: () => Promise<T>): Promise<T> {
  const outcome = await withRequestContext(call);
  if (outcome.error === undefined) return outcome.value as T;
  throw toRemoteError(outcome.error, { operation, ...outcome.context }) satisfies RemoteError;
}
