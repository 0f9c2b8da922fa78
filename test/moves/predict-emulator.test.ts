// The plan's prediction and the emulator's answer agree, status by mode: every seeded subscription
// (every status, scheduled changes, the 30-minute locks) is read through the real gateway, predicted
// under each proration mode, and its change previewed (PATCH /subscriptions/{id}/preview runs the same
// refusals as the PATCH). "moves now" is a 200; "waits" and "will not move with this mode" are
// refusals with the predicted code; "not predicted" is where Paddle's pages say nothing, so any answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { predictMove } from '../../src/moves/predict.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { PRORATION_BILLING_MODES } from '../../src/paddle-facts/subscriptions.js';
import { MOVES_NOW, NOT_PREDICTED } from '../../src/planner/verdicts.js';
import { call, startSubscriptionEmulator } from '../support/emulator.js';
import { ADDON, NOW, SUBSCRIPTIONS } from '../support/subscription-account.mjs';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startSubscriptionEmulator();
});
afterAll(() => emulator.close());

describe('predicted, not discovered', () => {
  it('the prediction of every seeded subscription under every mode is what the emulator answers', async () => {
    const gateway = paddleSubscriptionsGateway({
      environment: 'sandbox',
      baseUrl: emulator.url,
      apiKey: emulator.apiKey,
    });
    const read = await gateway.read(
      'read',
      SUBSCRIPTIONS.map((s) => s.id),
    );
    expect(read).toHaveLength(SUBSCRIPTIONS.length);
    const verdicts = new Set<string>();
    let checked = 0;
    for (const subscription of read) {
      for (const mode of PRORATION_BILLING_MODES) {
        const prediction = predictMove(subscription, { proration: mode }, Date.parse(NOW));
        verdicts.add(prediction.verdict);
        if (prediction.verdict === NOT_PREDICTED) continue;
        // the first item onto another monthly price, the rest as they are: what a move sends
        const items = subscription.items.map((item, i) => ({
          price_id: i === 0 ? ADDON : item.price_id,
          quantity: item.quantity,
        }));
        const answer = await call(emulator, 'PATCH', `/subscriptions/${subscription.id}/preview`, {
          body: { items, proration_billing_mode: mode },
        });
        const got = answer.status === 200 ? MOVES_NOW : answer.body.error.code;
        const want = prediction.verdict === MOVES_NOW ? MOVES_NOW : prediction.code;
        expect(`${subscription.id} ${subscription.status} ${mode}: ${got}`).toBe(
          `${subscription.id} ${subscription.status} ${mode}: ${want}`,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
    // the seed reaches every verdict
    expect([...verdicts].sort()).toEqual([
      'moves now',
      'not predicted',
      'waits',
      'will not move with this mode',
    ]);
  });
});
