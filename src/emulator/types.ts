// The emulator's public types (what `startEmulator` in src/emulator/index.ts takes and returns) and
// the wire-shaped records it stores. Records are kept exactly as they go on the wire (snake_case
// JSON), so a response is the stored object, never a translation of it.
import type { WebhookDeliveryWire } from './notifications/disorder.js';

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
  /**
   * The statuses `GET /discounts?status=` accepts, as a Paddle that held the list to its OpenAPI
   * filter enum (`active`, `archived`) would; another is 400 invalid_field naming `status[i]`.
   * Unset: all four, as the Node SDK's list options say.
   */
  discountListStatuses?: readonly string[];
}

export interface EmulatorOptions {
  /** default '127.0.0.1' */
  host?: string;
  /** default 0 (a free port) programmatically; the CLI defaults to 4010 */
  port?: number;
  /** parsed seed data, added to the demo data (see `demo`) */
  seed?: EmulatorSeed;
  /** the built-in demo data in the sandbox account; default true */
  demo?: boolean;
  /**
   * categories approved for both accounts on top of saas and standard (which need no approval);
   * overrides the seed's
   */
  approvedTaxCategories?: string[];
  /** early access to cardless trials for both accounts; overrides the seed's; default false */
  cardlessTrials?: boolean;
  /**
   * the customers list's `email` filter matches letter case exactly, for both accounts (the
   * strictest reading of Paddle's docs); overrides the seed's; default false: it ignores case
   */
  caseSensitiveEmails?: boolean;
  /** both accounts' default tax mode; overrides the seed's; default exclusive */
  defaultTaxMode?: DefaultTaxMode;
  /**
   * currencies both accounts have enabled: a country without an override whose currency is one of
   * these is previewed in it, converted at the emulator's fixed rates; overrides the seed's; default none
   */
  enabledCurrencies?: string[];
  /**
   * a JSON file that keeps both accounts and the keys: loaded at start when it exists (the seed
   * and demo data are then not applied), written atomically after every change
   */
  statePath?: string;
  faults?: EmulatorFaults;
  /**
   * how the latency fault waits before an answer; default a timer. Tests pass one that records the
   * wait or holds it, so a test of latency or of requests in flight side by side never sleeps.
   */
  wait?: (ms: number) => Promise<void>;
  /** injectable clock (timestamps, invoice URL expiry, rate-limit lockout) */
  now?: () => Date;
  /**
   * the machine's clock (ms) a webhook's signature is made at; default Date.now. Not the emulator's
   * clock: Paddle's SDKs compare the signature's time with their machine's.
   */
  machineNow?: () => number;
  /**
   * the signal that ends a webhook attempt unanswered after `ms` (Paddle waits 5 s); default
   * AbortSignal.timeout. Tests pass one they abort, so a test of a slow receiver never waits.
   */
  webhookDeadline?: (ms: number) => AbortSignal;
  /**
   * an app's webhook URL on this machine: a notification setting of the sandbox account takes every
   * event there (`forwarding` says its secret); any other host is a UserError
   */
  forwardTo?: string;
  /** how much of the request log is kept; each bound left out is REQUEST_LOG_LIMITS' */
  requestLogLimits?: Partial<RequestLogLimits>;
  /**
   * what the notifications of both accounts may weigh, in characters as JSON (notifications/kept.ts);
   * default MAX_WEIGHT (256 MiB). Tests pass a small one to reach it with a few.
   */
  notificationsMaxWeight?: number;
}

/** The bounds of the request log (`requests()`). */
export interface RequestLogLimits {
  /** entries kept; the oldest go first */
  maxEntries: number;
  /** bytes of request bodies kept, as sent; the oldest bodies go first */
  maxBodyBytes: number;
  /** characters of one entry's path and query together; the rest is cut off (`truncated`) */
  maxEntryChars: number;
  /** characters of all entries' paths and queries; the oldest entries go first */
  maxTextChars: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** when it arrived, on the emulator's clock (ISO 8601): what a test of a run's pacing reads */
  at: string;
  /** the response status; 0 when a drop fault destroyed the socket instead of answering */
  status: number;
  /** what the emulator said of its own settings with a refusal (also its X-Emulator-Hint header) */
  hint?: string;
  /** the request body as sent (its JSON, or its text when not JSON); absent when empty */
  body?: unknown;
  /**
   * set when a body was sent but not kept: no valid key came with it, it nests deeper than the
   * API takes, or the log's budget is spent
   */
  bodyDropped?: true;
  /** set when the path and query were longer than the log keeps of one entry: their end is cut off */
  truncated?: true;
}

