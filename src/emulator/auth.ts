// API keys (research §1): `pdl_{sdbx|live}_apikey_<26>_<26>`, each with an environment and
// permissions. Every auth failure is a 403 (Paddle documents no 401); the bearer scheme is
// matched case-insensitively because the SDK sends `bearer`.
import { randomBytes } from 'node:crypto';
import { ApiFailure, forbidden } from './api-error.js';
import type { IdFactory } from './ids.js';

export type KeyEnvironment = 'sandbox' | 'production';

export interface ApiKey {
  environment: KeyEnvironment;
  permissions: ReadonlySet<string>;
}

const PREFIX: Record<KeyEnvironment, string> = { sandbox: 'pdl_sdbx_', production: 'pdl_live_' };

/** The environment a key's prefix names, or undefined for a key of no known environment. */
export function keyEnvironment(key: string): KeyEnvironment | undefined {
  if (key.startsWith(PREFIX.sandbox)) return 'sandbox';
  if (key.startsWith(PREFIX.production)) return 'production';
  return undefined;
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function secret(): string {
  return [...randomBytes(26)].map((b) => SECRET_ALPHABET[b % SECRET_ALPHABET.length]).join('');
}

export class KeyRing {
  private readonly keys = new Map<string, ApiKey>();

  constructor(private readonly ids: IdFactory) {}

  create(permissions: readonly string[], environment: KeyEnvironment, atMs: number): string {
    const id = this.ids.next('apikey', atMs).slice('apikey_'.length);
    const key = `${PREFIX[environment]}apikey_${id}_${secret()}`;
    this.keys.set(key, { environment, permissions: new Set(permissions) });
    return key;
  }

  /** A key from seed data; its prefix says its environment. */
  add(key: string, permissions: readonly string[]): void {
    const environment = keyEnvironment(key);
    if (!environment)
      throw new Error(`seed api key must start with pdl_sdbx_ or pdl_live_ (got ${key.slice(0, 9)}…)`);
    this.keys.set(key, { environment, permissions: new Set(permissions) });
  }

  /** The key of an Authorization header, or the 403 Paddle gives. */
  authenticate(header: string | undefined): ApiKey {
    if (header === undefined || header.trim() === '') {
      throw new ApiFailure(403, 'authentication_missing', 'Authentication header missing.');
    }
    const match = /^bearer\s+(\S+)\s*$/i.exec(header.trim());
    if (!match) {
      throw new ApiFailure(
        403,
        'authentication_malformed',
        'Authentication header included, but incorrectly formatted.',
      );
    }
    const key = this.keys.get(match[1] as string);
    if (!key) throw new ApiFailure(403, 'invalid_token', 'Invalid or revoked API key.');
    return key;
  }
}

export function requirePermission(key: ApiKey, permission: string): void {
  if (!key.permissions.has(permission)) throw forbidden();
}
