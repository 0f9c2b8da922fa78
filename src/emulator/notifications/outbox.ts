// The emulator's notifications: each event of an account becomes one notification per active `url`
// destination subscribed to it (destinationsFor), queued and delivered apart from the API, so an
// answer (a clock move that renews 10,000 subscriptions included) never waits for a delivery.
// Deliveries to one destination go one at a time, in the order the events happened; a failed one is
// retried on Paddle's schedule for sandbox accounts, 3 times within 15 minutes
// (https://developer.paddle.com/webhooks/about/respond-to-webhooks, "Handle retries"; Paddle gives
// only the count and the window, so the emulator spaces them 1, 4 and 10 minutes apart). Retries are
// due by the emulator's clock: moving it past a retry's time sends it at once.
// Memory is bounded by what the notifications of both accounts weigh (kept.ts's weightOf: their
// characters as JSON), not by a count: past MAX_WEIGHT those nothing more will be sent for go first
// (delivered, failed, or for a destination elsewhere), and only when none is left the oldest still
// owed a delivery, with a warning (docs/emulator.md says so).
// Only destinations on this machine (loopback) are sent to: a notification for any other stays
// not_attempted, so the emulator never reaches the network. An account may ask for each delivery
// twice and for deliveries out of order (disorder.ts).

import { isLoopbackText } from '../../text/loopback.js';
import type { Account, EmulatorCore, EventData, Notifier } from '../core.js';
import { timestamp } from '../ids.js';
import { destinationsFor } from '../routes/notification-settings.js';
import { ACCOUNTS, type AccountName, type QueuedNotification, type WireRecord } from '../types.js';
import { type AttemptPorts, attempt } from './attempt.js';
import { DisorderedLanes } from './disorder.js';
import { Fifo } from './fifo.js';
import { isDone, type KeptNotification, payloadText, type SharedEvent, trimTo } from './kept.js';
import { type AttemptAnswer, EventJson, newLog, newNotification, recordAttempt } from './records.js';
import { fromSaved, isSaved, savedText } from './saved-queue.js';

const RETRY_DELAYS_MS: readonly number[] = [60_000, 240_000, 600_000];
/**
 * What the notifications of both accounts may weigh (characters as JSON): a month's move of 10,000
 * renewals with every event subscribed makes 70,000 notifications weighing about 233 million (247
 * million once each has its log).
 */
const MAX_WEIGHT = 256 * 2 ** 20;

interface Queued {
  account: AccountName;
  id: string;
  /** one of the two deliveries of a notification sent twice: the later goes only once it is delivered */
  twin?: true;
}