export interface RunningEmulator {
  /** e.g. 'http://127.0.0.1:41234' — no trailing slash; pagination `next` URLs start with exactly this */
  url: string;
  /** a sandbox key 'pdl_sdbx_apikey_…' with every permission: it reaches the sandbox account */
  apiKey: string;
  /** a live key 'pdl_live_apikey_…' with every permission: it reaches the live account */
  liveApiKey: string;
  /** a further key, e.g. without price.write; its environment picks the account it reaches */
  addApiKey(permissions: string[], environment?: 'sandbox' | 'production'): string;
  /** with `forwardTo`: where every sandbox event goes and the secret its deliveries are signed with */
  forwarding?: { url: string; secret: string };
  /** API requests in order (not /__emulator/*) */
  requests(): RecordedRequest[];
  /**
   * Calls `listener` as each API request arrives, before it is answered (tests that must act at
   * an exact point of a client's run, e.g. kill it). Returns the function that removes it.
   */
  onRequest(listener: (request: RecordedRequest) => void): () => void;
  /** calls `listener` with each step a subscription takes (step-events.ts); returns its unsubscribe */
  onStep(listener: StepListener): () => void;
  /** both accounts back to how they started (seed and demo data), and an empty request log */
  reset(): void;
  /**
   * Resolves once every notification due has been attempted and answered (a retry waiting for its
   * time on the emulator's clock aside): what a test awaits instead of sleeping.
   */
  notificationsSettled(): Promise<void>;
  setFaults(faults: EmulatorFaults): void;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: records are free-form wire JSON
export type WireRecord = Record<string, any>;

/** A transaction in short form (the emulator completes it) or as Paddle sends it (kept as given). */
export interface SeedTransaction {
  id?: string;
  /** null for a draft made without a customer (one of Paddle's own examples) */
  customer_id: string | null;
  status: string;
  collection_mode?: string;
  currency_code: string;
  billed_at?: string | null;
  created_at?: string;
  details?: { totals?: Record<string, string> } & WireRecord;
  [field: string]: unknown;
}

/** One account's settings and records, as seeded and as saved (records are Paddle's wire shapes). */
/**
 * An account's default tax mode (Paddle's /settings/tax `default_tax_mode`): what a price's
 * tax_mode account_setting means; with `location` Paddle also stores new prices as location.
 */
export type DefaultTaxMode = 'exclusive' | 'inclusive' | 'location';

export interface AccountSeed {
  /** approved on top of saas and standard */
  approved_tax_categories?: string[];
  cardless_trials?: boolean;
  /** days a past-due subscription stays in dunning before it is canceled (default 30) */
  dunning_days?: number;
  case_sensitive_emails?: boolean;
  default_tax_mode?: DefaultTaxMode;
  enabled_currencies?: string[];
  /** deliveries twice or out of order (notifications/disorder.ts) */
  webhook_delivery?: WebhookDeliveryWire;
  customers?: WireRecord[];
  /** Paddle's addresses of the customers (a subscription's address is where it is taxed) */
  addresses?: WireRecord[];
  products?: WireRecord[];
  prices?: WireRecord[];
  /** kept as given: what saved state writes back */
  discounts?: WireRecord[];
  /** Paddle's discount groups (dsg_), kept as given */
  discount_groups?: WireRecord[];
  /** Paddle's notification settings (ntfset_); subscribed_events may be names; secrets made when missing */
  notification_settings?: WireRecord[];
  transactions?: SeedTransaction[];
  /** short form ({customer_id, status, currency_code, items: [{price_id, quantity}]}) or Paddle's record */
  subscriptions?: WireRecord[];
}

/**
 * A notification not delivered yet (or owed its second copy), as saved state keeps it: the record as
 * served, its attempts, its account (notifications/saved-queue.ts).
 */
export interface QueuedNotification {
  account: AccountName;
  notification: WireRecord;
  logs: WireRecord[];
  /** a second copy is still to be sent (the account asked for each delivery twice) */
  second_copy_owed?: true;
}

/** The two accounts of one emulator: a key's prefix (pdl_sdbx_ / pdl_live_) picks one. */
export const ACCOUNTS = ['sandbox', 'live'] as const;
export type AccountName = (typeof ACCOUNTS)[number];

/**
 * Seed data (`--seed <file>`, YAML or JSON; schema in emulator-seed.schema.json): keys, the
 * currencies both accounts sell in, and each account's settings and records.
 */
export interface EmulatorSeed {
  api_keys?: { key: string; permissions: string[] }[];
  currencies?: { code: string; decimal_places: number }[];
  sandbox?: AccountSeed;
  live?: AccountSeed;
}

export const ALL_PERMISSIONS = [
  'product.read',
  'product.write',
  'price.read',
  'price.write',
  'discount.read',
  'discount.write',
  'notification_setting.read',
  'notification_setting.write',
  'notification.read',
  'notification.write',
  'customer.read',
  'customer.write',
  'transaction.read',
  'subscription.read',
  'subscription.write',
  // what a transaction's include=address,business,adjustments needs
  'address.read',
  'business.read',
  'adjustment.read',
] as const;

// The steps a subscription takes by the clock (step-events.ts emits them).
/** What happened to the subscription (our names; a delivery maps them to Paddle's event types). */
export type StepKind =
  | 'renewed'
  | 'trial_ended'
  | 'past_due'
  | 'paid'
  | 'canceled'
  | 'paused'
  /** a past-due renewal canceled as its subscription pauses (one step each, after the pause) */
  | 'renewal_canceled'
  | 'resumed'
  /** a cancel, pause or resume scheduled through the API (or a scheduled pause's resume date set) */
  | 'change_scheduled';

export interface SubscriptionStep {
  kind: StepKind;
  account: AccountName;
  /** when it happened on the emulator's clock (RFC 3339) */
  at: string;
  /** the subscription after the step (the record served, not a copy) */
  subscription: WireRecord;
  /** the transaction the step made or changed, if any */
  transaction?: WireRecord;
}

export type StepListener = (step: SubscriptionStep) => void;
