import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryCustomerMirror } from '../../src/billing/customer-mirror.js';
import { paddleSignatureCheck } from '../../src/paddle/customers-gateway.js';

const created = (id: string, email: string) =>
  JSON.stringify({
    event_id: 'evt_01',
    event_type: 'customer.created',
    occurred_at: '2024-05-01T10:00:00.000Z',
    notification_id: 'ntf_01',
    data: { id, email, name: null, status: 'active', marketing_consent: false, locale: 'en' },
  });

/** What Paddle sends in the Paddle-Signature header (the SDK's own scheme). */
function sign(body: string, secret: string, ts = Math.floor(Date.now() / 1000)): string {
  return `ts=${ts};h1=${createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex')}`;
}

describe('history: the customer mirror filled from customer.created', () => {
  it('records customer id by e-mail and finds it; unknown e-mails have no row', async () => {
    const mirror = new InMemoryCustomerMirror();
    expect(mirror.record(JSON.parse(created('ctm_a', 'a@example.com')))).toBe('recorded');
    expect(await mirror.findCustomerIdByEmail('a@example.com')).toBe('ctm_a');
    expect(await mirror.findCustomerIdByEmail('b@example.com')).toBeNull();
  });

  it('ignores other events and malformed payloads', () => {
    const mirror = new InMemoryCustomerMirror();
    expect(mirror.record({ event_type: 'customer.updated', data: { id: 'ctm_a', email: 'a@x' } })).toBe(
      'ignored',
    );
    expect(mirror.record({ event_type: 'customer.created', data: { id: 'ctm_a' } })).toBe('ignored');
    expect(mirror.record(null)).toBe('ignored');
  });

  it("verifies deliveries with the SDK's webhook helper when a secret is given", async () => {
    const secret = 'pdl_ntfset_test_secret';
    const mirror = new InMemoryCustomerMirror(paddleSignatureCheck(secret));
    const body = created('ctm_a', 'a@example.com');
    expect(await mirror.receive(body, sign(body, 'another secret'))).toBe('rejected');
    expect(await mirror.receive(body)).toBe('rejected');
    expect(await mirror.receive(body, 'garbage')).toBe('rejected');
    expect(await mirror.receive(body, sign(body, secret, Math.floor(Date.now() / 1000) - 3600))).toBe(
      'rejected',
    );
    const tampered = created('ctm_evil', 'a@example.com');
    expect(await mirror.receive(tampered, sign(body, secret))).toBe('rejected');
    expect(await mirror.findCustomerIdByEmail('a@example.com')).toBeNull();
    expect(await mirror.receive(body, sign(body, secret))).toBe('recorded');
    expect(await mirror.findCustomerIdByEmail('a@example.com')).toBe('ctm_a');
  });

  it('without a secret, deliveries are trusted as they come (for apps that verify upstream)', async () => {
    const mirror = new InMemoryCustomerMirror();
    expect(await mirror.receive(created('ctm_b', 'b@example.com'))).toBe('recorded');
    expect(await mirror.receive('not json')).toBe('rejected');
    expect(await mirror.findCustomerIdByEmail('b@example.com')).toBe('ctm_b');
  });
});
