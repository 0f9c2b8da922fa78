// The invoice PDF link: eligibility, a real PDF, one-hour expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, manualClock } from '../support/emulator.js';

const clock = manualClock();
let emulator: RunningEmulator;

function seedTxn(status: string, collection_mode: string, subtotal = '1000') {
  return {
    customer_id: 'ctm_01aaaaaaaaaaaaaaaaaaaaaaaa',
    status,
    collection_mode,
    currency_code: 'JPY',
    billed_at: '2025-05-01T10:00:00Z',
    details: { totals: { subtotal, tax: '100' } },
  };
}

const CASES: [string, string, string, boolean][] = [
  ['completed', 'automatic', '1000', true],
  ['completed', 'manual', '1000', true],
  ['billed', 'manual', '1000', true],
  ['billed', 'automatic', '1000', false],
  ['paid', 'automatic', '1000', false],
  ['past_due', 'manual', '1000', false],
  ['canceled', 'manual', '1000', false],
  ['draft', 'automatic', '1000', false],
  ['ready', 'manual', '1000', false],
  ['completed', 'automatic', '0', false],
];

const ids: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    now: clock.now,
    demo: false,
    seed: {
      sandbox: {
        customers: [{ id: 'ctm_01aaaaaaaaaaaaaaaaaaaaaaaa', email: 'kim@example.com', name: 'Kim Lee' }],
        transactions: CASES.map(([status, mode, subtotal]) => seedTxn(status, mode, subtotal)),
      },
    },
  });
  const listed = (await call(emulator, 'GET', '/transactions?order_by=id[ASC]')).body.data;
  ids.push(...listed.map((t: { id: string }) => t.id));
});
afterAll(() => emulator.close());

describe('invoice PDF', () => {
  it.each(CASES.map((c, i) => [...c, i] as const))(
    'invoice availability: %s / %s / subtotal %s → available: %s',
    async (status, mode, _subtotal, available, i) => {
      const res = await call(emulator, 'GET', `/transactions/${ids[i]}/invoice`);
      if (available) {
        expect(res.status).toBe(200);
        expect(res.body.data.url.startsWith(`${emulator.url}/`)).toBe(true);
      } else {
        expect([res.status, res.body.error.code]).toEqual([400, 'transaction_invoice_not_available']);
        expect(res.body.error.detail).toContain(status);
        expect(res.body.error.detail).toContain(mode);
      }
    },
  );

  it('serves a real, small, valid PDF with invoice number, customer and amount', async () => {
    const { url } = (await call(emulator, 'GET', `/transactions/${ids[0]}/invoice?disposition=inline`)).body
      .data;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="invoice_325-\d+\.pdf"$/);
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toMatch(/\(Invoice 325-\d+\) Tj/);
    expect(pdf).toContain('Kim Lee <kim@example.com>');
    expect(pdf).toContain('Total: 1100 JPY');
    // the xref offsets point at the objects
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.map((offset) => pdf.slice(offset, offset + 7))).toEqual(
      offsets.map((_, i) => `${i + 1} 0 obj`),
    );
  });

  it('invoice PDF URL lifetime: the link expires one hour after issue', async () => {
    const { url } = (await call(emulator, 'GET', `/transactions/${ids[0]}/invoice`)).body.data;
    expect((await fetch(url)).headers.get('content-disposition')).toMatch(/^attachment;/);
    clock.advance(59 * 60 * 1000);
    expect((await fetch(url)).status).toBe(200);
    clock.advance(60 * 1000);
    expect((await fetch(url)).status).toBe(403);
  });

  it('rejects an unknown disposition and an unknown transaction', async () => {
    expect(
      (await call(emulator, 'GET', `/transactions/${ids[0]}/invoice?disposition=x`)).body.error.code,
    ).toBe('invalid_field');
    expect((await call(emulator, 'GET', '/transactions/txn_01aaaaaaaaaaaaaaaaaaaaaaaa/invoice')).status).toBe(
      404,
    );
  });
});
