// What an event of the account becomes: one notification per destination subscribed to it
// (Paddle's `notification` record as GET /notifications serves it, its payload the event — event_id,
// event_type, occurred_at on the emulator's clock, data — with its notification_id; kept.ts), the log
// of each attempt to deliver one (Paddle's `notification_log`), and what an attempt does to it.
// Shapes from the OpenAPI's `event`, `notification` and `notification_log` schemas
// (https://developer.paddle.com/api-reference/notifications).
import { timestamp } from '../ids.js';
import type { WireRecord } from '../types.js';
import { type KeptNotification, type SharedEvent, weightOf } from './kept.js';

/**
 * An event's data already written as JSON: the events of one step that show the same entity at the
 * same moment (a transaction's created and billed) share one text (step-notifications.ts).
 */
export class EventJson {
  constructor(readonly text: string) {}
}

/** A notification of `event` for the setting `settingId`, not attempted yet. */
export function newNotification(
  id: string,
  settingId: string,
  event: SharedEvent,
  origin: 'event' | 'replay',
  at: Date,
): KeptNotification {
  // served with its payload after status (kept.ts's served): the order of Paddle's records
  const record = {
    id,
    type: event.event_type,
    status: 'not_attempted',
    occurred_at: origin === 'event' ? event.occurred_at : timestamp(at),
    delivered_at: null,
    replayed_at: null,
    origin,
    last_attempt_at: null,
    retry_at: null,
    times_attempted: 0,
    notification_setting_id: settingId,
  };
  return { record, event, logs: [], owed: 0, weight: weightOf({ event, logs: [] }) };
}

/** What a destination answered to one attempt; code 0 when it gave no answer in time (or none at all). */
export interface AttemptAnswer {
  code: number;
  contentType: string | null;
  body: string;
}

export function newLog(id: string, answer: AttemptAnswer, at: Date): WireRecord {
  return {
    id,
    response_code: answer.code,
    response_content_type: answer.contentType,
    response_body: answer.body,
    attempted_at: timestamp(at),
  };
}

/** A 2xx answer is a delivery (Paddle: "respond with an HTTP 200 status code within 5 seconds"). */
function delivered(answer: AttemptAnswer): boolean {
  return answer.code >= 200 && answer.code < 300;
}

/**
 * What an attempt answered does to the notification: delivered; or, after a failure, needs_retry
 * after the next of `retryDelaysMs` (its time returned, in ms), or failed once they are spent. The
 * second delivery of one sent twice is only logged.
 */
export function recordAttempt(
  notification: WireRecord,
  answer: AttemptAnswer,
  at: Date,
  retryDelaysMs: readonly number[],
): number | undefined {
  notification.times_attempted += 1;
  notification.last_attempt_at = timestamp(at);
  if (notification.status === 'delivered') return undefined;
  if (delivered(answer)) {
    notification.status = 'delivered';
    notification.delivered_at = timestamp(at);
    notification.retry_at = null;
    return undefined;
  }
  const delay = retryDelaysMs[notification.times_attempted - 1];
  if (delay === undefined) {
    notification.status = 'failed';
    notification.retry_at = null;
    return undefined;
  }
  notification.status = 'needs_retry';
  notification.retry_at = timestamp(new Date(at.getTime() + delay));
  return at.getTime() + delay;
}
