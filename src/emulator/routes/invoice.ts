// GET /transactions/{id}/invoice and the PDF behind the link,
// which the emulator serves itself under /__emulator/invoices/ and which expires after one hour.
import { randomBytes } from 'node:crypto';
import { minorUnitsToDecimal } from '../../money/minor-units.js';
import { ApiFailure, invalidField } from '../api-error.js';
import type { EmulatorCore, Reply, Route, RouteContext } from '../core.js';
import { buildPdf } from '../pdf.js';
import type { WireRecord } from '../types.js';
import { findOr404, pathPattern } from './common.js';

// The emulator keeps its own copy of this Paddle fact on purpose: test/contract/paddle-facts.test.ts.
/** @internal The contract test holds it to the lifetime Paddle documents. */
export const INVOICE_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const INVOICE_PATH = '/__emulator/invoices/';

/** Which transactions have an invoice: completed-automatic or billed/completed-manual, never zero-value. */
function invoiceAvailable(transaction: WireRecord): boolean {
  const zeroValue = BigInt(transaction.details?.totals?.subtotal ?? '0') === 0n;
  const eligible =
    transaction.status === 'completed' ||
    (transaction.collection_mode === 'manual' && transaction.status === 'billed');
  return eligible && !zeroValue;
}

function issueLink(ctx: RouteContext): Reply {
  const transaction = findOr404(ctx.account.state.transactions, ctx.params[0] as string, 'Transaction');
  const disposition = ctx.query.get('disposition') || 'attachment';
  if (disposition !== 'attachment' && disposition !== 'inline') {
    throw invalidField([
      {
        field: 'disposition',
        message: `must be one of the following values: attachment|inline. Provided: ${disposition}`,
      },
    ]);
  }
  if (!invoiceAvailable(transaction)) {
    // Paddle's code for this is not known; this one is ours and documented
    throw new ApiFailure(
      400,
      'transaction_invoice_not_available',
      `No invoice PDF is available for transaction ${transaction.id} (status ${transaction.status}, ` +
        `collection mode ${transaction.collection_mode}${BigInt(transaction.details?.totals?.subtotal ?? '0') === 0n ? ', zero-value' : ''}).`,
      { group: 'transactions' },
    );
  }
  const token = randomBytes(16).toString('hex');
  const fileName = `invoice_${transaction.invoice_number ?? transaction.id}.pdf`;
  const expiresAtMs = ctx.core.now().getTime() + INVOICE_LINK_LIFETIME_MS;
  ctx.account.state.invoiceLinks.set(token, {
    transactionId: transaction.id,
    disposition,
    expiresAtMs,
    fileName,
  });
  return {
    data: { url: `${ctx.core.baseUrl}${INVOICE_PATH}${token}/${fileName}` },
    // the OpenAPI description requires Expires on this answer: when the link stops working
    headers: { expires: new Date(expiresAtMs).toUTCString() },
  };
}

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: pathPattern('/transactions/{id}/invoice'),
    permission: 'transaction.read',
    handle: issueLink,
  },
];

export interface InvoiceFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function jsonFile(status: number, code: string, detail: string): InvoiceFile {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ error: { code, detail } })),
  };
}

/** The PDF behind an issued link: 404 for an unknown link, 403 once it has expired (as S3 does). */
export function invoiceFile(core: EmulatorCore, path: string): InvoiceFile {
  const token = path.slice(INVOICE_PATH.length).split('/')[0] ?? '';
  // the link names no account: it is a bearer URL, like the real presigned one
  const account = Object.values(core.accounts).find((a) => a.state.invoiceLinks.has(token));
  const link = account?.state.invoiceLinks.get(token);
  const transaction = link && account?.state.transactions.get(link.transactionId);
  if (!account || !link || !transaction) return jsonFile(404, 'not_found', 'No such invoice link.');
  if (core.now().getTime() >= link.expiresAtMs)
    return jsonFile(403, 'request_expired', 'Request has expired.');
  const customer = account.state.customers.get(transaction.customer_id);
  const totals = transaction.details?.totals ?? {};
  const places = account.settings.currencies.get(transaction.currency_code) ?? 2;
  const pdf = buildPdf(`Invoice ${transaction.invoice_number ?? transaction.id}`, [
    `Transaction: ${transaction.id}`,
    `Customer: ${customer ? `${customer.name ?? ''} <${customer.email}>`.trim() : transaction.customer_id}`,
    `Billed: ${transaction.billed_at ?? '-'}`,
    `Total: ${minorUnitsToDecimal(totals.grand_total ?? '0', places)} ${transaction.currency_code}`,
    `Tax included: ${minorUnitsToDecimal(totals.grand_total_tax ?? totals.tax ?? '0', places)} ${transaction.currency_code}`,
  ]);
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${link.disposition}; filename="${link.fileName}"`,
    },
    body: pdf,
  };
}
