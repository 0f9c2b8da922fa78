// The event an API write makes, as Paddle names them (https://developer.paddle.com/webhooks): a
// create (201) of a product, price, discount, discount group, customer, address, transaction or
// subscription is `<entity>.created`, any other write that answers with one of them is
// `<entity>.updated`, with the entity as answered for `data`. Previews change nothing and make none.
import { EVENT_NAMES } from '../event-types.js';
import type { WireRecord } from '../types.js';

const ENTITIES: Record<string, string> = {
  pro: 'product',
  pri: 'price',
  dsc: 'discount',
  dsg: 'discount_group',
  ctm: 'customer',
  add: 'address',
  txn: 'transaction',
  sub: 'subscription',
};

export interface WriteEvent {
  type: string;
  data: WireRecord;
}

export function eventOfWrite(path: string, status: number, data: unknown): WriteEvent | undefined {
  if (path.endsWith('/preview') || status >= 300 || typeof data !== 'object' || data === null) return;
  const record = data as WireRecord;
  if (typeof record.id !== 'string') return;
  const entity = ENTITIES[record.id.slice(0, record.id.indexOf('_'))];
  if (!entity) return;
  const type = `${entity}.${status === 201 ? 'created' : 'updated'}`;
  return EVENT_NAMES.includes(type) ? { type, data: record } : undefined;
}
