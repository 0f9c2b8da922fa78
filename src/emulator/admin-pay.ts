// POST /__emulator/subscriptions/{id}/pay (not Paddle's): a past-due subscription's payment
// recovered, as Paddle's dunning ends when it succeeds (developer.paddle.com/build/lifecycle/
// subscription-renewal-dunning): its past-due transaction completed, the subscription active with
// the billing dates the renewal that failed set. A next_billed_at that dunning outlasted is billed
// at once, period by period up to the clock (Paddle does not say; the emulator's choice).
import type { AdminAnswer } from './admin-subscriptions.js';
import type { Account, EmulatorCore } from './core.js';
import { pay, stepContext } from './lifecycle.js';
import { stepUpTo } from './renewal.js';
import { ACCOUNTS, type WireRecord } from './types.js';

export const PAY_PATH = /^\/__emulator\/subscriptions\/([^/]+)\/pay$/;

const refusal = (status: number, code: string, detail: string): AdminAnswer => ({
  status,
  body: { error: { code, detail } },
});

function find(core: EmulatorCore, id: string): { account: Account; subscription: WireRecord } | undefined {
  for (const name of ACCOUNTS) {
    const account = core.accounts[name];
    const subscription = account.state.subscriptions.get(id);
    if (subscription) return { account, subscription };
  }
  return undefined;
}

/** Pays subscription `id` now; answers its status and the transaction paid. */
export function paySubscription(core: EmulatorCore, id: string, raw: Buffer): AdminAnswer {
  const body: unknown = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0)
    return refusal(400, 'bad_request', 'the body must be empty or {}: pay takes no fields');
  const found = find(core, id);
  if (!found) return refusal(404, 'not_found', `no subscription ${id}`);
  const { account, subscription } = found;
  if (subscription.status !== 'past_due')
    return refusal(
      400,
      'bad_request',
      `subscription ${id} is ${subscription.status}: only a past_due one can be paid`,
    );
  const ctx = stepContext(core, account);
  const now = core.now();
  const transaction = pay(ctx, subscription, now.toISOString());
  stepUpTo(ctx, subscription, now.getTime());
  return {
    status: 200,
    body: { subscription_id: id, status: subscription.status, transaction_id: transaction.id },
  };
}
