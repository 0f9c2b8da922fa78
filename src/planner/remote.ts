// A Paddle account's catalog in our own domain types, in wire (snake_case) names: what the planner
// reads (Remote*, CatalogSnapshot) and the bodies apply writes (ProductWrite, PriceWrite).
// src/paddle/ maps the API's answers into these and these into SDK calls; nothing outside
// src/paddle/ sees an SDK class.
import type { CatalogStatus, DiscountStatus } from '../paddle-facts/statuses.js';

export interface RemoteMoney {
  amount: string;
  currency_code: string;
}

export interface RemoteDuration {
  interval: string;
  frequency: number;
}

export interface RemoteOverride {
  country_codes: string[];
  unit_price: RemoteMoney;
}

export interface RemoteTrialPeriod extends RemoteDuration {
  /** a paid trial's price; the SDK drops it, so it is read with direct API calls */
  unit_price?: RemoteMoney | null;
  unit_price_overrides?: RemoteOverride[] | null;
  requires_payment_method?: boolean | null;
}

export type RemoteStatus = CatalogStatus;
export type { DiscountStatus };
export type CustomData = Record<string, unknown>;

export interface RemotePrice {
  id: string;
  product_id: string;
  description: string;
  name: string | null;
  unit_price: RemoteMoney;
  billing_cycle: RemoteDuration | null;
  trial_period: RemoteTrialPeriod | null;
  unit_price_overrides: RemoteOverride[];
  quantity: { minimum: number; maximum: number } | null;
  tax_mode: string | null;
  custom_data: CustomData | null;
  status: RemoteStatus;
  /** RFC 3339; decides which of several objects with one marker is kept (the oldest) */
  created_at: string | null;
}

export interface RemoteProduct {
  id: string;
  name: string;
  tax_category: string;
  description: string | null;
  image_url: string | null;
  custom_data: CustomData | null;
  status: RemoteStatus;
  /** RFC 3339; decides which of several objects with one marker is kept (the oldest) */
  created_at: string | null;
  /** the prices embedded with include=prices (any status) */
  prices: RemotePrice[];
}

/** What a discount grants and to whom, the same on both sides of a plan. */
export interface DiscountTerms {
  description: string;
  type: string;
  amount: string;
  currency_code: string | null;
  code: string | null;
  enabled_for_checkout: boolean;
  recur: boolean;
  maximum_recurring_intervals: number | null;
  usage_limit: number | null;
  expires_at: string | null;
}

export interface RemoteDiscount extends DiscountTerms {
  id: string;
  /** its group (`dsg_…`), or null */
  discount_group_id: string | null;
  /** Paddle ids (`pro_…`, `pri_…`); null: every product and price */
  restrict_to: string[] | null;
  custom_data: CustomData | null;
  status: DiscountStatus;
  /** RFC 3339; decides which of several objects with one marker is kept (the oldest) */
  created_at: string | null;
}

/** A discount group: its name carries the tool's marker at its end (src/planner/text-marker.ts). */
export interface RemoteDiscountGroup {
  id: string;
  name: string;
  status: RemoteStatus;
}

/**
 * A notification setting (a webhook or email destination), its description carrying the tool's
 * marker at its end. Its signing secret (endpoint_secret_key) is never part of it: only
 * `apply --secrets-out` reads it, straight into its file (src/apply/secrets.ts).
 */
export interface RemoteNotification {
  id: string;
  description: string;
  type: string;
  destination: string;
  active: boolean;
  api_version: number;
  include_sensitive_fields: boolean;
  traffic_source: string;
  /** the event names (Paddle answers each with its whole event type) */
  subscribed_events: string[];
}

/** Every product of the account (active and archived) with its prices, as read in one pass. */
export interface CatalogSnapshot {
  products: RemoteProduct[];
  /** every standard discount, whatever its status */
  discounts: RemoteDiscount[];
  /** every discount group, active and archived (absent: not read, a catalog without groups) */
  discountGroups?: RemoteDiscountGroup[];
  /** every notification setting (absent: not read, a catalog without notifications) */
  notifications?: RemoteNotification[];
  /** how many list requests the snapshot took (pages) */
  reads: number;
}

/** The fields we write on a product (create body, or a PATCH with only the changed ones). */
export interface ProductWrite {
  name?: string;
  tax_category?: string;
  description?: string | null;
  image_url?: string | null;
  custom_data?: CustomData | null;
  status?: RemoteStatus;
}

/** The fields we write on a price (create body needs product_id, description, unit_price). */
export interface PriceWrite {
  product_id?: string;
  description?: string;
  name?: string | null;
  unit_price?: RemoteMoney;
  billing_cycle?: RemoteDuration | null;
  trial_period?: RemoteTrialPeriod | null;
  unit_price_overrides?: RemoteOverride[];
  quantity?: { minimum: number; maximum: number };
  tax_mode?: string;
  custom_data?: CustomData | null;
  status?: RemoteStatus;
}

/** The fields we write on a discount; restrict_to holds Paddle ids, resolved from catalog keys. */
export interface DiscountWrite {
  description?: string;
  type?: string;
  amount?: string;
  currency_code?: string | null;
  code?: string | null;
  enabled_for_checkout?: boolean;
  recur?: boolean;
  maximum_recurring_intervals?: number | null;
  usage_limit?: number | null;
  restrict_to?: string[] | null;
  expires_at?: string | null;
  discount_group_id?: string | null;
  custom_data?: CustomData | null;
  status?: RemoteStatus;
}

/** The fields we write on a discount group (the name with the marker). */
export interface DiscountGroupWrite {
  name?: string;
  status?: RemoteStatus;
}

/** The fields we write on a notification setting; `type` only on a create (Paddle cannot update it). */
export interface NotificationWrite {
  description?: string;
  type?: string;
  destination?: string;
  subscribed_events?: string[];
  api_version?: number;
  include_sensitive_fields?: boolean;
  traffic_source?: string;
  active?: boolean;
}
