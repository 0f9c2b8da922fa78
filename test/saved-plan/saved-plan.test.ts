// Saved plans, pure: the document and its committed JSON Schema, the checks made on reading it, and
// which keys a fresh plan would treat differently (drift), as table tests over the planner.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileOperations } from '../../src/apply/operations.js';
import { UserError } from '../../src/errors.js';
import { diff } from '../../src/plan/diff.js';
import type { CatalogSnapshot } from '../../src/plan/remote.js';
import { planFileJsonSchema } from '../../src/saved-plan/document.js';
import { driftOf } from '../../src/saved-plan/drift.js';
import { readSavedPlan, savedPlanDocument, savedPlanText } from '../../src/saved-plan/file.js';
import { catalogOf, price, pro, remoteProduct, snapshotOf } from '../plan/builders.js';

const catalog = catalogOf({ pro });
const target = { environment: 'sandbox' as const, baseUrl: 'https://sandbox-api.paddle.com' };
const saved = (snapshot: CatalogSnapshot) => {
  const plan = diff(catalog, snapshot);
  return savedPlanDocument({
    plan,
    operations: compileOperations(plan),
    catalog,
    catalogFile: 'catalog.yaml',
    target,
    options: {},
    toolVersion: '0.1.0',
    now: new Date('2026-11-24T06:00:00Z'),
  });
};
const driftAfter = (before: CatalogSnapshot, after: CatalogSnapshot) => {
  const plan = diff(catalog, after);
  return driftOf(saved(before), { plan, operations: compileOperations(plan) }).map(
    (d) => `${d.kind} ${d.key}: ${d.reason}`,
  );
};

describe('the plan file', () => {
  it('docs/plan-file.schema.json is the schema of the document, and a written plan passes it', () => {
    const committed = JSON.parse(readFileSync('docs/plan-file.schema.json', 'utf8'));
    expect(committed, 'npm run docs writes it again').toEqual(planFileJsonSchema());
    const validate = new Ajv({ strict: false }).compile(committed);
    const document = JSON.parse(savedPlanText(saved(snapshotOf())));
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('reads back what it wrote; a catalog (YAML or JSON) is not a plan file', () => {
    const text = savedPlanText(saved(snapshotOf()));
    expect(readSavedPlan('plan.json', text)).toEqual(JSON.parse(text));
    expect(readSavedPlan('c.yaml', 'version: 1\nproducts: {}\n')).toBeUndefined();
    expect(readSavedPlan('c.json', '{"version": 1, "products": {}}')).toBeUndefined();
  });

  it.each([
    [
      'an edit',
      (d: Record<string, unknown>) => ({ ...d, environment: 'production' }),
      /was changed after plan wrote it/,
    ],
    [
      'another version',
      (d: Record<string, unknown>) => ({ ...d, version: 0 }),
      /format version 0; this paddle-catalog reads version 1/,
    ],
  ])('refuses %s, each with its own message', (_what, edit, message) => {
    const document = JSON.parse(savedPlanText(saved(snapshotOf())));
    expect(() => readSavedPlan('plan.json', JSON.stringify(edit(document)))).toThrow(UserError);
    expect(() => readSavedPlan('plan.json', JSON.stringify(edit(document)))).toThrow(message);
  });
});

describe('drift: the keys a plan made now would treat differently', () => {
  const applied = (overrides = {}) =>
    snapshotOf(remoteProduct('pro', { id: 'pro_1', ...overrides }, [price('pro/monthly', { id: 'pri_1' })]));

  it.each([
    ['nothing moved', applied(), applied(), []],
    ['nothing moved (all to create)', snapshotOf(), snapshotOf(), []],
    [
      'a dashboard edit',
      applied(),
      applied({ name: 'Pro (edited)' }),
      ['product pro: changed in the account since the plan (an edit in the dashboard?)'],
    ],
    [
      'applied by another run',
      snapshotOf(),
      applied(),
      [
        'product pro: already applied since the plan (by another apply?)',
        'price pro/monthly: already applied since the plan (by another apply?)',
      ],
    ],
    [
      'a twin of a managed key',
      applied(),
      { ...applied(), products: [...applied().products, remoteProduct('pro', { id: 'pro_2' })] },
      ['product pro: has 2 active objects now'],
    ],
    [
      'a look-alike of a key to create',
      snapshotOf(),
      snapshotOf(remoteProduct(null, { id: 'pro_x' })),
      ['product pro: an object that looks the same appeared in the account'],
    ],
  ])('%s', (_what, before, after, expected) => {
    expect(driftAfter(before, after)).toEqual(expected);
  });
});
