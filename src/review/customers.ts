// What a customer in each review country pays for the prices a plan creates or changes: before from
// Paddle's pricing preview of the price as it is, after from a transaction preview of the price as the
// catalog wants it. One request per country for up to 100 prices that charge alike there.
import { formatMinorUnits } from '../money/minor-units.js';
import type { NonCatalogPrice, PreviewLine, PreviewsGateway } from '../paddle/previews-gateway.js';
import { PREVIEW_MAX_ITEMS } from '../paddle-facts/api.js';
import { currencyDecimalPlaces } from '../paddle-facts/currencies.js';
import type { CustomerPrice, PaidAmounts } from '../planner/customer-prices.js';
import { type Charge, countriesFor, type PreviewTarget } from './select.js';

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
function chargeGroup(charge: Charge, country: string): string {
  const override = charge.unit_price_overrides.find((o) => o.country_codes.includes(country));
  return override
    ? `override ${override.unit_price.currency_code}`
    : `base ${charge.unit_price.currency_code}`;
}

/** The group of a price as it is now: a price whose charge the plan does not know goes alone. */
function currentGroup(target: PreviewTarget, country: string): string {
  return target.current ? chargeGroup(target.current, country) : `alone ${target.key}`;
}

/** @public docs/architecture.md's glossary names it (test/architecture/glossary.test.ts). */
export interface Batch {
  country: string;
  targets: PreviewTarget[];
}

/**
 * The preview requests, in order: per country, per charge group, at most 100 prices each. The group
 * is the price's as the catalog wants it (`after`), or as it is now (`before`): a price that changes
 * currency is billed in the old one before and the new one after.
 */
function previewBatches(
  targets: readonly PreviewTarget[],
  reviewCountries: readonly string[],
  side: 'before' | 'after' = 'after',
): Batch[] {
  const byCountry = new Map<string, Map<string, PreviewTarget[]>>();
  for (const target of targets) {
    for (const country of countriesFor(target.desired, reviewCountries)) {
      const groups = byCountry.get(country) ?? new Map<string, PreviewTarget[]>();
      byCountry.set(country, groups);
      const group = side === 'after' ? chargeGroup(target.desired, country) : currentGroup(target, country);
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

/** Each line of a batch's answer by `country key`. */
type Lines = Map<string, PreviewLine>;

async function previewAfter(gateway: PreviewsGateway, run: RunPreview, batch: Batch): Promise<Lines> {
  const { country, targets } = batch;
  const lines = await run(() =>
    gateway.transaction(`preview prices in ${country}`, country, targets.map(nonCatalogPrice)),
  );
  return new Map(targets.map((target, i) => [`${country} ${target.key}`, lines[i] as PreviewLine]));
}

async function previewBefore(gateway: PreviewsGateway, run: RunPreview, batch: Batch): Promise<Lines> {
  const { country, targets } = batch;
  const ids = targets.map((target) => target.currentId as string);
  const lines = await run(() => gateway.pricing(`preview prices in ${country}`, country, ids));
  return new Map(targets.map((target, i) => [`${country} ${target.key}`, lines[i] as PreviewLine]));
}

/** Every target's customers, in its countries' order. */
export async function previewCustomers(
  gateway: PreviewsGateway,
  run: RunPreview,
  targets: readonly PreviewTarget[],
  reviewCountries: readonly string[],
): Promise<Map<string, CustomerPrice[]>> {
  const existing = targets.filter((target) => target.currentId !== undefined);
  const [after, before] = await Promise.all([
    Promise.all(previewBatches(targets, reviewCountries).map((b) => previewAfter(gateway, run, b))),
    Promise.all(
      previewBatches(existing, reviewCountries, 'before').map((b) => previewBefore(gateway, run, b)),
    ),
  ]);
  const [nowLines, wasLines] = [
    new Map(after.flatMap((m) => [...m])),
    new Map(before.flatMap((m) => [...m])),
  ];
  const customers = new Map<string, CustomerPrice[]>();
  for (const target of targets) {
    const lines = countriesFor(target.desired, reviewCountries).flatMap((country): CustomerPrice[] => {
      const [line, was] = [
        nowLines.get(`${country} ${target.key}`),
        wasLines.get(`${country} ${target.key}`),
      ];
      if (line === undefined) return [];
      return [
        {
          country,
          currency_code: line.currency_code,
          ...(was ? { before: { currency_code: was.currency_code, ...amounts(was) } } : {}),
          after: amounts(line),
        },
      ];
    });
    customers.set(target.key, lines);
  }
  return customers;
}
