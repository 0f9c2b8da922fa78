// The emulator's account: one collection per resource, each kept sorted by id (ids sort in
// creation order), plus the invoice links it has handed out.
import { KeptNotifications } from './notifications/kept.js';
import type { WireRecord } from './types.js';

export class Collection {
  private readonly byId = new Map<string, WireRecord>();
  /** ascending by id; records are mutated in place on update, so this never needs re-sorting */
  private readonly sorted: WireRecord[] = [];

  insert(record: WireRecord): void {
    const id = record.id as string;
    if (this.byId.has(id)) throw new Error(`duplicate id ${id}`);
    this.byId.set(id, record);
    let low = 0;
    let high = this.sorted.length;
    // new ids sort last, so the common case is an append
    if (high > 0 && (this.sorted[high - 1]?.id as string) < id) low = high;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.sorted[mid]?.id as string) < id) low = mid + 1;
      else high = mid;
    }
    this.sorted.splice(low, 0, record);
  }

  /** Removes a record for good (what Paddle's few DELETE operations do). */
  delete(id: string): void {
    if (!this.byId.delete(id)) return;
    this.sorted.splice(
      this.sorted.findIndex((record) => record.id === id),
      1,
    );
  }

  get(id: string): WireRecord | undefined {
    return this.byId.get(id);
  }

  /** every record, ascending by id */
  all(): readonly WireRecord[] {
    return this.sorted;
  }

  get size(): number {
    return this.sorted.length;
  }
}

interface InvoiceLink {
  transactionId: string;
  disposition: 'attachment' | 'inline';
  expiresAtMs: number;
  fileName: string;
}

/** The record collections of an account, in the order they are seeded, saved and loaded. */
export const RESOURCES = [
  'customers',
  'addresses',
  'products',
  'prices',
  'discount_groups',
  'discounts',
  'notification_settings',
  'subscriptions',
  'transactions',
] as const;
type ResourceName = (typeof RESOURCES)[number];

export type AccountState = Record<ResourceName, Collection> & {
  /** handed-out invoice links: they expire within the hour, so saved state leaves them out */
  invoiceLinks: Map<string, InvoiceLink>;
  /**
   * short-form subscriptions whose items name a catalog key no price carries yet: each joins the
   * subscriptions once its prices exist (seed-subscriptions.ts); saved state keeps them as given
   */
  pendingSubscriptions: WireRecord[];
  /**
   * the day of the month each subscription's renewals keep, with the next_billed_at it holds for
   * (renewal-schedule.ts): a renewal clamped to a short month would lose it; saved state writes
   * it on the record as renewal_day, the emulator's own field, where the record does not show it
   * (seed.ts), and reads it back from there
   */
  renewalAnchors: Map<string, RenewalAnchor>;
  /**
   * the trialing subscriptions whose trial ends with a failed payment (the seed's
   * trial_payment_fails, the emulator's own field: Paddle's record holds nothing that says it);
   * saved state writes it back on the record (seed.ts)
   */
  failingTrials: Set<string>;
  /**
   * the notifications made for the account's events (Paddle's `notification` records, as served by
   * /notifications) with each one's delivery attempts (`notification_log` records, newest first)
   */
  notifications: KeptNotifications;
};

interface RenewalAnchor {
  next: string;
  day: number;
}

export function emptyState(): AccountState {
  const collections = Object.fromEntries(RESOURCES.map((name) => [name, new Collection()]));
  return {
    ...(collections as Record<ResourceName, Collection>),
    invoiceLinks: new Map(),
    pendingSubscriptions: [],
    renewalAnchors: new Map(),
    failingTrials: new Set(),
    notifications: new KeptNotifications(),
  };
}

/** A deep copy: reset() restores the seeded account from it, keeping the seeded ids. */
export function cloneState(state: AccountState): AccountState {
  const copy = emptyState();
  for (const name of RESOURCES) {
    for (const record of state[name].all()) copy[name].insert(structuredClone(record));
  }
  copy.pendingSubscriptions = structuredClone(state.pendingSubscriptions);
  copy.renewalAnchors = structuredClone(state.renewalAnchors);
  copy.failingTrials = new Set(state.failingTrials);
  copy.notifications = state.notifications.clone();
  return copy;
}
