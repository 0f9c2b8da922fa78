// The notifications `--state` keeps (those still owed a delivery) as the state file holds them: each
// Paddle's notification record as GET /notifications serves it, payload and all, with its logs and
// whether a second copy of it is still owed (an account asking for each delivery twice). Written
// as JSON text put together from the payload's text, so saving 70,000 notifications parses none of
// them; files written before the copy owed was kept load as they are (one delivery owed).
import type { QueuedNotification } from '../types.js';
import { type KeptNotification, payloadText, weightOf } from './kept.js';

/** Owed a second copy: one to be sent twice that has sent neither, or has sent one, delivered. */
function secondCopyOwed(kept: KeptNotification): boolean {
  const status = kept.record.status;
  return (status === 'not_attempted' && kept.owed >= 2) || (status === 'delivered' && kept.owed >= 1);
}

/** What saved state keeps: not delivered yet (wherever it goes), or delivered and owed its second copy. */
export function isSaved(kept: KeptNotification): boolean {
  const status = kept.record.status;
  return status === 'not_attempted' || status === 'needs_retry' || secondCopyOwed(kept);
}

/** One entry of the state file's notification_queue, as JSON text. */
export function savedText(account: QueuedNotification['account'], kept: KeptNotification): string {
  const { id, type, status, ...rest } = kept.record;
  const head = JSON.stringify({ id, type, status }).slice(0, -1);
  const notification = `${head},"payload":${payloadText(kept)},${JSON.stringify(rest).slice(1)}`;
  const owed = secondCopyOwed(kept) ? ',"second_copy_owed":true' : '';
  return `{"account":${JSON.stringify(account)},"notification":${notification},"logs":${JSON.stringify(kept.logs)}${owed}}`;
}

/** A saved entry kept again, owing nothing yet (the outbox queues what it owes). */
export function fromSaved(saved: QueuedNotification): KeptNotification {
  const { payload, ...record } = saved.notification;
  const event = {
    event_id: payload.event_id,
    event_type: payload.event_type,
    occurred_at: payload.occurred_at,
    data: JSON.stringify(payload.data),
  };
  const logs = saved.logs;
  return { record, event, logs, owed: 0, weight: weightOf({ event, logs }) };
}
