// The catalogs of a rise that the rollout tests apply: today's pro/monthly (USD 10.00) with
// pro/monthly-2027 (USD 12.00) made already, and the rise that moves monthly's subscribers to it
// with `terms` (proration, bills_from) and archives monthly.

const price = (description: string, amount: string, more = '') => `
        description: ${description}
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }${more}`;

/** pro/monthly, and pro/monthly-2027 made already (no one moves to it yet). */
export const TODAY = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '1000')}
      monthly-2027:${price('Pro monthly 2027', '1200')}
`;

/** The rise: monthly's subscribers move to monthly-2027 with `terms`; `extra` is added to its description. */
export const rise = (terms: string, extra = '') => `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '1000', '\n        status: archived')}
      monthly-2027:${price(`Pro monthly 2027${extra}`, '1200', `\n        subscribers_from: [monthly]${terms}`)}
`;
