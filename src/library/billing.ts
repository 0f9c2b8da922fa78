// `paddle-catalog/billing`: the customer billing-history view as a library for an app's server.
// An app brings the signed-in user, a customer mirror (filled from customer.created webhooks) and
// an SDK client; what it gets back is plain data shaped for the page. Only this file's exports are
// the public surface: the modules behind it may change.
export {
  type CurrencySourceOptions,
  defaultCacheDir,
  remoteCurrencies,
} from '../billing/currencies-source.js';
export { directoryMirror, findCustomerByEmail } from '../billing/customer-lookup.js';
export {
  type DeliveryOutcome,
  InMemoryCustomerMirror,
  type SignatureCheck,
} from '../billing/customer-mirror.js';
export {
  type BillingDeps,
  type BillingHistoryResult,
  getBillingHistory,
  type HistoryItem,
  NOT_AUTHENTICATED,
} from '../billing/history.js';
export {
  FORBIDDEN,
  getInvoiceUrl,
  type InvoiceRequest,
  type InvoiceUrlResult,
  NO_BILLING_CUSTOMER,
} from '../billing/invoice.js';
export type {
  BillingUser,
  CurrencySource,
  CustomerDirectory,
  CustomerMirror,
  CustomerQuery,
  CustomerRecord,
  InvoiceDisposition,
  TransactionPage,
  TransactionQuery,
  TransactionRecord,
  TransactionStatus,
  TransactionsGateway,
} from '../billing/ports.js';
export { type PaddleClientOptions, paddleClient } from '../paddle/app-client.js';
export { paddleCustomerDirectory, paddleSignatureCheck } from '../paddle/customers-gateway.js';
export { paddleTransactionsGateway } from '../paddle/transactions-gateway.js';
