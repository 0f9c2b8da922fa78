import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { dotenvLines, type KeyResult, liveIdEntries } from '../../src/operations/results.js';
import { EURO_AREA } from '../../src/paddle-facts/countries.js';
import { diff } from '../../src/planner/diff.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const plain = makeStyle(false);

describe('plan output', () => {
  it('terraform-like lines with amounts raw and human, then the Plan: line', () => {
    const studio = {
      name: 'Studio',
      tax_category: 'saas' as const,
      prices: {
        monthly: {
          ...monthly,
          unit_price: { amount: '2400', currency_code: 'USD' },
          trial_period: { interval: 'day', frequency: 7 },
        } as CatalogPrice,
        yen: { description: 'Yen', unit_price: { amount: '1200', currency_code: 'JPY' } } as CatalogPrice,
      },
    };
    expect(formatPlan(diff(catalogOf({ studio }), snapshotOf()), plain)).toEqual([
      '+ create product studio  "Studio" (saas)',
      '+ create price studio/monthly  2400 USD ($24.00) monthly, 7-day trial, named "Monthly" at checkout',
      '+ create price studio/yen  1200 JPY (¥1,200) one-time',
      '',
      'Plan: 3 to create, 0 to update, 0 to archive.',
    ]);
  });

  it('a create shows what customers see: the product description and the price name', () => {
    const studio = {
      name: 'Studio',
      tax_category: 'saas' as const,
      description: 'For teams <b>',
      prices: {
        yen: {
          description: 'Yen',
          name: 'Yearly\u202e',
          unit_price: { amount: '1200', currency_code: 'JPY' },
        } as CatalogPrice,
      },
    };
    const lines = formatPlan(diff(catalogOf({ studio }), snapshotOf()), plain);
    expect(lines[0]).toBe('+ create product studio  "Studio" (saas), description "For teams <b>"');
    expect(lines[1]).toContain(', named "Yearly\\u202e" at checkout');
  });

  it('a euro-zone override wraps: the create line without it, then its countries a dozen to a line', () => {
    const studio = {
      name: 'Studio',
      tax_category: 'saas' as const,
      prices: {
        monthly: {
          description: 'Monthly',
          unit_price: { amount: '2400', currency_code: 'USD' },
          unit_price_overrides: [
            { country_codes: [...EURO_AREA], unit_price: { amount: '2200', currency_code: 'EUR' } },
          ],
        } as CatalogPrice,
      },
    };
    const lines = formatPlan(diff(catalogOf({ studio }), snapshotOf()), plain);
    expect(lines.slice(1, 4)).toEqual([
      '+ create price studio/monthly  2400 USD ($24.00) one-time, country overrides:',
      '      AT,BE,BG,CY,DE,EE,ES,FI,FR,GR,HR,IE,',
      '      IT,LT,LU,LV,MT,NL,PT,SI,SK: 2200 EUR (€22.00)',
    ]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(120);
  });

  it('an update names the field with before → after', () => {
    const plan = diff(
      catalogOf({ pro: { ...pro, name: 'Pro Plus' } }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_1' }, [
          price('pro/monthly', { unit_price: { amount: '900', currency_code: 'USD' } }),
        ]),
      ),
    );
    const lines = formatPlan(plan, plain);
    expect(lines[0]).toBe('~ update product pro (pro_1): name "Pro" → "Pro Plus"');
    expect(lines[1]).toMatch(
      /^~ update price pro\/monthly \(pri_\w+\): unit_price.amount 900 USD \(\$9.00\) → 1000 USD \(\$10.00\)$/,
    );
    expect(lines.at(-1)).toBe('Plan: 0 to create, 2 to update, 0 to archive.');
  });

  it('"No changes." when the account matches', () => {
    const plan = diff(catalogOf({ pro }), snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])));
    expect(formatPlan(plan, plain)).toEqual(['No changes.']);
    expect(planDocument(plan, 'sandbox')).toMatchObject({ ok: true, summary: { unchanged: 2 } });
  });
});

describe('ids for apps', () => {
  const results: KeyResult[] = [
    { key: 'pro', kind: 'product', action: 'create', status: 'applied', id: 'pro_2' },
    { key: 'pro/monthly', kind: 'price', action: 'create', status: 'applied', id: 'pri_2' },
    { key: 'basic', kind: 'product', action: 'unchanged', status: 'unchanged', id: 'pro_1' },
    { key: 'basic/one-time', kind: 'price', action: 'unchanged', status: 'unchanged', id: 'pri_1' },
    { key: 'basic/old', kind: 'price', action: 'archive', status: 'applied', id: 'pri_0' },
  ];

  it('--ids-out: the ids of what is active after the run, without archived objects', () => {
    expect(liveIdEntries(results)).toEqual([
      { kind: 'product', key: 'pro', id: 'pro_2' },
      { kind: 'price', key: 'pro/monthly', id: 'pri_2' },
      { kind: 'product', key: 'basic', id: 'pro_1' },
      { kind: 'price', key: 'basic/one-time', id: 'pri_1' },
    ]);
  });

  it('--env-out: PADDLE_PRICE_<PRODUCT>_<PRICE>=pri_… lines', () => {
    expect(dotenvLines(results)).toEqual([
      'PADDLE_PRICE_BASIC_ONE_TIME=pri_1',
      'PADDLE_PRICE_PRO_MONTHLY=pri_2',
      'PADDLE_PRODUCT_BASIC=pro_1',
      'PADDLE_PRODUCT_PRO=pro_2',
    ]);
  });
});
