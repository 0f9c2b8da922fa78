// The emulator's notifications: each event of an account becomes one notification per active `url`
// destination subscribed to it (destinationsFor), queued and delivered apart from the API, so an
// answer (a clock move that renews 10,000 subscriptions included) never waits for a delivery.
// Deliveries to one destination go one at a time, in the order the events happened; a failed one is
// retried on Paddle's schedule for sandbox accounts, 3 times within 15 minutes
// (https://developer.paddle.com/webhooks/about/respond-to-webhooks, "Handle retries"; Paddle gives
// only the count and the window, so the emulator spaces them 1, 4 and 10 minutes apart). Retries are
// due by the emulator's clock: moving it past a retry's time sends it at once.
// Memory is bounded: an account keeps at most MAX_KEPT notifications; past that the oldest go, and
// one still queued is dropped undelivered, with a warning (docs/emulator.md says so).
// Only destinations on this machine (loopback) are sent to: a notification for any other stays
// not_attempted, so the emulator never reaches the network. An account may ask for each delivery
// twice and for deliveries out of order (disorder.ts).
import type { Account, EmulatorCore, Notifier } from '../core.js';
import { timestamp } from '../ids.js';
import { destinationsFor } from '../routes/notification-settings.js';
import { ACCOUNTS, type AccountName, type QueuedNotification, type WireRecord } from '../types.js';
import { type AttemptPorts, attempt } from './attempt.js';
import { DisorderedLanes } from './disorder.js';
import { type AccountEvent, delivered, newLog, newNotification } from './records.js';

const RETRY_DELAYS_MS: readonly number[] = [60_000, 240_000, 600_000];
const MAX_KEPT = 50_000;

interface Queued {
  account: AccountName;
  id: string;
  /** one of the two deliveries of a notification sent twice: the later goes only once it is delivered */
  twin?: true;
}

