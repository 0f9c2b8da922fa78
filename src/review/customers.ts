// What a customer in each review country pays for the prices a plan creates or changes: before from
// Paddle's pricing preview of the price as it is, after from a transaction preview of the price as the
// catalog wants it. One request per country for up to 100 prices that charge alike there.
import { formatMinorUnits } from '../money/minor-units.js';
import type { NonCatalogPrice, PreviewLine, PreviewsGateway } from '../paddle/previews-gateway.js';
import { PREVIEW_MAX_ITEMS } from '../paddle-facts/api.js';
import { currencyDecimalPlaces } from '../paddle-facts/currencies.js';
import type { PriceState } from '../plan/types.js';
import { countriesFor, type PreviewTarget } from './select.js';
import type { CustomerPrice, PaidAmounts } from './types.js';

/** Runs one preview request (paced and retried by the caller). */
export type RunPreview = <T>(call: () => Promise<T>) => Promise<T>;

/** The price as a transaction preview takes it: what customers pay, no marker, no trial. */
export function nonCatalogPrice(target: PreviewTarget): NonCatalogPrice {
  const { desired } = target;
  const price = {
    description: desired.description,
    unit_price: desired.unit_price,
    ...(desired.name !== null ? { name: desired.name } : {}),
    ...(desired.billing_cycle ? { billing_cycle: desired.billing_cycle } : {}),
    ...(desired.unit_price_overrides.length > 0
      ? { unit_price_overrides: desired.unit_price_overrides }
      : {}),
    quantity: desired.quantity,
    tax_mode: desired.tax_mode,
  };
  if (target.productId !== undefined) return { ...price, product_id: target.productId };
  return { ...price, product: target.product ?? { name: target.key, tax_category: 'standard' } };
}

/**
 * Prices that Paddle bills alike in a country share a request: those with an override there, by the
 * override's currency, and the others by their base currency (Paddle converts those alike, where the
 * account has the local currency enabled). A preview bills every item in one currency.
 */
function chargeGroup(desired: PriceState, country: string): string {
  const override = desired.unit_price_overrides.find((o) => o.country_codes.includes(country));
  return override
    ? `override ${override.unit_price.currency_code}`
    : `base ${desired.unit_price.currency_code}`;
}

export interface Batch {
  country: string;
  targets: PreviewTarget[];
}

/** The preview requests, in order: per country, per charge group, at most 100 prices each. */
export function previewBatches(
  targets: readonly PreviewTarget[],
  reviewCountries: readonly string[],
): Batch[] {
  const byCountry = new Map<string, Map<string, PreviewTarget[]>>();
  for (const target of targets) {
    for (const country of countriesFor(target.desired, reviewCountries)) {
      const groups = byCountry.get(country) ?? new Map<string, PreviewTarget[]>();
      byCountry.set(country, groups);
      const group = chargeGroup(target.desired, country);
      groups.set(group, [...(groups.get(group) ?? []), target]);
    }
  }
  const batches: Batch[] = [];
  for (const [country, groups] of byCountry) {
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += PREVIEW_MAX_ITEMS) {
        batches.push({ country, targets: group.slice(i, i + PREVIEW_MAX_ITEMS) });
      }
    }
  }
  return batches;
}

function amounts(line: PreviewLine): PaidAmounts {
  const places = currencyDecimalPlaces(line.currency_code);
  const formatted = line.formatted_total ?? formatMinorUnits(line.total, line.currency_code, places, 'en-US');
  return { subtotal: line.subtotal, tax: line.tax, total: line.total, formatted_total: formatted };
}

async function previewBatch(
  gateway: PreviewsGateway,
  run: RunPreview,
  batch: Batch,
): Promise<Map<string, CustomerPrice>> {
  const { country, targets } = batch;
  const after = await run(() =>
    gateway.transaction(`preview prices in ${country}`, country, targets.map(nonCatalogPrice)),
  );
  const existing = targets.filter((target) => target.currentId !== undefined);
  const ids = existing.map((target) => target.currentId as string);
  const before =
    ids.length > 0 ? await run(() => gateway.pricing(`preview prices in ${country}`, country, ids)) : [];
  const beforeByKey = new Map(existing.map((target, i) => [target.key, before[i] as PreviewLine]));
  const result = new Map<string, CustomerPrice>();
  targets.forEach((target, i) => {
    const line = after[i] as PreviewLine;
    const was = beforeByKey.get(target.key);
    result.set(target.key, {
      country,
      currency_code: line.currency_code,
      ...(was ? { before: { currency_code: was.currency_code, ...amounts(was) } } : {}),
      after: amounts(line),
    });
  });
  return result;
}

/** Every target's customers, in its countries' order. */
export async function previewCustomers(
  gateway: PreviewsGateway,
  run: RunPreview,
  targets: readonly PreviewTarget[],
  reviewCountries: readonly string[],
): Promise<Map<string, CustomerPrice[]>> {
  const batches = previewBatches(targets, reviewCountries);
  const results = await Promise.all(batches.map((batch) => previewBatch(gateway, run, batch)));
  const customers = new Map<string, CustomerPrice[]>();
  for (const target of targets) {
    const lines = results.flatMap((byKey) => {
      const line = byKey.get(target.key);
      return line ? [line] : [];
    });
    const order = countriesFor(target.desired, reviewCountries);
    lines.sort((a, b) => order.indexOf(a.country) - order.indexOf(b.country));
    customers.set(target.key, lines);
  }
  return customers;
}
