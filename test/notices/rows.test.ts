// The notice rows of a price rise, pure: each says what a run does with its subscription and why,
// and when the new price first bills it (a paused one: when it resumes); a subscription whose
// scheduled cancel comes before the new price would bill it gets no row, and is counted as left out.
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { noticesOf } from '../../src/notices/rows.js';
import type { ProrationBillingMode } from '../../src/paddle-facts/subscriptions.js';
import type { SubscriberMove, SubscriptionRecord } from '../../src/planner/subscribers.js';
import { risingCatalog } from '../support/subscription-account.mjs';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const PRO = 'pri_pro';

const move = (proration: ProrationBillingMode, billsFrom?: string): SubscriberMove => ({
  kind: 'subscribers',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  fromId: PRO,
  toId: null,
  proration,
  ...(billsFrom ? { billsFrom } : {}),
});

const subscription = (id: string, fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id,
  status: 'active',
  currency_code: 'USD',
  customer_id: 'ctm_1',
  items: [{ price_id: PRO, quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2026-12-31T09:00:00Z',
  billing_cycle: { interval: 'month', frequency: 1 },
  ...fields,
});

const CATALOG = risingCatalog({ pro: ['Pro', '1000', '1200'] });

const PAUSED = subscription('sub_paused', { status: 'paused', next_billed_at: null });
const CANCELING = subscription('sub_canceling', {
  scheduled_change: 'cancel',
  scheduled_at: '2026-12-31T09:00:00Z',
  next_billed_at: null,
});
const ACTIVE = subscription('sub_active', { next_billed_at: '2026-12-15T09:00:00Z' });

const notices = (m: SubscriberMove, listed: SubscriptionRecord[]) =>
  noticesOf([m], listed, { catalog: CATALOG, emails: new Map(), now: NOW });
const cells = (m: SubscriberMove, listed: SubscriptionRecord[]) =>
  notices(m, listed).rows.map((r) => [r.subscription_id, r.verdict, r.reason, r.new_price_first_bills]);

describe('the notice rows say why a subscription waits and when the new price first bills it', () => {
  it('bills_from 2027-01-01: the paused one waits for it and first bills when it resumes; the active one at its renewal on or after it', () => {
    expect(cells(move('do_not_bill', '2027-01-01'), [PAUSED, ACTIVE])).toEqual([
      [
        'sub_paused',
        'waits',
        'bills_from 2027-01-01 not reached',
        'when it resumes, if on or after 2027-01-01; else its first renewal on or after 2027-01-01',
      ],
      ['sub_active', 'waits', 'bills_from 2027-01-01 not reached', '2027-01-15'],
    ]);
  });

  it('no bills_from: the paused one moves now and first bills when it resumes', () => {
    expect(cells(move('do_not_bill'), [PAUSED, ACTIVE])).toEqual([
      ['sub_paused', 'moves now', null, 'when it resumes'],
      ['sub_active', 'moves now', null, '2026-12-15'],
    ]);
  });

  it('a paused one the mode will not move: why, and no first bill with that mode', () => {
    expect(cells(move('prorated_next_billing_period'), [PAUSED])).toEqual([
      ['sub_paused', 'will not move with this mode', 'paused', 'not with prorated_next_billing_period'],
    ]);
  });

  it.each([
    ['bills_from 2027-01-01', move('do_not_bill', '2027-01-01')],
    ['no bills_from', move('do_not_bill')],
  ])(
    '%s: one whose cancel comes before the new price bills it gets no row, and is counted as left out',
    (_title, m) => {
      const told = notices(m, [CANCELING, ACTIVE]);
      expect(told.rows.map((r) => r.subscription_id)).toEqual(['sub_active']);
      expect(told.cancelsFirst).toBe(1);
    },
  );

  it('a cancel after a move that bills now is told: the new price bills it when apply moves it', () => {
    const told = notices(move('prorated_immediately'), [CANCELING]);
    expect(told.cancelsFirst).toBe(0);
    expect(told.rows.map((r) => r.new_price_first_bills)).toEqual(['when apply moves it']);
  });
});

describe('a notice row in full', () => {
  const emails = new Map([['ctm_1', 'kim@example.com']]);
  const told = (m: SubscriberMove, listed: SubscriptionRecord[]) =>
    noticesOf([m], listed, { catalog: CATALOG, emails, now: NOW });

  it('who, how many, from and to, the unit amounts now and after (minor units and as read), the next renewal', () => {
    const three = subscription('sub_three', { items: [{ price_id: PRO, quantity: 3 }] });
    expect(told(move('do_not_bill'), [three])).toEqual({
      rows: [
        {
          subscription_id: 'sub_three',
          customer_id: 'ctm_1',
          email: 'kim@example.com',
          currency_code: 'USD',
          quantity: 3,
          from: 'pro/monthly',
          to: 'pro/monthly-2027',
          verdict: 'moves now',
          reason: null,
          unit_amount_now: '1000',
          unit_amount_now_formatted: '$10.00',
          unit_amount_after: '1200',
          unit_amount_after_formatted: '$12.00',
          next_billed_at: '2026-12-31T09:00:00Z',
          new_price_first_bills: '2026-12-31',
        },
      ],
      cancelsFirst: 0,
    });
  });

  it('a customer whose e-mail was not read: no e-mail; no customer: neither', () => {
    const stranger = subscription('sub_stranger', { customer_id: 'ctm_2' });
    const { customer_id: _, ...nobody } = subscription('sub_nobody');
    expect(told(move('do_not_bill'), [stranger, nobody]).rows.map((r) => [r.customer_id, r.email])).toEqual([
      ['ctm_2', null],
      [null, null],
    ]);
  });

  it("the quantity is the moved price's item's, not the first item's", () => {
    const addon = { price_id: 'pri_addon', quantity: 5 };
    const two = subscription('sub_two', { items: [addon, { price_id: PRO, quantity: 2 }] });
    expect(told(move('do_not_bill'), [two]).rows.map((r) => r.quantity)).toEqual([2]);
  });

  it('a subscription listed twice gets one row; one on another price gets none', () => {
    const other = subscription('sub_other', { items: [{ price_id: 'pri_other', quantity: 1 }] });
    expect(told(move('do_not_bill'), [ACTIVE, ACTIVE, other]).rows.map((r) => r.subscription_id)).toEqual([
      'sub_active',
    ]);
  });

  it('a move with no source in the account, or one blocked, tells no one', () => {
    const noSource = { ...move('do_not_bill'), fromId: null };
    const blocked = { ...move('do_not_bill'), blocked: 'twins' } as SubscriberMove;
    expect(told(noSource, [ACTIVE]).rows).toEqual([]);
    expect(told(blocked, [ACTIVE]).rows).toEqual([]);
  });

  it.each<[string, Catalog]>([
    ['nor its product', CATALOG],
    [
      'its product listed without prices',
      { ...CATALOG, products: { ...CATALOG.products, team: { name: 'Team', tax_category: 'saas' } } },
    ],
  ])(
    'a price the catalog does not hold (%s), and a currency it has no amount in, are said in words',
    (_, catalog) => {
      const gone = { ...move('do_not_bill'), to: 'team/yearly' };
      const euro = subscription('sub_euro', { currency_code: 'EUR' });
      const [row] = noticesOf([gone], [euro], { catalog, emails, now: NOW }).rows;
      expect([row?.unit_amount_now, row?.unit_amount_now_formatted]).toEqual([
        null,
        'no EUR amount in the catalog',
      ]);
      expect([row?.unit_amount_after, row?.unit_amount_after_formatted]).toEqual([
        null,
        'not in the catalog',
      ]);
    },
  );
});
