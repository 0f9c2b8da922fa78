// API keys: `pdl_{sdbx|live}_apikey_<26>_<26>`, each with the account its prefix
// names and its permissions. Every auth failure is a 403 (Paddle documents no 401); the bearer
// scheme is matched case-insensitively because the SDK sends `bearer`.
import { randomBytes } from 'node:crypto';
import { ApiFailure, forbidden } from './api-error.js';
import type { IdFactory } from './ids.js';
import type { AccountName } from './types.js';

export interface ApiKey {
  /** the account the key reaches: its prefix says which */
  account: AccountName;
  permissions: ReadonlySet<string>;
}

// The emulator keeps its own copy of this Paddle fact on purpose: test/contract/paddle-facts.test.ts.
const PREFIX: Record<AccountName, string> = { sandbox: 'pdl_sdbx_', live: 'pdl_live_' };

/** The account a key's prefix names, or undefined for a key of no known environment. */
export function keyAccount(key: string): AccountName | undefined {
  if (key.startsWith(PREFIX.sandbox)) return 'sandbox';
  if (key.startsWith(PREFIX.live)) return 'live';
  return undefined;
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits: the secret part of an API key or a webhook secret key. */
export function randomSecret(length: number): string {
  return [...randomBytes(length)].map((b) => SECRET_ALPHABET[b % SECRET_ALPHABET.length]).join('');
}

export class KeyRing {
  private readonly keys = new Map<string, ApiKey>();

  constructor(private readonly ids: IdFactory) {}

  create(permissions: readonly string[], account: AccountName, atMs: number): string {
    const id = this.ids.next('apikey', atMs).slice('apikey_'.length);
    const key = `${PREFIX[account]}apikey_${id}_${randomSecret(26)}`;
    this.keys.set(key, { account, permissions: new Set(permissions) });
    return key;
  }

  /** A key from seed data or saved state; its prefix says its account. */
  add(key: string, permissions: readonly string[]): void {
    const account = keyAccount(key);
    if (!account)
      throw new Error(`seed api key must start with pdl_sdbx_ or pdl_live_ (got ${key.slice(0, 9)}…)`);
    this.keys.set(key, { account, permissions: new Set(permissions) });
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Every key with its permissions, in the order they were made (what saved state keeps). */
  list(): { key: string; permissions: string[] }[] {
    return [...this.keys].map(([key, k]) => ({ key, permissions: [...k.permissions] }));
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

/**
 * Whether a key may do what `permission` names. "Write permission automatically includes read"
 * (developer.paddle.com/api-reference/about/permissions): `product.write` lets a key list products.
 */
function hasPermission(key: ApiKey, permission: string): boolean {
  if (key.permissions.has(permission)) return true;
  return permission.endsWith('.read') && key.permissions.has(`${permission.slice(0, -'.read'.length)}.write`);
}

export function requirePermission(key: ApiKey, permission: string): void {
  if (!hasPermission(key, permission)) throw forbidden();
}