export class Outbox implements Notifier {
  /** per destination (account and setting), the notifications waiting to be sent, in order */
  private readonly lanes = new Map<string, Fifo<Queued>>();
  private readonly busy = new Set<string>();
  /** new deliveries, held to the end of the request that made them, then shuffled when asked */
  readonly disorder = new DisorderedLanes<Queued>(
    (name) => this.core.accounts[name].settings.webhookDelivery,
  );
  /** notifications waiting for a retry's time on the emulator's clock */
  private retries: (Queued & { atMs: number })[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private dropped = 0;
  private readonly closer = new AbortController();
  private readonly ports: AttemptPorts;
  private idlers: (() => void)[] = [];
  /** an attempt was recorded since the queue was last idle */
  private attempted = false;
  /** told when the queue falls idle after attempts (saved state writes the queue then) */
  onSettled: () => void = () => {};

  constructor(
    private readonly core: Omit<EmulatorCore, 'notifier'>,
    ports: Omit<AttemptPorts, 'closing'>,
    private readonly maxWeight = MAX_WEIGHT,
  ) {
    this.ports = { ...ports, closing: this.closer.signal };
  }

  /**
   * A new event of `account`: its notifications, queued; the API's answer does not wait for them.
   * `data` is written as JSON now, once for every destination, so what changes the record later (a
   * later step) never reaches this payload.
   */
  publish(account: Account, eventType: string, data: EventData, occurredAt?: Date): void {
    const settings = destinationsFor(account.state, eventType);
    if (settings.length === 0) return;
    const at = occurredAt ?? this.core.now();
    const made = typeof data === 'function' ? data() : data;
    const event: SharedEvent = {
      event_id: this.core.ids.next('evt', at.getTime()),
      event_type: eventType,
      occurred_at: timestamp(at),
      data: made instanceof EventJson ? made.text : JSON.stringify(made),
    };
    for (const setting of settings) this.add(account, setting, event, 'event');
  }

  replay(account: Account, notification: KeptNotification): KeptNotification {
    notification.record.replayed_at = timestamp(this.core.now());
    const setting = account.state.notification_settings.get(notification.record.notification_setting_id) ?? {
      id: notification.record.notification_setting_id,
      destination: '',
    };
    return this.add(account, setting, notification.event, 'replay');
  }

  /** A new notification of `event` for `setting`, queued when the setting is on this machine. */
  private add(
    account: Account,
    setting: WireRecord,
    event: SharedEvent,
    origin: 'event' | 'replay',
  ): KeptNotification {
    const at = this.core.now();
    const id = this.core.ids.next('ntf', at.getTime());
    const kept = newNotification(id, setting.id, event, origin, at);
    // what it owes is counted before the bound may drop it
    if (isLoopbackText(String(setting.destination))) {
      const queued = { account: account.name, id, twin: true as const };
      kept.owed += this.disorder.hold(`${account.name} ${setting.id}`, queued, { ...queued });
      this.kick();
    }
    this.keep(account, kept);
    if (kept.owed === 0) account.state.notifications.done(kept);
    return kept;
  }

  /** Runs the deliveries that are due now (after the clock moved, or any change). */
  kick(): void {
    if (this.scheduled) return;
    if (this.closer.signal.aborted) {
      for (const resolve of this.idlers.splice(0)) resolve();
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Every notification saved state keeps, with its logs, as the state file's JSON text (saved-queue.ts). */
  queued(): string[] {
    return ACCOUNTS.flatMap((name) =>
      this.core.accounts[name].state.notifications
        .all()
        .filter(isSaved)
        .map((kept) => savedText(name, kept)),
    );
  }

  /**
   * The queue saved state kept, queued again: a retry keeps its time, the rest go out at once, and
   * a second copy still owed goes after the first.
   */
  restore(saved: readonly QueuedNotification[]): void {
    for (const entry of saved) {
      const account = this.core.accounts[entry.account];
      if (account.state.notifications.get(entry.notification.id)) continue;
      this.core.ids.notice(entry.notification.id);
      const kept = fromSaved(entry);
      const setting = account.state.notification_settings.get(kept.record.notification_setting_id);
      if (setting && isLoopbackText(String(setting.destination))) this.owe(entry, kept, setting.id);
      this.keep(account, kept);
      if (kept.owed === 0) account.state.notifications.done(kept);
    }
    this.kick();
  }

  /** What a saved notification owes, queued: its retry, or its first delivery, and its second copy. */
  private owe(entry: QueuedNotification, kept: KeptNotification, settingId: string): void {
    const queued = { account: entry.account, id: kept.record.id as string };
    const { status, retry_at } = kept.record;
    const retryAtMs = Date.parse(retry_at ?? '');
    const owed = {
      retry: status === 'needs_retry' && Number.isFinite(retryAtMs),
      first: status === 'not_attempted',
      second: entry.second_copy_owed === true && status !== 'needs_retry',
    };
    if (owed.retry) this.retries.push({ ...queued, atMs: retryAtMs });
    if (owed.first) this.enqueue(queued, settingId);
    if (owed.second) this.enqueue({ ...queued, twin: true }, settingId);
    kept.owed = Object.values(owed).filter(Boolean).length;
  }

  /** Resolves once nothing is in flight and nothing is due (a retry waiting for its time aside). */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.idlers.push(resolve);
      this.kick();
    });
  }

  close(): void {
    this.closer.abort();
    clearTimeout(this.timer);
    for (const resolve of this.idlers.splice(0)) resolve();
  }

  /** Keeps a notification (or a log just added) within the bound (trimTo), counting those dropped undelivered. */
  private keep(account: Account, kept?: KeptNotification): void {
    if (kept) account.state.notifications.insert(kept);
    const stores = ACCOUNTS.map((name) => this.core.accounts[name].state.notifications);
    this.dropped += trimTo(stores, this.maxWeight);
  }

