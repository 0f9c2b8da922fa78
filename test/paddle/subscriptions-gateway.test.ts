// The subscriptions gateway over real HTTP against the emulator: the SDK's subscriptions.list and
// update, and the count from a one-item page's estimated_total
// (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { MOVED_STATUSES } from '../../src/planner/subscribers.js';
import { startSubscriptionEmulator } from '../support/emulator.js';
import { ADDON, MONTHLY, SEAT, SUBSCRIPTIONS, sub } from '../support/subscription-account.mjs';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startSubscriptionEmulator();
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const gateway = () =>
  paddleSubscriptionsGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });

describe('subscriptions gateway', () => {
  it('counts by price and status as Paddle does (a page of one, its estimated_total)', async () => {
    for (const status of MOVED_STATUSES) {
      const expected = SUBSCRIPTIONS.filter(
        (s) => s.status === status && s.items.some((i) => i.price_id === MONTHLY),
      ).length;
      expect(await gateway().count('count', [MONTHLY], [status]), status).toBe(expected);
    }
    const sent = emulator.requests().filter((r) => r.path === '/subscriptions');
    expect(sent.map((r) => r.query.per_page)).toEqual(MOVED_STATUSES.map(() => '1'));
  });

  it('counts a comma-separated list of prices and statuses: the subscriptions on any of them, each once', async () => {
    const on = (s: (typeof SUBSCRIPTIONS)[number]) =>
      s.status !== 'canceled' && s.items.some((i) => i.price_id === MONTHLY || i.price_id === SEAT);
    const expected = SUBSCRIPTIONS.filter(on).length;
    expect(expected).toBeGreaterThan(1);
    expect(await gateway().count('count', [MONTHLY, SEAT], MOVED_STATUSES)).toBe(expected);
    const [sent] = emulator.requests().filter((r) => r.path === '/subscriptions');
    expect(sent?.query).toMatchObject({ price_id: `${MONTHLY},${SEAT}`, status: MOVED_STATUSES.join(',') });
  });

  it('lists every subscription on the prices, in the statuses asked, with its items and quantities', async () => {
    const listed = await gateway().list('list', [MONTHLY], MOVED_STATUSES);
    const expected = SUBSCRIPTIONS.filter(
      (s) => s.status !== 'canceled' && s.items.some((i) => i.price_id === MONTHLY),
    );
    expect(listed.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(listed.find((s) => s.id === sub(1))?.items).toEqual([
      { price_id: MONTHLY, quantity: 1 },
      { price_id: SEAT, quantity: 5 },
    ]);
  });

  it('updates the items with the full list and the proration billing mode', async () => {
    const items = [
      { price_id: ADDON, quantity: 1 },
      { price_id: SEAT, quantity: 5 },
    ];
    const updated = await gateway().updateItems('move', sub(1), items, 'do_not_bill');
    expect(updated.items).toEqual(items);
    const patch = emulator.requests().find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ items, proration_billing_mode: 'do_not_bill' });
  });

  it("a change within 30 minutes of renewal is Paddle's subscription_locked_renewal (409)", async () => {
    // https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal
    const refused = await gateway()
      .updateItems('move', sub(8), [{ price_id: ADDON, quantity: 1 }], 'do_not_bill')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).details).toMatchObject({
      code: 'subscription_locked_renewal',
      status: 409,
    });
  });
});

describe('subscriptions gateway: answers that are not what Paddle sends', () => {
  let server: Server;
  let answer: unknown;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const hostile = () =>
    paddleSubscriptionsGateway({
      environment: 'sandbox',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: emulator.apiKey,
    });

  it('a count without estimated_total is refused, never read as no subscribers', async () => {
    answer = {
      data: [],
      meta: { request_id: 'r', pagination: { per_page: 1, next: null, has_more: false } },
    };
    await expect(hostile().count('count', [MONTHLY], ['active'])).rejects.toMatchObject({
      details: { code: 'invalid_response' },
    });
  });

  it('a subscription item without a price id is refused: its PATCH would drop the item', async () => {
    answer = {
      data: [{ ...SUBSCRIPTIONS[0], items: [{ quantity: 1 }] }],
      meta: { request_id: 'r', pagination: { per_page: 200, next: null, has_more: false } },
    };
    await expect(hostile().list('list', [MONTHLY], ['active'])).rejects.toBeInstanceOf(RemoteError);
  });
});
