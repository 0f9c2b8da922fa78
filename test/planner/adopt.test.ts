// --adopt: unmarked remote objects that match a key are taken over (marker stamped), never re-created.
import { describe, expect, it } from 'vitest';
import { priceAdoptBody, productAdoptBody } from '../../src/operations/bodies.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder, hasChanges, summarize } from '../../src/planner/summary.js';
import type { Change, Plan } from '../../src/planner/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { catalogOf, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const plain = makeStyle(false);
const unmarkedPrice = (overrides = {}) => price('', { custom_data: null, ...overrides });
const actions = (plan: Plan) => changesInOrder(plan).map((c: Change) => [c.key, c.action, c.id]);

describe('--adopt matching', () => {
  it('adopts an unmarked product by name and its price by description and unit price', () => {
    const remote = remoteProduct(null, { id: 'pro_a' }, [unmarkedPrice({ id: 'pri_a' })]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(actions(plan)).toEqual([
      ['pro', 'adopt', 'pro_a'],
      ['pro/monthly', 'adopt', 'pri_a'],
    ]);
    expect(plan.ambiguities).toEqual([]);
    expect(summarize(plan)).toEqual({ adopt: 2, create: 0, update: 0, archive: 0, unchanged: 0 });
  });

  it('without --adopt the same account plans creates (unmarked objects are left alone)', () => {
    const remote = remoteProduct(null, { id: 'pro_a' }, [unmarkedPrice()]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote));
    expect(changesInOrder(plan).map((c) => c.action)).toEqual(['create', 'create']);
    expect(plan.ambiguities).toBeUndefined();
  });

  it.each([
    ['another name', { name: 'Pro Plus' }, {}],
    ['another description', {}, { description: 'Something else' }],
    ['another amount', {}, { unit_price: { amount: '1200', currency_code: 'USD' } }],
    ['another currency', {}, { unit_price: { amount: '1000', currency_code: 'EUR' } }],
  ])('no match on %s', (_what, productOverrides, priceOverrides) => {
    const remote = remoteProduct(null, productOverrides, [unmarkedPrice(priceOverrides)]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(changesInOrder(plan).some((c) => c.action === 'adopt')).toBe(
      Object.keys(productOverrides).length === 0,
    );
    expect(changesInOrder(plan).find((c) => c.kind === 'price')?.action).toBe('create');
  });

  it('the unit price matches as Paddle compares it ("01000 usd" is 1000 USD)', () => {
    const remote = remoteProduct(null, {}, [
      unmarkedPrice({ unit_price: { amount: '01000', currency_code: 'usd' } }),
    ]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(changesInOrder(plan)[1]?.action).toBe('adopt');
  });

  it('never adopts an object that is already marked (for another key)', () => {
    const remote = remoteProduct('other', { id: 'pro_marked' }, [price('other/monthly')]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(changesInOrder(plan).map((c) => c.action)).toEqual(['create', 'create']);
  });

  it('a managed product with an unmarked matching price: only the price is adopted', () => {
    const remote = remoteProduct('pro', { id: 'pro_m' }, [unmarkedPrice({ id: 'pri_u' })]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(actions(plan)).toEqual([
      ['pro', 'unchanged', 'pro_m'],
      ['pro/monthly', 'adopt', 'pri_u'],
    ]);
  });

  it('two unmarked candidates for one key: ambiguity reported, none adopted, the key is created', () => {
    const a = remoteProduct(null, { id: 'pro_a' });
    const b = remoteProduct(null, { id: 'pro_b' });
    const plan = diff(catalogOf({ pro }), snapshotOf(a, b), { adopt: true });
    expect(changesInOrder(plan)[0]).toMatchObject({
      action: 'create',
      reason: expect.stringContaining('not adopted'),
    });
    expect(plan.ambiguities).toEqual([
      {
        kind: 'product',
        key: 'pro',
        candidates: ['pro_a', 'pro_b'],
        reason: '2 unmarked products match the name "Pro"',
      },
    ]);
  });

  it('two unmarked prices that match one price key: ambiguity, none adopted', () => {
    const remote = remoteProduct(null, {}, [unmarkedPrice({ id: 'pri_1' }), unmarkedPrice({ id: 'pri_2' })]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    expect(changesInOrder(plan).map((c) => c.action)).toEqual(['adopt', 'create']);
    expect(plan.ambiguities?.[0]).toMatchObject({
      kind: 'price',
      key: 'pro/monthly',
      candidates: ['pri_1', 'pri_2'],
    });
  });

  it('one object that two keys match: ambiguity for both, none adopted', () => {
    const remote = remoteProduct(null, { id: 'pro_a' });
    const plan = diff(catalogOf({ pro, pro2: pro }), snapshotOf(remote), { adopt: true });
    expect(
      changesInOrder(plan)
        .filter((c) => c.kind === 'product')
        .map((c) => c.action),
    ).toEqual(['create', 'create']);
    expect(plan.ambiguities?.map((a) => a.key)).toEqual(['pro', 'pro2']);
  });

  it('an active match wins over an archived one; an archived match alone is adopted and set active', () => {
    const live = remoteProduct(null, { id: 'pro_live' });
    const old = remoteProduct(null, { id: 'pro_old', status: 'archived' });
    expect(
      actions(diff(catalogOf({ pro: { ...pro, prices: {} } }), snapshotOf(old, live), { adopt: true })),
    ).toEqual([['pro', 'adopt', 'pro_live']]);
    const plan = diff(catalogOf({ pro: { ...pro, prices: {} } }), snapshotOf(old), { adopt: true });
    expect(changesInOrder(plan)[0]).toMatchObject({ action: 'adopt', id: 'pro_old', archived: true });
  });

  it('field differences ride along with the adoption', () => {
    const remote = remoteProduct(null, { description: 'old text' }, [unmarkedPrice({ name: 'Old name' })]);
    const plan = diff(catalogOf({ pro }), snapshotOf(remote), { adopt: true });
    const [product, priceChange] = changesInOrder(plan);
    expect(product?.fields).toEqual([{ path: 'description', before: 'old text', after: null }]);
    expect(priceChange?.fields).toEqual([{ path: 'name', before: 'Old name', after: 'Monthly' }]);
    expect(summarize(plan)).toMatchObject({ adopt: 2, update: 0 });
  });
});

describe('adopt in the plan output and the request bodies', () => {
  const remote = remoteProduct(null, { id: 'pro_a', custom_data: { crm: 'x' } }, [
    unmarkedPrice({ id: 'pri_a', name: 'Old' }),
  ]);
  const catalog = catalogOf({ pro: { ...pro, custom_data: { crm: 'x' } } });
  const plan = diff(catalog, snapshotOf(remote), { adopt: true });

  it('renders adopt lines and counts adoptions in the Plan: line; adoptions are pending changes', () => {
    const lines = formatPlan(plan, plain);
    expect(lines[0]).toBe('← adopt product pro (pro_a)');
    expect(lines[1]).toBe('← adopt price pro/monthly (pri_a): name "Old" → "Monthly"');
    expect(lines.at(-1)).toBe('Plan: 2 to adopt, 0 to create, 0 to update, 0 to archive.');
    expect(hasChanges(plan)).toBe(true);
  });

  it('plan --json: action "adopt", summary.adopt, ambiguities', () => {
    const doc = planDocument(plan, 'sandbox');
    expect(doc.changes[0]).toEqual({ kind: 'product', key: 'pro', action: 'adopt', id: 'pro_a' });
    expect(doc.summary).toMatchObject({ adopt: 2 });
    expect(doc.ambiguities).toEqual([]);
  });

  it('an ambiguity is a warning line in the plan', () => {
    const two = diff(
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, { id: 'pro_1' }), remoteProduct(null, { id: 'pro_2' })),
      {
        adopt: true,
      },
    );
    expect(formatPlan(two, plain).join('\n')).toContain(
      '! product pro is not adopted: 2 unmarked products match the name "Pro" (pro_1, pro_2)',
    );
  });

  it('the adoption PATCH stamps the marker beside the existing custom_data, plus the changed fields', () => {
    const [product, priceChange] = changesInOrder(plan);
    if (product?.kind !== 'product' || product.action !== 'adopt')
      throw new Error('expected an adopted product');
    if (priceChange?.kind !== 'price' || priceChange.action !== 'adopt')
      throw new Error('expected an adopted price');
    expect(productAdoptBody({ key: 'pro', catalog: 'default' }, product.desired, product.fields)).toEqual({
      custom_data: { crm: 'x', paddle_catalog: { key: 'pro' } },
    });
    expect(
      priceAdoptBody({ key: 'pro/monthly', catalog: 'default' }, priceChange.desired, priceChange.fields),
    ).toEqual({
      custom_data: { paddle_catalog: { key: 'pro/monthly' } },
      name: 'Monthly',
    });
  });

  it('after adoption (marker stamped) the plan is empty', () => {
    const adopted = remoteProduct(
      'pro',
      { id: 'pro_a', custom_data: { crm: 'x', paddle_catalog: { key: 'pro' } } },
      [price('pro/monthly', { id: 'pri_a' })],
    );
    const again = diff(catalog, snapshotOf(adopted), { adopt: true });
    expect(hasChanges(again)).toBe(false);
  });
});
