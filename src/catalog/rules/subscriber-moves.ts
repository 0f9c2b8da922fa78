// Moving subscribers: a price's `subscribers_from` names the prices whose subscriptions move to it at
// apply (docs/rules.md, subscribers-from-*). Paddle bills a subscription item at its price, in the
// subscription's currency and on the subscription's billing cycle
// (https://developer.paddle.com/api-reference/subscriptions/update-subscription), so a move is only
// safe between recurring prices of one cycle, to a price that has an amount in every currency its
// subscribers pay in.
import type { CatalogPrice } from '../schema.js';
import { didYouMean } from './did-you-mean.js';
import { error, type Finding, type PathSegment } from './finding.js';
import type { RuleInput } from './rule-input.js';
import { droppedCountries } from './subscriber-countries.js';

type MovePrice = Pick<
  CatalogPrice,
  'billing_cycle' | 'unit_price' | 'unit_price_overrides' | 'subscribers_from' | 'proration'
>;

interface Entry {
  /** `product/price` */
  key: string;
  price: Partial<MovePrice>;
  invalid: ReadonlySet<string>;
}

const pricePath = (key: string): PathSegment[] => {
  const [product = '', price = ''] = key.split('/');
  return ['products', product, 'prices', price];
};

/** `monthly` under product `pro` is `pro/monthly`; `team/monthly` is itself. */
export function sourceKey(target: string, entry: string): string {
  if (entry.includes('/')) return entry;
  return `${target.split('/')[0]}/${entry}`;
}

function entries(input: RuleInput): Map<string, Entry> {
  const all = new Map<string, Entry>();
  for (const product of input.products) {
    for (const { key, price, invalid } of product.prices) {
      all.set(`${product.key}/${key}`, { key: `${product.key}/${key}`, price, invalid });
    }
  }
  return all;
}

const cycleText = (price: Partial<MovePrice>) => {
  const cycle = price.billing_cycle;
  if (!cycle) return 'one-time';
  return cycle.frequency === 1 ? `every ${cycle.interval}` : `every ${cycle.frequency} ${cycle.interval}s`;
};

/** Base currency and override currencies: every currency the price charges in. */
function currencies(price: Partial<MovePrice>): Set<string> {
  const found = new Set<string>();
  if (price.unit_price) found.add(price.unit_price.currency_code);
  for (const override of price.unit_price_overrides ?? []) found.add(override.unit_price.currency_code);
  return found;
}

/** What is wrong with moving the subscribers of `source` to `target`, if anything (one finding). */
function pairProblem(source: Entry, target: Entry, at: PathSegment[]): Finding[] {
  const readable = (entry: Entry, fields: string[]) => fields.every((f) => !entry.invalid.has(f));
  if (!readable(source, ['billing_cycle']) || !readable(target, ['billing_cycle'])) return [];
  if (!source.price.billing_cycle) {
    const message = `${source.key} is a one-time price: it has no subscriptions to move; remove it from subscribers_from`;
    return [error('subscribers-from-one-time', at, message)];
  }
  const [from, to] = [cycleText(source.price), cycleText(target.price)];
  if (from !== to) {
    const message = `${source.key} bills ${from} and ${target.key} bills ${to}: subscribers move only between prices of the same billing cycle; move them to a price that bills ${from}`;
    return [error('subscribers-from-billing-cycle', at, message)];
  }
  const moneyFields = ['unit_price', 'unit_price_overrides'];
  if (!readable(source, moneyFields) || !readable(target, moneyFields)) return [];
  const targetCurrencies = currencies(target.price);
  const missing = [...currencies(source.price)].filter((code) => !targetCurrencies.has(code));
  if (missing.length === 0) return countryProblem(source, target, at);
  const message = `${source.key} charges in ${missing.join(', ')}, which ${target.key} does not: subscribers paying in ${missing.join(', ')} would be billed an amount converted from ${target.key}'s base price that nobody reviewed; give ${target.key} a unit_price_override in ${missing.join(', ')}`;
  return [error('subscribers-from-currency', at, message)];
}

/** The countries the source overrides that the target does not price in their currency. */
function countryProblem(source: Entry, target: Entry, at: PathSegment[]): Finding[] {
  return [...droppedCountries(source.price, target.price)].map(([currency, countries]) => {
    const list = countries.join(', ');
    const message = `${source.key} has an amount in ${currency} for ${list}, which ${target.key} does not: subscribers in ${list} would be billed an amount converted from ${target.key}'s base price that nobody reviewed; give ${target.key} a unit_price_override in ${currency} for ${list}`;
    return error('subscribers-from-country', at, message);
  });
}

/** The checks of one `subscribers_from` entry against the whole catalog. */
function entryProblems(
  entry: string,
  target: Entry,
  at: PathSegment[],
  context: { all: Map<string, Entry>; movedBy: Map<string, string> },
): Finding[] {
  const key = sourceKey(target.key, entry);
  const source = context.all.get(key);
  if (source === undefined) {
    // never the price that names it: the one key it cannot mean
    const hint = didYouMean(
      key,
      [...context.all.keys()].filter((other) => other !== target.key),
    );
    const message = `subscribers_from: "${entry}" is not a price of this catalog${hint}; write a price key of this product (monthly) or product/price keys (pro/monthly); a price whose subscribers move stays in the catalog, with status: archived to retire it`;
    return [error('subscribers-from-unknown', at, message)];
  }
  if (key === target.key) {
    const message = `${key} cannot take the subscribers of itself; name the prices whose subscribers move to it`;
    return [error('subscribers-from-self', at, message)];
  }
  const earlier = context.movedBy.get(key);
  if (earlier !== undefined) {
    const message =
      earlier === target.key
        ? `subscribers_from names ${key} twice`
        : `the subscribers of ${key} already move to ${earlier}; a price's subscribers move to one price only`;
    return [error('subscribers-from-twice', at, message)];
  }
  context.movedBy.set(key, target.key);
  if (source.price.subscribers_from !== undefined) {
    const message = `${key} itself takes subscribers from other prices; name those prices here instead, so every subscriber moves once, straight to ${target.key}`;
    return [error('subscribers-from-chain', at, message)];
  }
  return pairProblem(source, target, at);
}

/** Every rule of subscriber moves, across the catalog (a move names other prices). */
export function subscriberMoves(input: RuleInput): Finding[] {
  const all = entries(input);
  const context = { all, movedBy: new Map<string, string>() };
  const findings: Finding[] = [];
  for (const target of all.values()) {
    const at = pricePath(target.key);
    const { subscribers_from: from, proration } = target.price;
    if (from === undefined) {
      if (proration !== undefined && !target.invalid.has('subscribers_from')) {
        const message = `proration says how moved subscribers are billed, but ${target.key} names no subscribers_from; add subscribers_from or remove proration`;
        findings.push(error('proration-without-subscribers-from', [...at, 'proration'], message));
      }
      continue;
    }
    if (!target.invalid.has('billing_cycle') && !target.price.billing_cycle) {
      const message = `${target.key} is a one-time price: subscriptions bill recurring prices only, so no subscriber can move to it; give it a billing_cycle or remove subscribers_from`;
      findings.push(error('subscribers-from-one-time', [...at, 'subscribers_from'], message));
      continue;
    }
    from.forEach((entry, index) => {
      findings.push(...entryProblems(entry, target, [...at, 'subscribers_from', index], context));
    });
  }
  return findings;
}
