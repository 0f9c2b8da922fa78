// An account's notifications (Paddle's `notification` records with their delivery logs), held lean:
// a clock move of 10,000 renewals makes 70,000 of them. An event's `data` is kept as the JSON text
// it is sent as, made once and shared by every notification of that event, and parsed only where a
// route serves it (served); a copy of each payload as objects took more than twice the memory
// (BENCHMARKS.md). What a notification weighs counts against the bound (trimTo), which takes
// away first those nothing more will be sent for (done): a removal from the middle marks the list,
// compacted once a quarter of it is gone, so each removal is O(1) amortised where a splice was O(n).
import type { WireRecord } from '../types.js';
import { Fifo } from './fifo.js';

/** An event as its notifications share it; `data` is the entity at that event, as JSON text. */
export interface SharedEvent {
  event_id: string;
  event_type: string;
  /** RFC 3339, on the emulator's clock */
  occurred_at: string;
  data: string;
}

export interface KeptNotification {
  /** Paddle's notification record without its payload (the event's, with its notification_id) */
  record: WireRecord;
  event: SharedEvent;
  /** each attempt's notification_log, newest first */
  logs: WireRecord[];
  /** deliveries of it queued or in flight: two while one to be sent twice has sent neither */
  owed: number;
  /** what it counts against the bound: weightOf */
  weight: number;
}

/** Of a notification, what its record and its payload's envelope weigh as JSON; of a log, but its body. */
const RECORD_WEIGHT = 600;
const LOG_WEIGHT = 200;

function logWeight(log: WireRecord): number {
  return LOG_WEIGHT + String(log.response_body ?? '').length;
}

/** What a notification weighs: its characters as JSON, the record's and each log's own fields estimated. */
export function weightOf(kept: Pick<KeptNotification, 'event' | 'logs'>): number {
  return kept.logs.reduce((sum, log) => sum + logWeight(log), RECORD_WEIGHT + kept.event.data.length);
}

/** The payload Paddle sends, as JSON text: event_id, event_type, occurred_at, notification_id, data. */
export function payloadText(kept: KeptNotification): string {
  const { event } = kept;
  return `{"event_id":${JSON.stringify(event.event_id)},"event_type":${JSON.stringify(event.event_type)},"occurred_at":${JSON.stringify(event.occurred_at)},"notification_id":${JSON.stringify(kept.record.id)},"data":${event.data}}`;
}

/** The notification as GET /notifications serves it: its payload in its place, after status. */
export function served(kept: KeptNotification): WireRecord {
  const { id, type, status, ...rest } = kept.record;
  return { id, type, status, payload: JSON.parse(payloadText(kept)), ...rest };
}

/** Nothing more will be sent for it: delivered or failed, and no second copy owed. */
export function isDone(kept: KeptNotification): boolean {
  return kept.owed === 0 && (kept.record.status === 'delivered' || kept.record.status === 'failed');
}

export class KeptNotifications {
  private readonly byId = new Map<string, KeptNotification>();
  /** ascending by id from `front`; those taken away stay in it until it is compacted */
  private order: KeptNotification[] = [];
  private front = 0;
  private removed = 0;
  /** the ones nothing more will be sent for, in the order they became so (removed ones skipped) */
  private readonly doneOnes = new Fifo<KeptNotification>();
  /** the sum of the weights of those kept */
  weight = 0;

  insert(kept: KeptNotification): void {
    const id = kept.record.id as string;
    if (this.byId.has(id)) throw new Error(`duplicate id ${id}`);
    this.byId.set(id, kept);
    this.weight += kept.weight;
    const last = this.order.at(-1);
    this.order.push(kept);
    // ids are handed out ascending; a saved file's may come in any order
    if (last && (last.record.id as string) > id) {
      this.compact();
      this.order.sort((a, b) => (a.record.id < b.record.id ? -1 : 1));
    }
  }

  get(id: string): KeptNotification | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every notification kept, ascending by id. */
  all(): readonly KeptNotification[] {
    if (this.removed > 0 || this.front > 0) this.compact();
    return this.order;
  }

  /** A log of an attempt, newest first; it weighs on the notification. */
  addLog(kept: KeptNotification, log: WireRecord): void {
    kept.logs.unshift(log);
    kept.weight += logWeight(log);
    if (this.byId.get(kept.record.id) === kept) this.weight += logWeight(log);
  }

  /** Nothing more will be sent for it: it goes before the others when the bound is passed. */
  done(kept: KeptNotification): void {
    this.doneOnes.push(kept);
  }

  /** Takes away the notification that became done first; undefined when none is done. */
  evictDone(): KeptNotification | undefined {
    return this.remove(this.nextDone());
  }

  /** Takes away the oldest kept (one still owed a delivery when none is done); undefined when none is kept. */
  evictOldest(): KeptNotification | undefined {
    return this.remove(this.oldest());
  }

  /** A copy whose records and logs are its own (an event is never changed, so they share them). */
  clone(): KeptNotifications {
    const copy = new KeptNotifications();
    for (const kept of this.all()) {
      copy.insert({ ...kept, record: structuredClone(kept.record), logs: structuredClone(kept.logs) });
    }
    for (const kept of this.doneOnes.values()) {
      const same = copy.get(kept.record.id);
      if (same && this.byId.get(kept.record.id) === kept) copy.done(same);
    }
    return copy;
  }

  private remove(kept: KeptNotification | undefined): KeptNotification | undefined {
    if (!kept) return undefined;
    this.byId.delete(kept.record.id);
    this.weight -= kept.weight;
    this.removed += 1;
    if ((this.removed + this.front) * 4 > this.order.length) this.compact();
    return kept;
  }

  private nextDone(): KeptNotification | undefined {
    for (let kept = this.doneOnes.take(); kept; kept = this.doneOnes.take()) {
      if (this.byId.get(kept.record.id) === kept) return kept;
    }
    return undefined;
  }

  /** The oldest still kept; those before `front` are gone. */
  private oldest(): KeptNotification | undefined {
    while (this.front < this.order.length) {
      const kept = this.order[this.front] as KeptNotification;
      if (this.byId.get(kept.record.id) === kept) return kept;
      this.front += 1;
      this.removed -= 1;
    }
    return undefined;
  }

  private compact(): void {
    this.order = this.order.filter((kept) => this.byId.get(kept.record.id) === kept);
    this.front = 0;
    this.removed = 0;
  }
}

/**
 * While `stores` (both accounts') weigh more than `maxWeight`, takes away first those nothing more
 * will be sent for (either account's), then the oldest of the heavier account's. How many taken were
 * still owed a delivery (dropped undelivered).
 */
export function trimTo(stores: readonly KeptNotifications[], maxWeight: number): number {
  let dropped = 0;
  let weight = stores.reduce((sum, store) => sum + store.weight, 0);
  while (weight > maxWeight) {
    const heavier = stores.reduce((a, b) => (b.weight > a.weight ? b : a));
    const gone = evictFirstDone(stores) ?? heavier.evictOldest();
    if (!gone) break;
    if (gone.owed > 0) dropped += 1;
    weight -= gone.weight;
  }
  return dropped;
}

function evictFirstDone(stores: readonly KeptNotifications[]): KeptNotification | undefined {
  for (const store of stores) {
    const gone = store.evictDone();
    if (gone) return gone;
  }
  return undefined;
}