  private enqueue(queued: Queued, settingId: string): void {
    this.laneOf(`${queued.account} ${settingId}`).push(queued);
    this.kick();
  }

  private laneOf(lane: string): Fifo<Queued> {
    let list = this.lanes.get(lane);
    if (!list) {
      list = new Fifo();
      this.lanes.set(lane, list);
    }
    return list;
  }

  private pump(): void {
    if (this.dropped > 0) {
      process.emitWarning(
        `paddle emulator: ${this.dropped} notifications not delivered yet were dropped, the oldest first: the notifications kept would weigh more than ${Math.round(this.maxWeight / 2 ** 20)} MiB, and none delivered, failed or for a destination elsewhere was left to drop instead (docs/emulator.md)`,
      );
      this.dropped = 0;
    }
    for (const [lane, items] of this.disorder.release()) {
      const list = this.laneOf(lane);
      for (const item of items) list.push(item);
    }
    const nowMs = this.core.now().getTime();
    const due = this.retries.filter((r) => r.atMs <= nowMs);
    this.retries = this.retries.filter((r) => r.atMs > nowMs);
    for (const queued of due) this.requeue(queued);
    for (const [lane, list] of this.lanes) {
      if (this.busy.has(lane)) continue;
      const next = list.take();
      if (list.size === 0) this.lanes.delete(lane);
      if (next) void this.send(lane, next);
    }
    this.wakeForRetries(nowMs);
    if (this.busy.size === 0 && this.lanes.size === 0 && !this.scheduled) {
      if (this.attempted) this.onSettled();
      this.attempted = false;
      for (const resolve of this.idlers.splice(0)) resolve();
    }
  }

  private requeue(queued: Queued): void {
    const kept = this.core.accounts[queued.account].state.notifications.get(queued.id);
    if (kept) this.enqueue(queued, kept.record.notification_setting_id);
  }

  /** The next retry comes due as time passes even when nothing else happens. */
  private wakeForRetries(nowMs: number): void {
    clearTimeout(this.timer);
    if (this.retries.length === 0) return;
    const soonest = Math.min(...this.retries.map((r) => r.atMs));
    this.timer = setTimeout(() => this.kick(), Math.min(Math.max(soonest - nowMs, 0), 2 ** 31 - 1));
    this.timer.unref();
  }

  private async send(lane: string, queued: Queued): Promise<void> {
    const account = this.core.accounts[queued.account];
    const kept = account.state.notifications.get(queued.id);
    if (!kept) return this.kick();
    const notification = kept.record;
    const setting = account.state.notification_settings.get(notification.notification_setting_id);
    // the other of two went first and failed: its retries stand for both
    if (queued.twin && (notification.status === 'needs_retry' || notification.status === 'failed'))
      return this.settle(account, kept);
    if (!setting) {
      // the setting was deleted: there is nowhere to send it
      notification.status = 'failed';
      notification.retry_at = null;
      return this.settle(account, kept);
    }
    this.busy.add(lane);
    const body = payloadText(kept);
    const answer = await attempt(this.ports, String(setting.destination), setting.endpoint_secret_key, body);
    this.busy.delete(lane);
    // an attempt the close cut off stays owed: saved state sends it again
    if (this.closer.signal.aborted) return;
    this.record(account, kept, answer);
    this.settle(account, kept);
  }

  /** One delivery of `kept` is no longer owed; once none is and it is settled, it may go first. */
  private settle(account: Account, kept: KeptNotification): void {
    kept.owed -= 1;
    if (isDone(kept)) account.state.notifications.done(kept);
    this.kick();
  }

  private record(account: Account, kept: KeptNotification, answer: AttemptAnswer): void {
    const at = this.core.now();
    account.state.notifications.addLog(kept, newLog(this.core.ids.next('ntflog', at.getTime()), answer, at));
    this.keep(account);
    this.attempted = true;
    const retryAtMs = recordAttempt(kept.record, answer, at, RETRY_DELAYS_MS);
    if (retryAtMs === undefined) return;
    this.retries.push({ account: account.name, id: kept.record.id, atMs: retryAtMs });
    kept.owed += 1;
  }
}
