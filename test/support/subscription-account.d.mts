// The types of subscription-account.mjs, for the tests (the bench scripts take it as plain JavaScript).
import type { Catalog } from '../../src/catalog/schema.js';
import type { AccountSeed } from '../../src/emulator/index.js';

type Money = { amount: string; currency_code: string };
type Month = { interval: string; frequency: number };
/** A subscription as a seed gives it: what the tests read of one, and any other field Paddle's has. */
interface SeedSubscription {
  id: string;
  customer_id: string;
  status: string;
  currency_code: string;
  next_billed_at?: string;
  collection_mode?: string;
  items: { price_id: string; quantity: number }[];
  scheduled_change?: { action: string; effective_at?: string };
  [field: string]: unknown;
}
interface SeedPrice {
  id: string;
  product_id: string;
  description: string;
  billing_cycle: Month;
  unit_price: Money;
  unit_price_overrides?: unknown[];
  custom_data?: unknown;
}

export declare const NOW: string;
export declare const pid: (prefix: string, n: number) => string;
export declare const sub: (n: number) => string;
export declare const month: { readonly interval: 'month'; readonly frequency: 1 };

export declare const PRO: string;
export declare const MONTHLY: string;
export declare const YEARLY: string;
export declare const SEAT: string;
export declare const LEGACY: string;
export declare const CARDLESS: string;
export declare const ADDON: string;
export declare const KIM: string;
export declare const LEE: string;
export declare const ADDON_PRICE: SeedPrice;

export declare const SUBSCRIPTIONS: SeedSubscription[];
export declare const SUBSCRIPTION_SEED: AccountSeed;

export declare const managedPrice: (id: string, key: string, description?: string) => SeedPrice;
export declare const PRORATION: 'prorated_immediately';
export declare const subscription: (n: number, fields?: Record<string, unknown>) => SeedSubscription;
export declare const CUSTOMER: { id: string; email: string; name: string };
export declare const PRO_PRODUCT: { id: string; name: string; tax_category: string; custom_data: unknown };
export declare const proMonthly: (overrides?: unknown[]) => SeedPrice & { unit_price_overrides: unknown[] };
export declare const SEED: AccountSeed;
export declare const moreSubscriptions: (count: number) => SeedSubscription[];
export declare const CATALOG: Catalog;
export declare const RETIRING: Catalog;
export declare const risingCatalog: (
  products: Record<string, [name: string, now: string, after: string]>,
) => Catalog;
