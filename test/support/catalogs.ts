import type { Catalog, CatalogPrice, CatalogProduct } from '../../src/catalog/schema.js';

export const monthlyPrice = (amount = '1000'): CatalogPrice =>
  ({
    description: 'Monthly',
    name: 'Monthly',
    unit_price: { amount, currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: { interval: 'day', frequency: 14 },
  }) as CatalogPrice;

export const yearlyPrice = (): CatalogPrice =>
  ({
    description: 'Yearly',
    unit_price: { amount: '10000', currency_code: 'USD' },
    billing_cycle: { interval: 'year', frequency: 1 },
    unit_price_overrides: [
      { country_codes: ['GB'], unit_price: { amount: '8000', currency_code: 'GBP' } },
      { country_codes: ['FR', 'DE'], unit_price: { amount: '9000', currency_code: 'EUR' } },
    ],
  }) as CatalogPrice;

export const paidTrialPrice = (): CatalogPrice =>
  ({
    description: 'Monthly with a $1 trial week',
    unit_price: { amount: '2900', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } },
  }) as CatalogPrice;

export function product(name: string, prices: Record<string, CatalogPrice>): CatalogProduct {
  return { name, tax_category: 'saas', prices };
}

/** `count` products, each with a monthly, a yearly and a one-time price. */
export function bigCatalog(count: number): Catalog {
  const products: Record<string, CatalogProduct> = {};
  for (let i = 0; i < count; i += 1) {
    products[`product-${String(i).padStart(3, '0')}`] = product(`Product ${i}`, {
      monthly: monthlyPrice(String(1000 + i)),
      yearly: yearlyPrice(),
      once: { description: 'One-time', unit_price: { amount: '500', currency_code: 'USD' } } as CatalogPrice,
    });
  }
  return { version: 1, products };
}

export const starter = (): Catalog => ({
  version: 1,
  products: {
    starter: product('Starter', { monthly: monthlyPrice(), yearly: yearlyPrice() }),
    pro: product('Pro', { monthly: monthlyPrice('4900'), trial: paidTrialPrice() }),
  },
});
