// env-name-collision: two keys whose dotenv names meet are refused at validate time, naming both
// (`a` + `b_c` vs `a_b` + `c`; discounts `vip-5` vs `vip_5`).

import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { envVarName } from '../../src/catalog/env-names.js';
import { errorsOf, type Json } from '../support/catalog-rules.js';

const price = (description: string): Json => ({
  description,
  unit_price: { amount: '100', currency_code: 'USD' },
});
const product = (name: string, prices: Json): Json => ({ name, tax_category: 'saas', prices });
const discount = (description: string): Json => ({ description, type: 'percentage', amount: '5' });

describe('env-name-collision', () => {
  it('product a + price b_c and product a_b + price c: refused at the second, naming both and the name', () => {
    const text = stringify({
      version: 1,
      products: { a: product('A', { b_c: price('A b_c') }), a_b: product('AB', { c: price('AB c') }) },
    });
    const errors = errorsOf(text);
    // the price's position is its first field, on the line after `c:`
    const line = text.split('\n').findIndex((l) => l.trim() === 'c:') + 2;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'env-name-collision', path: 'products.a_b.prices.c', line });
    expect(errors[0]?.message).toBe(
      'price a_b/c and price a/b_c both become PADDLE_PRICE_A_B_C in dotenv files (apply --env-out, ids --format env), which keep only one; rename one of the keys',
    );
  });

  it('discounts vip-5 and vip_5: refused, naming both', () => {
    const text = stringify({
      version: 1,
      products: { pro: product('Pro', { monthly: price('Pro monthly') }) },
      discounts: { 'vip-5': discount('VIP five'), vip_5: discount('VIP 5') },
    });
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'env-name-collision', path: 'discounts.vip_5' });
    expect(errors[0]?.message).toContain(
      'discount vip_5 and discount vip-5 both become PADDLE_DISCOUNT_VIP_5',
    );
  });

  it('products a-b and a_b collide; a product and a price never do (their prefixes differ)', () => {
    const text = stringify({
      version: 1,
      products: {
        'a-b': product('A', { x: price('A x') }),
        a_b: product('B', { x: price('B x') }),
        a: product('C', { b_x: price('C b_x') }),
      },
    });
    const paths = errorsOf(text).map((e) => e.path);
    // a-b/x, a_b/x and a/b_x are all PADDLE_PRICE_A_B_X: the second and third are named
    expect(paths).toEqual(['products.a_b', 'products.a_b.prices.x', 'products.a.prices.b_x']);
  });

  it('distinct keys pass, and the names are what apply --env-out writes', () => {
    const text = stringify({
      version: 1,
      products: { pro: product('Pro', { monthly: price('Pro monthly'), yearly: price('Pro yearly') }) },
    });
    expect(errorsOf(text)).toEqual([]);
    expect(envVarName('price', 'pro/monthly')).toBe('PADDLE_PRICE_PRO_MONTHLY');
    expect(envVarName('discount', 'vip-5')).toBe('PADDLE_DISCOUNT_VIP_5');
  });
});
