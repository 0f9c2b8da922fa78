// What every route sees: the emulator (its URL, clock, id factory, both accounts) and the
// account the caller's key reaches.
import type { ApiKey } from './auth.js';
import type { IdFactory } from './ids.js';
import type { WebhookDisorder } from './notifications/disorder.js';
import type { KeptNotification } from './notifications/kept.js';
import type { EventJson } from './notifications/records.js';
import type { AccountState } from './state.js';
import type { StepEvents } from './step-events.js';
import type { AccountName, DefaultTaxMode, WireRecord } from './types.js';

export interface AccountSettings {
  /** every category the account may use: saas and standard, and the approved ones */
  approvedTaxCategories: ReadonlySet<string>;
  cardlessTrials: boolean;
  /**
   * days a past-due subscription stays in dunning before it is canceled: Paddle cancels after 30
   * days without Retain and leaves the length to Retain's settings otherwise
   * (developer.paddle.com/build/lifecycle/subscription-renewal-dunning); the number is the seed's
   */
  dunningDays: number;
  /** the customers list's `email` filter matches letter case exactly (else it ignores case) */
  caseSensitiveEmails: boolean;
  /** code → decimal places: what /currencies serves and what unit prices may use */
  currencies: ReadonlyMap<string, number>;
  /**
   * what a price whose tax_mode is account_setting means (Paddle's /settings/tax default_tax_mode);
   * `location` also makes a new price's account_setting a stored location
   */
  defaultTaxMode: DefaultTaxMode;
  /** currencies a country without an override sees the base price converted into (previews) */
  enabledCurrencies: ReadonlySet<string>;
  /** deliveries twice or out of order, to test an app's idempotency (default: once, in order) */
  webhookDelivery: WebhookDisorder;
}

/** One Paddle account: sandbox and live are two of these, with their own records and ids. */
export interface Account {
  name: AccountName;
  state: AccountState;
  settings: AccountSettings;
}

export interface EmulatorCore {
  /** the base URL exactly as announced (pagination `next` URLs start with it) */
  baseUrl: string;
  accounts: Record<AccountName, Account>;
  ids: IdFactory;
  now(): Date;
  /** turns the account's events into notifications and delivers them (notifications/outbox.ts) */
  notifier: Notifier;
  /** every step a subscription takes (renewals, trials ending, scheduled changes, payments, dunning) */
  events: StepEvents;
}

/** Where an account's events go: a notification per destination subscribed to each, delivered apart. */
export interface Notifier {
  /**
   * `data`: the entity, or what makes it when anyone is subscribed; `occurredAt`: when it happened on
   * the emulator's clock, when that is not now (a step the clock passed)
   */
  publish(account: Account, eventType: string, data: EventData, occurredAt?: Date): void;
  /** a new notification (origin `replay`) of a notification's event, to the same setting, queued */
  replay(account: Account, notification: KeptNotification): KeptNotification;
}

/** An event's entity, or what makes it (or its JSON text) when anyone is subscribed. */
export type EventData = WireRecord | (() => WireRecord | EventJson);

export interface Pagination {
  per_page: number;
  next: string;
  has_more: boolean;
  estimated_total: number;
}

export interface Reply {
  /** 204: answered with no body at all */
  status?: number;
  data: unknown;
  pagination?: Pagination;
  /** response headers the operation has besides the usual ones (the invoice link's Expires) */
  headers?: Record<string, string>;
}

export interface RouteContext {
  core: EmulatorCore;
  /** the account the key reaches (the sandbox on public routes) */
  account: Account;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** path parameters, in order */
  params: string[];
  /** the JSON body of a write */
  body: Record<string, unknown>;
  /** the caller's key; undefined on public routes */
  key: ApiKey | undefined;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  /** the permission a key needs; '' when any valid key may call it; null for a public route (no key) */
  permission: string | null;
  /** the operation takes no request body (the SDK sends none), so none is read */
  noBody?: true;
  /** the request body may be left out (or be null), which is read as `{}` */
  optionalBody?: true;
  handle(ctx: RouteContext): Reply;
}