/** A destination on this machine: the only kind the emulator sends to. */
export function isLoopback(destination: string): boolean {
  try {
    const host = new URL(destination).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

export class Outbox implements Notifier {
  /** per destination (account and setting), the notifications waiting to be sent, in order */
  private readonly lanes = new Map<string, Queued[]>();
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
  ) {
    this.ports = { ...ports, closing: this.closer.signal };
  }

  /**
   * A new event of `account`: its notifications, queued; the API's answer does not wait for them.
   * `data` is copied now, so what changes the record later (a later step) never reaches this payload.
   */
  publish(
    account: Account,
    eventType: string,
    data: WireRecord | (() => WireRecord),
    occurredAt?: Date,
  ): void {
    const settings = destinationsFor(account.state, eventType);
    if (settings.length === 0) return;
    const at = occurredAt ?? this.core.now();
    const event: AccountEvent = {
      event_id: this.core.ids.next('evt', at.getTime()),
      event_type: eventType,
      occurred_at: timestamp(at),
      data: structuredClone(typeof data === 'function' ? data() : data),
    };
    for (const setting of settings) this.add(account, setting, event, 'event');
  }

  replay(account: Account, notification: WireRecord): WireRecord {
    notification.replayed_at = timestamp(this.core.now());
    const { notification_id: _, ...event } = notification.payload as AccountEvent & {
      notification_id: string;
    };
    const setting = account.state.notification_settings.get(notification.notification_setting_id) ?? {
      id: notification.notification_setting_id,
      destination: '',
    };
    return this.add(account, setting, event, 'replay');
  }

  /** A new notification of `event` for `setting`, queued when the setting is on this machine. */
  private add(
    account: Account,
    setting: WireRecord,
    event: AccountEvent,
    origin: 'event' | 'replay',
  ): WireRecord {
    const at = this.core.now();
    const id = this.core.ids.next('ntf', at.getTime());
    const notification = newNotification(id, setting.id, event, origin, at);
    this.keep(account, notification);
    if (isLoopback(String(setting.destination))) {
      const queued = { account: account.name, id, twin: true as const };
      this.disorder.hold(`${account.name} ${setting.id}`, queued, { ...queued });
      this.kick();
    }
    return notification;
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

  /** Every notification not delivered yet, with its log: what saved state keeps of the queue. */
  queued(): QueuedNotification[] {
    return ACCOUNTS.flatMap((name) => {
      const { state } = this.core.accounts[name];
      return state.notifications
        .all()
        .filter((n) => n.status === 'not_attempted' || n.status === 'needs_retry')
        .map((n) => ({ account: name, notification: n, logs: state.notificationLogs.get(n.id) ?? [] }));
    });
  }

  /** The queue saved state kept, queued again: a retry keeps its time, the rest go out at once. */
  restore(saved: readonly QueuedNotification[]): void {
    for (const { account: name, notification, logs } of saved) {
      const account = this.core.accounts[name];
      if (account.state.notifications.get(notification.id)) continue;
      this.core.ids.notice(notification.id);
      this.keep(account, notification);
      if (logs.length > 0) account.state.notificationLogs.set(notification.id, logs);
      const setting = account.state.notification_settings.get(notification.notification_setting_id);
      if (!setting || !isLoopback(String(setting.destination))) continue;
      const retryAt = Date.parse(notification.retry_at ?? '');
      if (notification.status === 'needs_retry' && Number.isFinite(retryAt)) {
        this.retries.push({ account: name, id: notification.id, atMs: retryAt });
      } else this.enqueue({ account: name, id: notification.id }, setting.id);
    }
    this.kick();
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

  private keep(account: Account, notification: WireRecord): void {
    const kept = account.state.notifications;
    kept.insert(notification);
    while (kept.size > MAX_KEPT) {
      const oldest = kept.all()[0] as WireRecord;
      if (oldest.status === 'not_attempted' || oldest.status === 'needs_retry') this.dropped += 1;
      kept.delete(oldest.id);
      account.state.notificationLogs.delete(oldest.id);
    }
  }

  private enqueue(queued: Queued, settingId: string): void {
    const lane = `${queued.account} ${settingId}`;
    const list = this.lanes.get(lane);
    if (list) list.push(queued);
    else this.lanes.set(lane, [queued]);
    this.kick();
  }

  private pump(): void {
    if (this.dropped > 0) {
      process.emitWarning(
        `paddle emulator: ${this.dropped} notifications dropped undelivered (an account keeps at most ${MAX_KEPT})`,
      );
      this.dropped = 0;
    }
    for (const [lane, items] of this.disorder.release()) {
      const list = this.lanes.get(lane);
      if (list) list.push(...items);
      else this.lanes.set(lane, items);
    }
    const nowMs = this.core.now().getTime();
    const due = this.retries.filter((r) => r.atMs <= nowMs);
    this.retries = this.retries.filter((r) => r.atMs > nowMs);
    for (const queued of due) this.requeue(queued);
    for (const [lane, list] of this.lanes) {
      if (this.busy.has(lane)) continue;
      const next = list.shift();
      if (list.length === 0) this.lanes.delete(lane);
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
    const notification = this.core.accounts[queued.account].state.notifications.get(queued.id);
    if (notification) this.enqueue(queued, notification.notification_setting_id);
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
    const notification = account.state.notifications.get(queued.id);
    const setting = account.state.notification_settings.get(notification?.notification_setting_id);
    if (!notification) return this.kick();
    // the other of two went first and failed: its retries stand for both
    if (queued.twin && (notification.status === 'needs_retry' || notification.status === 'failed'))
      return this.kick();
    if (!setting) {
      // the setting was deleted: there is nowhere to send it
      notification.status = 'failed';
      notification.retry_at = null;
      return this.kick();
    }
    this.busy.add(lane);
    const body = JSON.stringify(notification.payload);
    const answer = await attempt(this.ports, String(setting.destination), setting.endpoint_secret_key, body);
    this.busy.delete(lane);
    if (this.closer.signal.aborted) return;
    this.record(account, notification, answer);
    this.kick();
  }

  private record(account: Account, notification: WireRecord, answer: Parameters<typeof delivered>[0]): void {
    const at = this.core.now();
    const log = newLog(this.core.ids.next('ntflog', at.getTime()), answer, at);
    const logs = account.state.notificationLogs.get(notification.id) ?? [];
    logs.unshift(log);
    account.state.notificationLogs.set(notification.id, logs);
    this.attempted = true;
    notification.times_attempted += 1;
    notification.last_attempt_at = timestamp(at);
    // the second delivery of one sent twice: logged, never retried
    if (notification.status === 'delivered') return;
    if (delivered(answer)) {
      notification.status = 'delivered';
      notification.delivered_at = timestamp(at);
      notification.retry_at = null;
      return;
    }
    const delay = RETRY_DELAYS_MS[notification.times_attempted - 1];
    if (delay === undefined) {
      notification.status = 'failed';
      notification.retry_at = null;
      return;
    }
    notification.status = 'needs_retry';
    notification.retry_at = timestamp(new Date(at.getTime() + delay));
    this.retries.push({ account: account.name, id: notification.id, atMs: at.getTime() + delay });
  }
}
