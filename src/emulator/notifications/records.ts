// What an event of the account becomes: the event (Paddle's `event`: event_id, event_type,
// occurred_at on the emulator's clock, data) and one notification per destination subscribed to it
// (Paddle's `notification` record as GET /notifications serves it, its payload the event with its
// notification_id), and the log of each attempt to deliver one (Paddle's `notification_log`).
// Shapes from the OpenAPI's `event`, `notification` and `notification_log` schemas
// (https://developer.paddle.com/api-reference/notifications).
import { timestamp } from '../ids.js';
import type { WireRecord } from '../types.js';

export interface AccountEvent {
  event_id: string;
  event_type: string;
  /** RFC 3339, on the emulator's clock */
  occurred_at: string;
  data: WireRecord;
}

/** A notification of `event` for the setting `settingId`, not attempted yet. */
export function newNotification(
  id: string,
  settingId: string,
  event: AccountEvent,
  origin: 'event' | 'replay',
  at: Date,
): WireRecord {
  return {
    id,
    type: event.event_type,
    status: 'not_attempted',
    // the order of Paddle's payloads: event_id, event_type, occurred_at, notification_id, data
    payload: {
      event_id: event.event_id,
      event_type: event.event_type,
      occurred_at: event.occurred_at,
      notification_id: id,
      data: event.data,
    },
    occurred_at: origin === 'event' ? event.occurred_at : timestamp(at),
    delivered_at: null,
    replayed_at: null,
    origin,
    last_attempt_at: null,
    retry_at: null,
    times_attempted: 0,
    notification_setting_id: settingId,
  };
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
export function delivered(answer: AttemptAnswer): boolean {
  return answer.code >= 200 && answer.code < 300;
}
