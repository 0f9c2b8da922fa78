// The read side of transactions over the real SDK, for the billing-history view.
// Returns our own small records: SDK classes never leave src/paddle.
import type { TransactionStatus as SdkTransactionStatus, Transaction } from '@paddle/paddle-node-sdk';
import { directoryMirror } from '../billing/customer-lookup.js';
import type {
  CustomerDirectory,
  CustomerMirror,
  TransactionRecord,
  TransactionsGateway,
} from '../billing/ports.js';
import { InternalError } from '../errors.js';
import { checkAnswer, invoiceUrl, transactionAnswer } from './answer-shape.js';
import { paddleCustomerDirectory } from './customers-gateway.js';
import { callPaddle, createPaddle, type PaddleClient } from './sdk.js';
import type { Target } from './target.js';

/** What the history and invoice commands read from Paddle, on one SDK client. */
export function paddleBillingServices(target: Target): {
  transactions: TransactionsGateway;
  directory: CustomerDirectory;
  /** the directory as the view's mirror: finds archived customers and any letter case */
  customers: CustomerMirror;
} {
  const paddle = createPaddle(target);
  const directory = paddleCustomerDirectory(paddle);
  return {
    transactions: paddleTransactionsGateway(paddle),
    directory,
    customers: directoryMirror(directory),
  };
}

export function paddleTransactionsGateway(paddle: Pick<PaddleClient, 'transactions'>): TransactionsGateway {
  return {
    async listTransactions(query) {
      // A customer-facing list is never sent without the customer filter.
      if (query.customerId.length === 0)
        throw new InternalError('listTransactions without a customer filter');
      return callPaddle('list transactions', async () => {
        const collection = paddle.transactions.list({
          customerId: query.customerId,
          status: [...query.status] as SdkTransactionStatus[],
          perPage: query.perPage,
          after: query.after,
        });
        // Exactly one page per call; hasMore from the collection, not estimatedTotal (Paddle's total
        // is an estimate).
        const transactions = await collection.next();
        const records = transactions.map((txn) => checked(toRecord(txn), 'list transactions'));
        return { transactions: records, hasMore: collection.hasMore === true };
      });
    },

    async getTransaction(transactionId) {
      const operation = `get transaction ${transactionId}`;
      return callPaddle(operation, async () =>
        checked(toRecord(await paddle.transactions.get(transactionId)), operation),
      );
    },

    async getInvoicePdfUrl(transactionId, disposition) {
      const operation = `get invoice of transaction ${transactionId}`;
      return callPaddle(operation, async () => {
        const pdf = await paddle.transactions.getInvoicePDF(transactionId, { disposition });
        // the URL is opened in a browser and downloaded from: https only (loopback aside)
        return checkAnswer(invoiceUrl, pdf.url, 'an invoice URL', operation);
      });
    },
  };
}

const checked = (record: TransactionRecord, operation: string): TransactionRecord =>
  checkAnswer(transactionAnswer, record, 'a transaction', operation);

function toRecord(txn: Transaction): TransactionRecord {
  const totals = txn.details?.totals;
  return {
    id: txn.id,
    status: txn.status,
    customerId: txn.customerId,
    billedAt: txn.billedAt,
    currencyCode: txn.currencyCode ?? null,
    collectionMode: txn.collectionMode ?? null,
    totals: {
      subtotal: totals?.subtotal ?? null,
      grandTotal: totals?.grandTotal ?? null,
      grandTotalTax: totals?.grandTotalTax ?? null,
    },
  };
}
