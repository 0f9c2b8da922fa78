// Which write of the API sends which event (src/emulator/notifications/write-events.ts cites
// Paddle's pages): a table, route by route, and what sends nothing here (a cancel, pause, resume or
// activation sends the events of the step it takes: test/emulator/subscription-actions.test.ts).
import { describe, expect, it } from 'vitest';
import { eventOfWrite } from '../../src/emulator/notifications/write-events.js';

const ID = '01h00000000000000000000001';
const data = { id: `x_${ID}` };

describe('the event of an API write', () => {
  it.each([
    ['POST', '/products', 201, 'product.created'],
    ['PATCH', `/products/pro_${ID}`, 200, 'product.updated'],
    ['POST', '/prices', 201, 'price.created'],
    ['PATCH', `/prices/pri_${ID}`, 200, 'price.updated'],
    ['POST', '/discounts', 201, 'discount.created'],
    ['PATCH', `/discounts/dsc_${ID}`, 200, 'discount.updated'],
    ['POST', '/discount-groups', 201, 'discount_group.created'],
    ['PATCH', `/discount-groups/dsg_${ID}`, 200, 'discount_group.updated'],
    ['POST', '/customers', 201, 'customer.created'],
    ['PATCH', `/customers/ctm_${ID}`, 200, 'customer.updated'],
    ['PATCH', `/subscriptions/sub_${ID}`, 200, 'subscription.updated'],
  ])('%s %s answered %i is %s', (method, path, status, type) => {
    expect(eventOfWrite(method, path, status, data)).toEqual({ type, data });
  });

  it.each([
    ['a preview', 'PATCH', `/subscriptions/sub_${ID}/preview`, 200],
    ['a pricing preview', 'POST', '/pricing-preview', 200],
    ['a transaction preview', 'POST', '/transactions/preview', 200],
    ['a notification setting', 'POST', '/notification-settings', 201],
    ['a replay', 'POST', `/notifications/ntf_${ID}/replay`, 202],
    ['a refused write', 'POST', '/products', 400],
    // their events are the steps they take (step-notifications.ts), sent once, not again here
    ['a cancel', 'POST', `/subscriptions/sub_${ID}/cancel`, 200],
    ['a pause', 'POST', `/subscriptions/sub_${ID}/pause`, 200],
    ['a resume', 'POST', `/subscriptions/sub_${ID}/resume`, 200],
    ['an activation', 'POST', `/subscriptions/sub_${ID}/activate`, 200],
    ['a read', 'GET', '/products', 200],
  ])('%s sends none', (_what, method, path, status) => {
    expect(eventOfWrite(method, path, status, data)).toBeUndefined();
  });
});
