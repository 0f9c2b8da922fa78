// The billing-history view as a library for apps: inject the user, a customer mirror,
// a transactions gateway (src/paddle has the SDK-backed one), Accept-Language and currencies.

export type { ErrorResult } from './api-error.js';
export { defaultCacheDir, remoteCurrencies } from './currencies-source.js';
export { InMemoryCustomerMirror, type SignatureCheck } from './customer-mirror.js';
export {
  type BillingDeps,
  type BillingHistoryResult,
  getBillingHistory,
  getCustomerHistoryPage,
  type HistoryItem,
  NOT_AUTHENTICATED,
} from './history.js';
export {
  FORBIDDEN,
  getCustomerInvoiceUrl,
  getInvoiceUrl,
  getInvoiceUrlAsSupport,
  type InvoiceUrlResult,
  NO_BILLING_CUSTOMER,
} from './invoice.js';
export { invoiceUnavailableReason, isInvoiceAvailable } from './invoice-availability.js';
export { localeFromAcceptLanguage } from './locale.js';
export type * from './ports.js';
