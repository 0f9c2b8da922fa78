// Builds the account the emulator starts with (and returns to on reset) from seed data, or from
// the built-in demo data when there is none.
import { currencyTable } from '../paddle-facts/currencies.js';
import { CATEGORIES_WITHOUT_APPROVAL } from '../paddle-facts/tax-categories.js';
import type { AccountSettings } from './core.js';
import { type IdFactory, timestamp } from './ids.js';
import { newCustomer } from './routes/customers.js';
import { demoSeed } from './seed-data.js';
import { type AccountState, emptyState } from './state.js';
import { expandTransaction } from './transaction-shape.js';
import type { EmulatorOptions, EmulatorSeed, SeedTransaction, WireRecord } from './types.js';

// seeded records without dates are dated here, before anything the emulator creates at run time
const SEED_EPOCH = Date.parse('2023-12-01T00:00:00.000Z');

export function accountSettings(options: EmulatorOptions, seed: EmulatorSeed | undefined): AccountSettings {
  const currencies = seed?.currencies ?? currencyTable();
  return {
    approvedTaxCategories: new Set(
      options.approvedTaxCategories ?? seed?.approved_tax_categories ?? CATEGORIES_WITHOUT_APPROVAL,
    ),
    cardlessTrials: options.cardlessTrials ?? seed?.cardless_trials ?? false,
    currencies: new Map(currencies.map((c) => [c.code, c.decimal_places])),
  };
}

function seedProduct(ids: IdFactory, p: WireRecord): WireRecord {
  const at = p.created_at ?? timestamp(new Date(SEED_EPOCH));
  return {
    id: p.id ?? ids.next('pro', Date.parse(at)),
    name: p.name,
    tax_category: p.tax_category ?? 'standard',
    type: p.type ?? 'standard',
    description: p.description ?? null,
    image_url: p.image_url ?? null,
    custom_data: p.custom_data ?? null,
    status: p.status ?? 'active',
    import_meta: null,
    created_at: at,
    updated_at: p.updated_at ?? at,
  };
}

function seedPrice(ids: IdFactory, p: WireRecord): WireRecord {
  const at = p.created_at ?? timestamp(new Date(SEED_EPOCH));
  return {
    id: p.id ?? ids.next('pri', Date.parse(at)),
    product_id: p.product_id,
    type: p.type ?? 'standard',
    description: p.description ?? '',
    name: p.name ?? null,
    billing_cycle: p.billing_cycle ?? null,
    trial_period: p.trial_period ?? null,
    tax_mode: p.tax_mode ?? 'account_setting',
    unit_price: p.unit_price,
    unit_price_overrides: p.unit_price_overrides ?? [],
    custom_data: p.custom_data ?? null,
    status: p.status ?? 'active',
    quantity: p.quantity ?? { minimum: 1, maximum: 100 },
    import_meta: null,
    created_at: at,
    updated_at: p.updated_at ?? at,
  };
}

function byDate(a: SeedTransaction, b: SeedTransaction): number {
  const at = (t: SeedTransaction) => String(t.created_at ?? t.billed_at ?? '');
  return at(a).localeCompare(at(b));
}

export function buildAccount(seed: EmulatorSeed | undefined, ids: IdFactory): AccountState {
  const state = emptyState();
  const data = seed ?? demoSeed(Array.from({ length: 3 }, () => ids.next('ctm', SEED_EPOCH)));
  for (const c of data.customers ?? []) {
    const at = typeof c.created_at === 'string' ? c.created_at : timestamp(new Date(SEED_EPOCH));
    state.customers.insert(newCustomer(c.id ?? ids.next('ctm', Date.parse(at)), c, at));
  }
  for (const p of data.products ?? []) state.products.insert(seedProduct(ids, p));
  for (const p of data.prices ?? []) state.prices.insert(seedPrice(ids, p));
  let invoiceNumber = 10_000;
  const context = { ids, invoiceNumber: () => `325-${++invoiceNumber}` };
  for (const t of [...(data.transactions ?? [])].sort(byDate)) {
    state.transactions.insert(expandTransaction(t, context));
  }
  return state;
}
