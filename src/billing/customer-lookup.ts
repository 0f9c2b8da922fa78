// Finding a customer by e-mail as support staff need it: churned (archived) customers included,
// whatever the letter case the address was typed or stored in. Paddle's `email` filter matches
// exactly (its docs say nothing of case), so a miss is retried with its `search` text, and every
// candidate the server returns is compared here before it is believed.
import type { CustomerDirectory, CustomerMirror, CustomerRecord } from './ports.js';

// ASCII letters only: Unicode case folding makes U+212A KELVIN SIGN a `k` and U+0130 an `i`, so
// another customer's look-alike address would pass as the one typed
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function sameAddress(a: string, b: string): boolean {
  return asciiLower(a) === asciiLower(b);
}

// what a person reading the two addresses would take for the same one: compatibility forms and
// Unicode case folded (U+212A KELVIN SIGN reads as a k)
const asRead = (text: string) => text.normalize('NFKC').toLowerCase();

/** The candidates' addresses that only look like `email`: read alike, yet not the same address. */
export function lookalikeAddresses(candidates: readonly CustomerRecord[], email: string): string[] {
  const looks = candidates.filter(
    (customer) => asRead(customer.email) === asRead(email) && !sameAddress(customer.email, email),
  );
  return [...new Set(looks.map((customer) => customer.email))];
}

/**
 * The candidate whose address is `email` (any ASCII letter case): the exact address before one in
 * another case, and within each an active customer before an archived one.
 * @internal A table test of which customer an email picks.
 */
export function pickCustomer(candidates: readonly CustomerRecord[], email: string): CustomerRecord | null {
  const exact = candidates.filter((customer) => customer.email === email);
  const matches = [...exact, ...candidates.filter((customer) => sameAddress(customer.email, email))];
  return matches.find((customer) => customer.status === 'active') ?? matches[0] ?? null;
}

/**
 * The exact filter first: one request when it finds an active customer. Otherwise the search
 * too, which also finds an address stored in another case (an active one there wins over an
 * archived exact match).
 */
export async function findCustomerByEmail(
  directory: CustomerDirectory,
  email: string,
): Promise<CustomerRecord | null> {
  const exact = await directory.listCustomers({ email });
  const found = pickCustomer(exact, email);
  if (found?.status === 'active') return found;
  const searched = await directory.listCustomers({ search: email });
  return pickCustomer([...exact, ...searched], email);
}

/** The directory as the billing-history view's mirror (its rule: look the customer up by e-mail). */
export function directoryMirror(directory: CustomerDirectory): CustomerMirror {
  return {
    async findCustomerIdByEmail(email) {
      return (await findCustomerByEmail(directory, email))?.id ?? null;
    },
  };
}
