// GET and POST /__emulator/webhook-delivery (not Paddle's): an account's deliveries twice and out of
// order (notifications/disorder.ts), set while the emulator runs as a seed's `webhook_delivery` sets
// it at start. A POST replaces the whole setting (a field left out takes its default) and starts the
// shuffle's sequence again, so a test that sets it gets the same order every run.
import { z } from 'zod';
import type { AdminAnswer } from './admin-subscriptions.js';
import type { EmulatorCore } from './core.js';
import { disorderFromWire, disorderToWire, webhookDeliverySchema } from './notifications/disorder.js';
import { ACCOUNTS, type AccountName } from './types.js';

export const WEBHOOK_DELIVERY_PATH = '/__emulator/webhook-delivery';

const bodySchema = webhookDeliverySchema.extend({ account: z.enum(ACCOUNTS).optional() });

const refusal = (detail: string): AdminAnswer => ({
  status: 400,
  body: { error: { code: 'bad_request', detail } },
});

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8') || '{}');
  } catch {
    return undefined;
  }
}

/** GET: both accounts' settings; POST: one account's (sandbox unless `account` names live) replaced. */
export function webhookDeliveryRoute(
  method: 'GET' | 'POST',
  raw: Buffer,
  core: EmulatorCore,
  restart: (account: AccountName) => void,
): AdminAnswer {
  const wireOf = (name: AccountName) => disorderToWire(core.accounts[name].settings.webhookDelivery);
  if (method === 'GET') return { status: 200, body: { sandbox: wireOf('sandbox'), live: wireOf('live') } };
  const parsed = bodySchema.safeParse(parse(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the body';
    return refusal(
      `${where}: ${issue?.message ?? 'must be a JSON object'} (the fields: account, ${Object.keys(webhookDeliverySchema.shape).join(', ')})`,
    );
  }
  const { account = 'sandbox', ...wire } = parsed.data;
  core.accounts[account].settings.webhookDelivery = disorderFromWire(wire);
  restart(account);
  return { status: 200, body: { account, ...wireOf(account) } };
}
