// The plan of features (pure): who owns custom_data.features, and what a write sends.
import { describe, expect, it } from 'vitest';
import { productUpdateBody } from '../../src/operations/bodies.js';
import { diff } from '../../src/planner/diff.js';
import type { ProductChange } from '../../src/planner/types.js';
import { featureWords } from '../../src/views/plan/features.js';
import { catalogOf, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const marker = { paddle_catalog: { key: 'pro' } };
const remote = (custom_data: Record<string, unknown>) =>
  snapshotOf(remoteProduct('pro', { custom_data: { ...marker, ...custom_data } }, [price('pro/monthly')]));
const declared = { sso: { type: 'boolean' as const }, seats: { type: 'limit' as const } };

describe('features in the plan', () => {
  it('a catalog that declares no features leaves custom_data.features as the user keeps it', () => {
    const plan = diff(catalogOf({ pro }), remote({ features: ['sso'] }));
    expect(plan.groups[0]?.product.action).toBe('unchanged');
  });

  it('a catalog that declares features removes them from a product that names none', () => {
    const catalog = { ...catalogOf({ pro }), features: declared };
    const change = diff(catalog, remote({ features: { sso: true }, note: 'kept' })).groups[0]?.product;
    expect(change?.fields).toEqual([{ path: 'features', before: { sso: true }, after: null }]);
    if (change?.action !== 'update') throw new Error(`expected an update, got ${change?.action}`);
    expect(productUpdateBody({ key: 'pro', catalog: 'default' }, change.desired, change.fields)).toEqual({
      custom_data: { note: 'kept', ...marker },
    });
  });

  it('what is not included is not written: false and 0 are the same as not naming the feature, on both sides', () => {
    const catalog = {
      ...catalogOf({ pro: { ...pro, features: { sso: false, seats: 0 } } }),
      features: declared,
    };
    const unchanged = (written: Record<string, unknown>) =>
      diff(catalog, remote({ features: written })).groups[0]?.product.action;
    expect([unchanged({}), unchanged({ seats: 0, sso: false })]).toEqual(['unchanged', 'unchanged']);
  });

  it('a hand-written list in custom_data.features is replaced, not taken for "none"', () => {
    const catalog = { ...catalogOf({ pro: { ...pro, features: {} } }), features: declared };
    const change = diff(catalog, remote({ features: ['sso'] })).groups[0]?.product;
    expect(change?.fields).toEqual([{ path: 'features', before: ['sso'], after: {} }]);
  });

  it('a features change in words: a limit changed, a boolean added and one removed, false the same as absent', () => {
    const audit = { type: 'boolean' as const };
    const catalog = {
      ...catalogOf({ pro: { ...pro, features: { sso: true, seats: 20, audit: false } } }),
      features: { ...declared, audit, api: audit },
    };
    const before = { seats: 10, audit: true, api: false };
    const change = diff(catalog, remote({ features: before })).groups[0]?.product as ProductChange;
    expect(featureWords(change)).toBe('audit removed, seats 10 → 20, sso added');
  });
});
