// The emulator's public types (the agreed contract in notes/emulator-api.md) and the wire-shaped
// records it stores. Records are kept exactly as they go on the wire (snake_case JSON), so a
// response is the stored object, never a translation of it.

export interface EmulatorFaults {
  /** added to every API response */
  latencyMs?: number;
  /** 0..1: answer 500 internal_error before doing anything */
  failRate?: number;
  /** 0..1, writes only: commit, then destroy the socket with no response */
  dropRate?: number;
  /** requests per minute per client (0 = none); 429 too_many_requests + Retry-After, 60 s lockout */
  rateLimit?: number;
  /** makes fail/drop repeatable */
  randomSeed?: number;
}

export interface EmulatorOptions {
  /** default '127.0.0.1' */
  host?: string;
  /** default 0 (a free port) programmatically; the CLI defaults to 4010 */
  port?: number;
  /** parsed seed data; default: built-in demo data */
  seed?: EmulatorSeed;
  /** overrides the seed's; default ['saas', 'standard'] */
  approvedTaxCategories?: string[];
  /** early access to cardless trials; default false */
  cardlessTrials?: boolean;
  faults?: EmulatorFaults;
  /** injectable clock (timestamps, invoice URL expiry, rate-limit lockout) */
  now?: () => Date;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** the response status; 0 when a drop fault destroyed the socket instead of answering */
  status: number;
}

export interface RunningEmulator {
  /** e.g. 'http://127.0.0.1:41234' — no trailing slash; pagination `next` URLs start with exactly this */
  url: string;
  /** a sandbox key 'pdl_sdbx_apikey_…' with every permission */
  apiKey: string;
  /** a further key, e.g. without price.write */
  addApiKey(permissions: string[], environment?: 'sandbox' | 'production'): string;
  /** API requests in order (not /__emulator/*) */
  requests(): RecordedRequest[];
  /**
   * Calls `listener` as each API request arrives, before it is answered (tests that must act at
   * an exact point of a client's run, e.g. kill it). Returns the function that removes it.
   */
  onRequest(listener: (request: RecordedRequest) => void): () => void;
  /** clears what was created and the request log, keeps the seed data */
  reset(): void;
  setFaults(faults: EmulatorFaults): void;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: records are free-form wire JSON
export type WireRecord = Record<string, any>;

export interface SeedTransaction {
  id?: string;
  customer_id: string;
  status: string;
  collection_mode?: string;
  currency_code: string;
  billed_at?: string | null;
  created_at?: string;
  details?: { totals?: Record<string, string> } & WireRecord;
  [field: string]: unknown;
}

/** Seed data (`--seed <file>`, YAML or JSON): an account's state before the emulator starts. */
export interface EmulatorSeed {
  api_keys?: { key: string; permissions: string[] }[];
  approved_tax_categories?: string[];
  cardless_trials?: boolean;
  currencies?: { code: string; decimal_places: number }[];
  customers?: { id?: string; email: string; name?: string | null; [field: string]: unknown }[];
  transactions?: SeedTransaction[];
  products?: WireRecord[];
  prices?: WireRecord[];
}

export const ALL_PERMISSIONS = [
  'product.read',
  'product.write',
  'price.read',
  'price.write',
  'customer.read',
  'customer.write',
  'transaction.read',
] as const;
