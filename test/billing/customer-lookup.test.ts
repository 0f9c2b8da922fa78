// Finding a customer by e-mail over a fake directory (our port): archived customers, letter case,
// and what the server returns checked on our side.
import { describe, expect, it } from 'vitest';
import { findCustomerByEmail, lookalikeAddresses, pickCustomer } from '../../src/billing/customer-lookup.js';
import type { CustomerDirectory, CustomerQuery, CustomerRecord } from '../../src/billing/ports.js';
import { getSupportHistoryPage } from '../../src/billing/support-history.js';

const active = (id: string, email: string): CustomerRecord => ({ id, email, status: 'active' });
const archived = (id: string, email: string): CustomerRecord => ({ id, email, status: 'archived' });

/** A directory whose `email` filter is exact and case-sensitive (the strictest reading of Paddle's docs). */
function strictDirectory(customers: CustomerRecord[], answer?: (query: CustomerQuery) => CustomerRecord[]) {
  const queries: CustomerQuery[] = [];
  const directory: CustomerDirectory = {
    async listCustomers(query) {
      queries.push(query);
      if (answer) return answer(query);
      if ('email' in query) return customers.filter((c) => c.email === query.email);
      const text = query.search.toLowerCase();
      return customers.filter((c) => `${c.id} ${c.email}`.toLowerCase().includes(text));
    },
    async getCustomer() {
      throw new Error('not used');
    },
  };
  return { directory, queries };
}

describe('pickCustomer', () => {
  it.each([
    ['the only match', [active('ctm_a', 'ann@example.com')], 'ann@example.com', 'ctm_a'],
    ['any letter case', [active('ctm_a', 'Ann@Example.com')], 'ann@EXAMPLE.com', 'ctm_a'],
    [
      'not a look-alike: U+212A KELVIN SIGN is not a k',
      [active('ctm_x', '\u212Aim@example.com')],
      'kim@example.com',
      null,
    ],
    [
      'the exact address before one in another case',
      [active('ctm_other', 'Kim@example.com'), active('ctm_kim', 'kim@example.com')],
      'kim@example.com',
      'ctm_kim',
    ],
    [
      'an active one before an archived one',
      [archived('ctm_old', 'ann@example.com'), active('ctm_new', 'ANN@example.com')],
      'ann@example.com',
      'ctm_new',
    ],
    [
      'an archived one when that is all',
      [archived('ctm_old', 'ann@example.com')],
      'ann@example.com',
      'ctm_old',
    ],
    [
      'never a different address the server returned',
      [active('ctm_j', 'joann@example.com')],
      'ann@example.com',
      null,
    ],
    ['nobody from an empty answer', [], 'ann@example.com', null],
  ])('%s', (_, candidates, email, expected) => {
    expect(pickCustomer(candidates, email)?.id ?? null).toBe(expected);
  });
});

describe('findCustomerByEmail', () => {
  it('an active exact match costs one request', async () => {
    const { directory, queries } = strictDirectory([active('ctm_a', 'ann@example.com')]);
    expect((await findCustomerByEmail(directory, 'ann@example.com'))?.id).toBe('ctm_a');
    expect(queries).toEqual([{ email: 'ann@example.com' }]);
  });

  it('an e-mail stored in another case is found through the search (a case-sensitive exact filter misses it)', async () => {
    const { directory, queries } = strictDirectory([active('ctm_a', 'Ann@Example.com')]);
    expect((await findCustomerByEmail(directory, 'ann@example.com'))?.id).toBe('ctm_a');
    expect(queries).toEqual([{ email: 'ann@example.com' }, { search: 'ann@example.com' }]);
  });

  it('an archived exact match still looks for an active customer in another case', async () => {
    const { directory } = strictDirectory([
      archived('ctm_old', 'ann@example.com'),
      active('ctm_new', 'Ann@Example.com'),
    ]);
    expect((await findCustomerByEmail(directory, 'ann@example.com'))?.id).toBe('ctm_new');
  });

  it('a server that ignores the filters does not hand over someone else', async () => {
    const { directory } = strictDirectory([], () => [active('ctm_x', 'someone@example.com')]);
    expect(await findCustomerByEmail(directory, 'ann@example.com')).toBeNull();
  });
});

describe('addresses that only look alike', () => {
  it.each([
    ['U+212A KELVIN SIGN for the k', ['\u212Aim@example.com'], 'kim@example.com', ['\u212Aim@example.com']],
    ['a fullwidth letter', ['\uFF4Bim@example.com'], 'kim@example.com', ['\uFF4Bim@example.com']],
    [
      'not the same address in another ASCII case (that one matches)',
      ['Kim@example.com'],
      'kim@example.com',
      [],
    ],
    ['not another address', ['jim@example.com'], 'kim@example.com', []],
  ])('%s', (_, addresses, email, expected) => {
    const candidates = addresses.map((address, i) => active(`ctm_${i}`, address));
    expect(lookalikeAddresses(candidates, email)).toEqual(expected);
  });

  it('history by e-mail: none has it, and the look-alike is named (escaped), never taken for it', async () => {
    const { directory } = strictDirectory([active('ctm_x', '\u212Aim@example.com')]);
    const deps = {
      directory,
      transactions: undefined as never,
      currencies: undefined as never,
      acceptLanguage: undefined,
    };
    const failure = await getSupportHistoryPage(deps, { email: 'kim@example.com' }).catch(
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('No customer has the e-mail kim@example.com');
    expect((failure as Error).message).toContain('"\\u{212A}im@example.com" only looks like it');
  });
});
