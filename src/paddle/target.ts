// Which Paddle the tool talks to, and with which key: sandbox unless --production, and a key of
// that environment only.
import { UserError } from '../errors.js';
import { API_KEY_PREFIX, type EnvironmentName } from '../paddle-facts/environments.js';
import { isLoopbackUrl } from '../text/loopback.js';
import type { HeardAccountTime } from './account-time.js';
import type { HeardTargetKind } from './target-kind.js';

export interface Target {
  environment: EnvironmentName;
  /** no trailing slash: the SDK appends paths to it, and pagination `next` URLs must start with it */
  baseUrl: string;
  apiKey: string;
  /** told the `Date` header of each answer (raw-api.ts): the run's account time (absent: none kept) */
  accountTime?: HeardAccountTime;
  /** told whether each answer names the emulator (raw-api.ts): absent, none kept */
  kind?: HeardTargetKind;
}

export const BASE_URLS: Record<EnvironmentName, string> = {
  production: 'https://api.paddle.com',
  sandbox: 'https://sandbox-api.paddle.com',
};

export function environmentOf(production: boolean | undefined): EnvironmentName {
  return production ? 'production' : 'sandbox';
}

/**
 * The rule that refuses a base URL with a user name or password (named in docs/safety.md).
 * @internal The docs test holds docs/rules.md to this rule id.
 */
export const URL_CREDENTIALS_RULE = 'api-url-credentials';

/** A URL as text with anything between `//` and `@` left out: it may be a password. */
const withoutUserInfo = (text: string) => text.replace(/\/\/[^/?#]*@/, '//…@');

// host:port with no scheme (127.0.0.1:4010, localhost:4010): `new URL` refuses the first and reads
// the second as a scheme named "localhost", so both are taken for what they meant and answered so.
const HOST_PORT_WITHOUT_SCHEME =
  /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9.-]+\.[a-z]{2,}):\d+(?:\/.*)?$/i;

/** The hint for a PADDLE_API_URL without a scheme: the URL it most likely means. */
function schemeHint(override: string): string | undefined {
  if (!HOST_PORT_WITHOUT_SCHEME.test(override)) return undefined;
  const http = `http://${override}`;
  return isLoopbackUrl(new URL(http))
    ? `Give the scheme too: PADDLE_API_URL=${http}`
    : `Give the scheme too: PADDLE_API_URL=https://${override}`;
}

/**
 * PADDLE_API_URL, checked: a valid http(s) URL with no user name or password (they would travel
 * with every request and end up in error messages), plain http only for loopback, no trailing slash.
 */
export function resolveBaseUrl(environment: EnvironmentName, override: string | undefined): string {
  if (!override) return BASE_URLS[environment];
  const hint = schemeHint(override);
  if (hint)
    throw new UserError(`PADDLE_API_URL has no scheme: ${JSON.stringify(withoutUserInfo(override))}`, hint);
  let url: URL;
  try {
    url = new URL(override);
  } catch {
    throw new UserError(`PADDLE_API_URL is not a URL: ${JSON.stringify(withoutUserInfo(override))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UserError(`PADDLE_API_URL must be an http(s) URL, not ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !isLoopbackUrl(url)) {
    throw new UserError(
      `PADDLE_API_URL uses plain http:// for ${url.hostname}; plain http is allowed only for loopback (127.0.0.1, localhost).`,
      'Use https:// for any other host.',
    );
  }
  if (url.username || url.password) {
    throw new UserError(
      `PADDLE_API_URL carries a user name or password; refusing it before any call (${URL_CREDENTIALS_RULE}).`,
      'Give the URL without credentials (https://host:port/path): the API key goes in PADDLE_API_KEY, and a proxy that needs its own login must take it some other way.',
    );
  }
  return override.replace(/\/+$/, '');
}

/** Refuses a key for the other environment before any call (its prefix names the environment). */
export function checkKeyEnvironment(apiKey: string, environment: EnvironmentName): void {
  const { sandbox, production } = API_KEY_PREFIX;
  if (environment === 'production' && apiKey.startsWith(sandbox)) {
    throw new UserError(
      `PADDLE_API_KEY is a sandbox key (${sandbox}…) but --production was given.`,
      `Use a live key (${production}…) for production, or drop --production to target the sandbox.`,
    );
  }
  if (environment === 'sandbox' && apiKey.startsWith(production)) {
    throw new UserError(
      `PADDLE_API_KEY is a live key (${production}…) but the target is the sandbox.`,
      `Pass --production to target production on purpose, or use a sandbox key (${sandbox}…).`,
    );
  }
}

export function resolveTarget(env: NodeJS.ProcessEnv, options: { production?: boolean }): Target {
  const environment = environmentOf(options.production);
  const apiKey = env.PADDLE_API_KEY?.trim();
  if (!apiKey) {
    throw new UserError(
      `PADDLE_API_KEY is not set (the ${environment} API key).`,
      `Create a ${environment} key under Developer tools → Authentication → API keys and export PADDLE_API_KEY, ` +
        'or try the tool with no account at all: add --local to use the built-in emulator.',
    );
  }
  checkKeyEnvironment(apiKey, environment);
  return { environment, apiKey, baseUrl: resolveBaseUrl(environment, env.PADDLE_API_URL) };
}
