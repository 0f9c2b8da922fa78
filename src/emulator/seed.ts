// Builds the accounts the emulator starts with (and returns to on reset): the built-in demo data
// (sandbox only) plus seed data. Seeded records are Paddle's wire shapes: every field given is
// kept as given; only what is missing is filled in.
import { currencyTable } from '../paddle-facts/currencies.js';
import { CATEGORIES_WITHOUT_APPROVAL } from '../paddle-facts/tax-categories.js';
import type { AccountSettings } from './core.js';
import { addDemoSubscriptions } from './demo-subscriptions.js';
import { type IdFactory, timestamp } from './ids.js';
import { disorderFromWire, disorderToWire } from './notifications/disorder.js';
import { clampedDay } from './renewal-schedule.js';
import { newAddress } from './routes/addresses.js';
import { newCustomer } from './routes/customers.js';
import { newDiscountGroup } from './routes/discount-groups.js';
import { newDiscount } from './routes/discounts.js';
import { newNotificationSetting } from './routes/notification-settings.js';
import { newPrice, storedTrial } from './routes/prices.js';
import { newProduct } from './routes/products.js';
import { redemptions } from './rules/discount-status.js';
import { DEMO_CUSTOMERS, demoSeed } from './seed-data.js';
import { takeSubscription } from './seed-subscriptions.js';
import { type AccountState, emptyState, RESOURCES } from './state.js';
import { expandTransaction } from './transaction-shape.js';
import type { AccountSeed, EmulatorOptions, EmulatorSeed, SeedTransaction, WireRecord } from './types.js';

// seeded records without dates are dated here, before anything the emulator creates at run time
const SEED_EPOCH = Date.parse('2023-12-01T00:00:00.000Z');

export function currencySettings(seed: EmulatorSeed | undefined): ReadonlyMap<string, number> {
  const currencies = seed?.currencies ?? currencyTable();
  return new Map(currencies.map((c) => [c.code, c.decimal_places]));
}

/** Paddle cancels a past-due subscription after 30 days when Retain is off (subscription-renewal-dunning). */
const DEFAULT_DUNNING_DAYS = 30;

/** Flags (options) win over the seed's (or saved state's) settings of the account. */
export function accountSettings(
  options: EmulatorOptions,
  section: AccountSeed | undefined,
  currencies: ReadonlyMap<string, number>,
): AccountSettings {
  const approved = options.approvedTaxCategories ?? section?.approved_tax_categories ?? [];
  return {
    approvedTaxCategories: new Set([...CATEGORIES_WITHOUT_APPROVAL, ...approved]),
    cardlessTrials: options.cardlessTrials ?? section?.cardless_trials ?? false,
    caseSensitiveEmails: options.caseSensitiveEmails ?? section?.case_sensitive_emails ?? false,
    currencies,
    dunningDays: section?.dunning_days ?? DEFAULT_DUNNING_DAYS,
    defaultTaxMode: options.defaultTaxMode ?? section?.default_tax_mode ?? 'exclusive',
    enabledCurrencies: new Set(options.enabledCurrencies ?? section?.enabled_currencies ?? []),
    webhookDelivery: disorderFromWire(section?.webhook_delivery),
  };
}

/** The settings as a seed section says them (the inverse of accountSettings). */
export function settingsToSeed(settings: AccountSettings): AccountSeed {
  const approved = [...settings.approvedTaxCategories].filter(
    (c) => !(CATEGORIES_WITHOUT_APPROVAL as readonly string[]).includes(c),
  );
  return {
    approved_tax_categories: approved,
    cardless_trials: settings.cardlessTrials,
    case_sensitive_emails: settings.caseSensitiveEmails,
    default_tax_mode: settings.defaultTaxMode,
    dunning_days: settings.dunningDays,
    enabled_currencies: [...settings.enabledCurrencies],
    webhook_delivery: disorderToWire(settings.webhookDelivery),
  };
}

function seedDate(record: WireRecord): string {
  return typeof record.created_at === 'string' ? record.created_at : timestamp(new Date(SEED_EPOCH));
}

// Defaults first, then the record as given: the key order stays Paddle's and every given field wins.
/**
 * A seed discount in Paddle's full shape: what it leaves out takes Paddle's defaults, and a
 * `times_used` left out counts the seeded transactions that redeemed it (`used`).
 */
function seedDiscount(ids: IdFactory, d: WireRecord, used: ReadonlyMap<string, number>): WireRecord {
  const at = seedDate(d);
  const timesUsed = typeof d.id === 'string' ? (used.get(d.id) ?? 0) : 0;
  return {
    ...newDiscount(ids.next('dsc', Date.parse(at)), d, at),
    times_used: timesUsed,
    ...structuredClone(d),
  };
}

function seedDiscountGroup(ids: IdFactory, g: WireRecord): WireRecord {
  const at = seedDate(g);
  return { ...newDiscountGroup(ids.next('dsg', Date.parse(at)), g, at), ...structuredClone(g) };
}

