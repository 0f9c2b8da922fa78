// Short-form subscriptions as an account takes them, at start (seed, saved state) or while it runs
// (POST /__emulator/subscriptions). An item may name its price by the catalog key the tool's
// marker holds (`price_key: pro/monthly`, and `catalog:` for a catalog other than the default): a
// subscription whose keys name no price yet waits, pending, until the prices exist — the tool's
// apply creating them, say — and joins the account on the first request after that. An
// `address: {country_code}` becomes an address of the customer: where the subscription is taxed.

import type { IdFactory } from './ids.js';
import { timestamp } from './ids.js';
import { DEFAULT_CATALOG, hasMarker } from './marker.js';
import { newAddress } from './routes/addresses.js';
import type { AccountState } from './state.js';
import { expandSubscription } from './subscription-shape.js';
import type { WireRecord } from './types.js';

/** The price a key names: the oldest active price whose marker holds that key in that catalog. */
function priceByKey(state: AccountState, key: string, catalog = DEFAULT_CATALOG): WireRecord | undefined {
  return state.prices.all().find((p) => p.status === 'active' && hasMarker(p, key, catalog));
}

/** The short form with each price_key item naming its price's id; undefined while a key names none. */
function resolveKeys(state: AccountState, seed: WireRecord): WireRecord | undefined {
  const items: WireRecord[] = [];
  for (const item of seed.items as WireRecord[]) {
    if (item.price_key === undefined) {
      items.push(item);
      continue;
    }
    const { price_key, catalog, ...rest } = item;
    const price = priceByKey(state, price_key, catalog);
    if (!price) return undefined;
    items.push({ ...rest, price_id: price.id });
  }
  return { ...seed, items };
}

/** Adds the subscription (and its address) to the account; its dates default to `at`. */
function insert(state: AccountState, ids: IdFactory, seed: WireRecord, at: string): WireRecord {
  // trial_payment_fails and renewal_day are the emulator's own: kept beside the record, never served
  const { address, trial_payment_fails, renewal_day, ...record } = seed;
  const createdAt = (record.created_at as string | undefined) ?? at;
  if (address !== undefined) {
    const id = ids.next('add', Date.parse(createdAt));
    state.addresses.insert(newAddress(id, record.customer_id, address, createdAt));
    record.address_id = id;
  }
  const catalog = {
    price: (id: string) => state.prices.get(id),
    product: (id: string) => state.products.get(id),
  };
  const subscription = expandSubscription(record, catalog, ids, at);
  state.subscriptions.insert(subscription);
  if (trial_payment_fails === true) state.failingTrials.add(subscription.id);
  if (typeof renewal_day === 'number' && typeof subscription.next_billed_at === 'string')
    state.renewalAnchors.set(subscription.id, { next: subscription.next_billed_at, day: renewal_day });
  return subscription;
}

export interface Taken {
  id: string;
  /** added: in the account now; pending: waiting for a price its keys name */
  status: 'added' | 'pending';
}

/**
 * Takes one short-form (or full) subscription: added now when every price it names exists, else
 * kept pending. A pending one is given its id and creation date now, so they stay what the
 * caller was told.
 */
export function takeSubscription(state: AccountState, ids: IdFactory, seed: WireRecord, at: string): Taken {
  const ready = resolveKeys(state, seed);
  if (ready) return { id: insert(state, ids, ready, at).id as string, status: 'added' };
  const createdAt = (seed.created_at as string | undefined) ?? at;
  const id = (seed.id as string | undefined) ?? ids.next('sub', Date.parse(createdAt));
  state.pendingSubscriptions.push({ ...structuredClone(seed), id, created_at: createdAt });
  return { id, status: 'pending' };
}

/** Adds each pending subscription whose prices now exist; returns how many joined. */
export function resolvePending(state: AccountState, ids: IdFactory, now: Date): number {
  const waiting = state.pendingSubscriptions;
  if (waiting.length === 0) return 0;
  state.pendingSubscriptions = [];
  let added = 0;
  for (const seed of waiting) {
    const ready = resolveKeys(state, seed);
    if (ready) {
      insert(state, ids, ready, timestamp(now));
      added += 1;
    } else state.pendingSubscriptions.push(seed);
  }
  return added;
}
