// An SDK client for an app that uses the billing library (src/library/billing.ts): Paddle's
// sandbox or production, or another base URL such as `paddle-catalog emulator` on 127.0.0.1.
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { isLoopbackUrl } from '../text/loopback.js';
import { createPaddle } from './sdk.js';
import { BASE_URLS } from './target.js';

export interface PaddleClientOptions {
  apiKey: string;
  /** default: sandbox */
  environment?: EnvironmentName | undefined;
  /** instead of Paddle's own URL for the environment: the emulator, a proxy; plain http for loopback only */
  baseUrl?: string | undefined;
}

/** The SDK's `Paddle` client, for `paddleTransactionsGateway` and `paddleCustomerDirectory`. */
export function paddleClient(options: PaddleClientOptions) {
  const environment = options.environment ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production')
    throw new TypeError(`environment must be "sandbox" or "production", not ${JSON.stringify(environment)}`);
  return createPaddle({
    environment,
    apiKey: options.apiKey,
    baseUrl: baseUrlOf(environment, options.baseUrl),
  });
}

function baseUrlOf(environment: EnvironmentName, override: string | undefined): string {
  if (override === undefined) return BASE_URLS[environment];
  const url = new URL(override);
  // the API key travels in a header: never in the clear beyond this machine
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url)))
    throw new TypeError(
      `baseUrl must be https://, or http:// on loopback (127.0.0.1, localhost): ${override}`,
    );
  return override.replace(/\/+$/, '');
}