/** A seeded setting: Paddle's defaults, then the record as given, its events as Paddle's objects. */
function seedNotificationSetting(ids: IdFactory, n: WireRecord): WireRecord {
  const names = (n.subscribed_events as (string | WireRecord)[]).map((e) =>
    typeof e === 'string' ? e : e.name,
  );
  const made = newNotificationSetting(n.id ?? ids.next('ntfset', SEED_EPOCH), {
    ...n,
    subscribed_events: names,
  });
  return { ...made, ...structuredClone(n), subscribed_events: made.subscribed_events };
}

function seedProduct(ids: IdFactory, p: WireRecord): WireRecord {
  const at = seedDate(p);
  return { ...newProduct(ids.next('pro', Date.parse(at)), p, at), ...structuredClone(p) };
}

function seedPrice(ids: IdFactory, p: WireRecord): WireRecord {
  const at = seedDate(p);
  const price = {
    ...newPrice(ids.next('pri', Date.parse(at)), { description: '', ...p }, at),
    ...structuredClone(p),
  };
  return { ...price, trial_period: storedTrial(price.trial_period) };
}

export function seedAddress(ids: IdFactory, a: WireRecord): WireRecord {
  const at = seedDate(a);
  return { ...newAddress(ids.next('add', Date.parse(at)), a.customer_id, a, at), ...structuredClone(a) };
}

export function seedCustomer(ids: IdFactory, c: WireRecord): WireRecord {
  const at = seedDate(c);
  return { ...newCustomer(ids.next('ctm', Date.parse(at)), c, at), ...structuredClone(c) };
}

function byDate(a: SeedTransaction, b: SeedTransaction): number {
  const at = (t: SeedTransaction) => String(t.created_at ?? t.billed_at ?? '');
  return at(a).localeCompare(at(b));
}

/** The demo data and the seed's section, as one section (demo records first). */
function withDemo(ids: IdFactory, section: AccountSeed | undefined): AccountSeed {
  const demo = demoSeed(DEMO_CUSTOMERS.map(() => ids.next('ctm', SEED_EPOCH)));
  return {
    ...section,
    customers: [...(demo.customers ?? []), ...(section?.customers ?? [])],
    transactions: [...(demo.transactions ?? []), ...(section?.transactions ?? [])],
  };
}

/** One account's records from its seed section; `demo` adds the demo data (the sandbox's). */
export function buildAccountState(
  section: AccountSeed | undefined,
  ids: IdFactory,
  demo: boolean,
): AccountState {
  const data = demo ? withDemo(ids, section) : (section ?? {});
  // ids given in the seed (or saved state) are noticed first, so made-up ones sort after them
  for (const name of RESOURCES) for (const record of data[name] ?? []) if (record.id) ids.notice(record.id);
  const state = emptyState();
  for (const c of data.customers ?? []) state.customers.insert(seedCustomer(ids, c));
  for (const p of data.products ?? []) state.products.insert(seedProduct(ids, p));
  for (const p of data.prices ?? []) state.prices.insert(seedPrice(ids, p));
  const used = redemptions((data.transactions ?? []) as WireRecord[]);
  for (const d of data.discounts ?? []) state.discounts.insert(seedDiscount(ids, d, used));
  let invoiceNumber = 10_000;
  const context = { ids, invoiceNumber: () => `325-${++invoiceNumber}` };
  for (const t of [...(data.transactions ?? [])].sort(byDate)) {
    state.transactions.insert(expandTransaction(t, context));
  }
  // after the transactions, so the ids drawn for them stay what they have always been
  const at = timestamp(new Date(SEED_EPOCH));
  for (const a of data.addresses ?? []) state.addresses.insert(seedAddress(ids, a));
  for (const s of data.subscriptions ?? []) takeSubscription(state, ids, s, at);
  if (demo) addDemoSubscriptions(state, ids);
  // last, so the ids drawn for the records above stay what they were before these existed
  for (const g of data.discount_groups ?? []) state.discount_groups.insert(seedDiscountGroup(ids, g));
  for (const n of data.notification_settings ?? [])
    state.notification_settings.insert(seedNotificationSetting(ids, n));
  return state;
}

/** Records as a seed section holds them: what saved state writes and loads back unchanged. */
export function stateToSeed(state: AccountState): AccountSeed {
  const section: AccountSeed = Object.fromEntries(RESOURCES.map((name) => [name, state[name].all()]));
  // pending subscriptions as they were given: loaded back, they wait for their prices again
  const saved = state.subscriptions.all().map((s) => withOwnFields(state, s));
  section.subscriptions = [...saved, ...state.pendingSubscriptions];
  return section;
}

/**
 * A subscription as saved state writes it: the record, plus the emulator's own fields the account
 * keeps beside it (never served): a trial whose payment fails says so again, as the seed gave it,
 * and a renewal clamped to a shorter month names the day it goes back to.
 */
function withOwnFields(state: AccountState, subscription: WireRecord): WireRecord {
  const renewalDay = clampedDay(state, subscription);
  return {
    ...subscription,
    ...(state.failingTrials.has(subscription.id) ? { trial_payment_fails: true } : {}),
    ...(renewalDay === undefined ? {} : { renewal_day: renewalDay }),
  };
}
