// What `history` and `invoice` share: who the customer is (--email or --customer) and the Paddle
// services of the session. A billing `{error}` result is shown by src/views/billing-error.ts.
import { defaultCacheDir, remoteCurrencies } from '../billing/currencies-source.js';
import type {
  CurrencySource,
  CustomerDirectory,
  CustomerMirror,
  TransactionsGateway,
} from '../billing/ports.js';
import { UserError } from '../errors.js';
import { paddleIdPattern } from '../paddle-facts/ids.js';
import type { Reporter } from '../terminal/reporter.js';
import { openSession, type TargetFlags } from './target-options.js';

export interface CustomerFlags {
  email?: string;
  customer?: string;
}

export type CustomerSelector = { email: string } | { customerId: string };

/** At most one of --email / --customer; `required` says whether one must be given. */
export function customerSelector(flags: CustomerFlags, required: true): CustomerSelector;
export function customerSelector(flags: CustomerFlags, required: boolean): CustomerSelector | null;
export function customerSelector(flags: CustomerFlags, required: boolean): CustomerSelector | null {
  if (flags.email !== undefined && flags.customer !== undefined) {
    throw new UserError('Give either --email or --customer, not both.');
  }
  if (flags.customer !== undefined) {
    if (!paddleIdPattern('ctm').test(flags.customer)) {
      throw new UserError(`--customer takes a customer id (ctm_…), not ${JSON.stringify(flags.customer)}.`);
    }
    return { customerId: flags.customer };
  }
  if (flags.email !== undefined) {
    // an address pasted from a ticket or a mail client often brings spaces or a line break along
    const email = flags.email.trim();
    if (!email.includes('@'))
      throw new UserError(`--email takes an e-mail address, not ${JSON.stringify(flags.email)}.`);
    return { email };
  }
  if (required) {
    throw new UserError(
      'Whose history? Give --email <address> or --customer <ctm_id>.',
      'e.g. paddle-catalog history --email demo@example.com --local',
    );
  }
  return null;
}

export interface BillingServices {
  transactions: TransactionsGateway;
  directory: CustomerDirectory;
  /** the directory as the billing-history view's mirror: archived customers and any case found */
  customers: CustomerMirror;
  currencies: CurrencySource;
  baseUrl: string;
}

/** Opens the session (banner, --local emulator) and runs `body` with the services; always closes. */
export async function withBillingServices(
  reporter: Reporter,
  flags: TargetFlags & { cache?: boolean },
  body: (services: BillingServices) => Promise<number>,
): Promise<number> {
  const session = await openSession(reporter, flags);
  try {
    const { paddleBillingServices } = await import('../paddle/transactions-gateway.js');
    return await body({
      ...paddleBillingServices(session.target),
      currencies: remoteCurrencies({
        baseUrl: session.target.baseUrl,
        cacheDir: flags.cache === false ? null : defaultCacheDir(reporter.io.env),
      }),
      baseUrl: session.target.baseUrl,
    });
  } finally {
    await session.close();
  }
}
