// POST /__emulator/subscriptions (not Paddle's): subscriptions taken while the emulator runs, with
// the customers and addresses they name, in the seed's short form (seed-file.ts additionSchema),
// so a team can rehearse a change on the prices its own apply made. All or nothing: anything that
// does not fit the account is refused (400) before a record is added.
import type { EmulatorCore } from './core.js';
import { timestamp } from './ids.js';
import { seedAddress, seedCustomer } from './seed.js';
import { additionSchema } from './seed-file.js';
import { type Taken, takeSubscription } from './seed-subscriptions.js';
import type { AccountState } from './state.js';
import type { WireRecord } from './types.js';

export interface AdminAnswer {
  status: number;
  body: unknown;
}

const refusal = (detail: string): AdminAnswer => ({
  status: 400,
  body: { error: { code: 'bad_request', detail } },
});

/** What in `body` the account cannot take: ids it has, customers and prices it lacks. */
interface Addition {
  customers?: WireRecord[];
  addresses?: WireRecord[];
  subscriptions: WireRecord[];
}

function misfits(state: AccountState, body: Addition): string[] {
  const taken = (id: unknown, ...has: ((id: string) => unknown)[]) =>
    typeof id === 'string' && has.some((get) => get(id));
  const pending = (id: string) => state.pendingSubscriptions.some((s) => s.id === id);
  const customers = new Set((body.customers ?? []).map((c) => c.id));
  const problems = [
    ...(body.customers ?? [])
      .filter((c) => taken(c.id, (id) => state.customers.get(id)))
      .map((c) => `customer ${c.id} exists`),
    ...(body.addresses ?? [])
      .filter((a) => taken(a.id, (id) => state.addresses.get(id)))
      .map((a) => `address ${a.id} exists`),
  ];
  for (const s of body.subscriptions) {
    if (taken(s.id, (id) => state.subscriptions.get(id), pending))
      problems.push(`subscription ${s.id} exists`);
    if (!customers.has(s.customer_id) && !state.customers.get(s.customer_id))
      problems.push(`no customer ${s.customer_id}`);
    for (const item of s.items as WireRecord[])
      if (typeof item.price_id === 'string' && !state.prices.get(item.price_id))
        problems.push(`no price ${item.price_id}`);
  }
  return problems;
}

export function addSubscriptions(core: EmulatorCore, raw: Buffer): AdminAnswer {
  let body: ReturnType<typeof additionSchema.parse>;
  try {
    const parsed = additionSchema.safeParse(JSON.parse(raw.toString('utf8') || '{}'));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return refusal(`${first?.path.join('.') || '(root)'}: ${first?.message}`);
    }
    body = parsed.data;
  } catch (error) {
    return refusal((error as Error).message);
  }
  const state = core.accounts[body.account ?? 'sandbox'].state;
  const problems = misfits(state, body);
  if (problems.length > 0) return refusal(problems.join('; '));
  const at = timestamp(core.now());
  const dated = (record: WireRecord) => ({ created_at: at, ...record });
  for (const c of body.customers ?? []) state.customers.insert(seedCustomer(core.ids, dated(c)));
  for (const a of body.addresses ?? []) state.addresses.insert(seedAddress(core.ids, dated(a)));
  const subscriptions: Taken[] = body.subscriptions.map((s) => takeSubscription(state, core.ids, s, at));
  return { status: 200, body: { subscriptions } };
}
