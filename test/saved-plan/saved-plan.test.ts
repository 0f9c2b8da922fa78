// Saved plans, pure: the document and its committed JSON Schema, the checks made on reading it, and
// which keys a fresh plan would treat differently (drift), as table tests over the planner.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import { compileOperations } from '../../src/operations/compile.js';
import { CUSTOM_DATA_MAX_DEPTH } from '../../src/paddle-facts/limits.js';
import { diff } from '../../src/planner/diff.js';
import type { CatalogSnapshot } from '../../src/planner/remote.js';
import { checkSavedPlan } from '../../src/saved-plan/check.js';
import {
  digestOf,
  planFileJsonSchema,
  type SavedMove,
  type SavedPlan,
} from '../../src/saved-plan/document.js';
import { driftOf } from '../../src/saved-plan/drift.js';
import {
  PLAN_MAX_DEPTH,
  readSavedPlan,
  savedPlanDocument,
  savedPlanText,
} from '../../src/saved-plan/file.js';
import { reviewedMoves } from '../../src/saved-plan/reviewed-moves.js';
import { tempDir } from '../support/catalog-files.js';
import { startedMarker } from '../support/marker.mjs';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

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

  it("keeps the review's moves as plan --json shows them, with what a later version adds to that shape; the schema passes it", () => {
    const withMove = catalogOf({
      pro: {
        ...pro,
        prices: { monthly, next: { ...monthly, description: 'Next', subscribers_from: ['monthly'] } },
      },
    });
    const plan = diff(withMove, snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])));
    const subscribers = { active: 3, trialing: 0, past_due: 0, paused: 1 };
    const counted = { ...plan, moves: plan.moves?.map((m) => ({ ...m, subscribers })) };
    const later = { next_bill: { note: 'a field a later version adds' } };
    const documentWith = (moves: SavedMove[]) =>
      savedPlanDocument({
        plan,
        operations: compileOperations(plan),
        catalog: withMove,
        catalogFile: 'catalog.yaml',
        target,
        options: {},
        toolVersion: '0.1.0',
        now: new Date('2026-11-24T06:00:00Z'),
        review: { prices: {}, countries: ['US'], unavailable: [], moves },
      });
    const document = documentWith(reviewedMoves(counted).map((move) => ({ ...move, ...later })));
    expect(readSavedPlan('plan.json', savedPlanText(document))?.review?.moves).toEqual([
      {
        kind: 'subscribers',
        key: 'pro/next',
        action: 'move',
        from: 'pro/monthly',
        to: 'pro/next',
        id: plan.moves?.[0]?.fromId,
        proration: 'do_not_bill',
        subscribers,
        subscribers_total: 4,
        ...later,
      },
    ]);
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(planFileJsonSchema());
    expect(validate(JSON.parse(savedPlanText(document))), JSON.stringify(validate.errors)).toBe(true);
    // a catalog that moves no one keeps the review it always had
    expect(documentWith([]).review).not.toHaveProperty('moves');
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

describe('a saved plan nested deeper than plan writes', () => {
  const deep = (levels: number) => {
    const document = JSON.parse(savedPlanText(saved(snapshotOf())));
    const text = JSON.stringify({ ...document, summary: 0 });
    // 200,000 levels where a number was: JSON.parse reads it, any recursive walk would not
    return text.replace('"summary":0', `"summary":${'['.repeat(levels)}${']'.repeat(levels)}`);
  };

  it('is refused as a deep catalog is (exit 1, nothing applied), not a crash', async () => {
    expect(() => readSavedPlan('plan.json', deep(200_000))).toThrow(
      `plan.json nests more than ${PLAN_MAX_DEPTH} levels deep; a saved plan holds at most ${PLAN_MAX_DEPTH} (custom_data at most 64), so plan did not write it. Nothing was applied.`,
    );
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'plan.json'), deep(200_000));
      const applied = await runCliInProcess(['--json', 'apply', 'plan.json', '--yes'], { cwd: dir });
      expect(applied.code).toBe(1);
      expect(JSON.parse(applied.stdout).error).toMatchObject({ kind: 'user' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a plan as deep as a catalog allows is read', () => {
    // custom_data nested as deep as a catalog may hold it, on a product that plan creates
    const deepest = Array.from({ length: CUSTOM_DATA_MAX_DEPTH - 1 }).reduce<unknown>(
      (inner) => ({ d: inner }),
      1,
    );
    const deepCatalog = catalogOf({ pro: { ...pro, custom_data: { d: deepest } } });
    const plan = diff(deepCatalog, snapshotOf());
    const document = savedPlanDocument({
      plan,
      operations: compileOperations(plan),
      catalog: deepCatalog,
      catalogFile: 'catalog.yaml',
      target,
      options: {},
      toolVersion: '0.1.0',
      now: new Date('2026-11-24T06:00:00Z'),
    });
    const read = readSavedPlan('plan.json', savedPlanText(document));
    expect(read?.operations).toEqual(document.operations);
    expect(JSON.stringify(read)).toContain(JSON.stringify(deepest));
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

  it("an edited file's catalog is named as edited, not as the account moving", () => {
    const account = applied({ name: 'Pro (old)' });
    const edited = catalogOf({ pro: { ...pro, name: 'Pro (edited in the file)' } });
    const plan = diff(edited, account);
    const drift = driftOf(saved(account), { plan, operations: compileOperations(plan) });
    expect(drift.map((d) => `${d.kind} ${d.key}: ${d.reason}`)).toEqual([
      "product pro: the file's catalog asks for other values than the ones the plan saw it ask for (edited after plan wrote it, its digest recomputed?)",
    ]);
    const document = saved(account);
    expect(() => checkSavedPlan({ ...document, digest: digestOf(document) }, 'plan.json', plan)).toThrow(
      /Not applying plan\.json: the file was edited after plan wrote it; 1 key would now be planned differently/,
    );
  });

  it('an account edit of a field the plan changes is still the account moving', () => {
    const before = applied({ name: 'Pro (old)' });
    expect(driftAfter(before, applied({ name: 'Pro (renamed in the dashboard)' }))).toEqual([
      'product pro: changed in the account since the plan (an edit in the dashboard?)',
    ]);
  });
});

describe('apply <plan-file> runs the saved operations only when they are, as a whole, what the plan makes now', () => {
  const two = catalogOf({
    pro: { ...pro, prices: { monthly, yearly: { ...monthly, description: 'Pro yearly' } } },
  });
  const savedFor = (snapshot: CatalogSnapshot, edit: (d: SavedPlan) => SavedPlan = (d) => d) => {
    const plan = diff(two, snapshot);
    const document = edit(
      savedPlanDocument({
        plan,
        operations: compileOperations(plan),
        catalog: two,
        catalogFile: 'catalog.yaml',
        target,
        options: {},
        toolVersion: '0.1.0',
        now: new Date('2026-11-24T06:00:00Z'),
      }),
    );
    return { ...document, digest: digestOf(document) };
  };
  const check = (document: SavedPlan, now: CatalogSnapshot) =>
    checkSavedPlan(document, 'plan.json', diff(two, now));
  const archiveHandMade = (d: SavedPlan): SavedPlan => ({
    ...d,
    operations: [
      ...d.operations,
      {
        id: 'archive product hand-made',
        change: 0,
        kind: 'product',
        key: 'hand-made',
        verb: 'archive',
        target: 'pro_01handmade00000000000000000',
        body: { status: 'archived' },
        after: [],
        recover: null,
      },
    ],
  });
  const swap = (d: SavedPlan): SavedPlan => {
    const [a, b, ...rest] = d.operations;
    return { ...d, operations: [b, a, ...rest] as SavedPlan['operations'] };
  };
  const unordered = (d: SavedPlan): SavedPlan => ({
    ...d,
    operations: d.operations.map((op) => ({ ...op, after: [] })),
  });

  it('the same operations: applied as saved', () => {
    expect(check(savedFor(snapshotOf()), snapshotOf())).toBe('as-saved');
  });

  it.each([
    [
      'an operation under a key no plan saw, appended to a plan of no changes',
      archiveHandMade,
      /hand-made: the file sends for it what the plan does not/,
    ],
    [
      'two operations swapped',
      swap,
      /operation 1 is create price pro\/monthly; the plan makes create product pro there/,
    ],
    [
      'the edges of what waits for what removed',
      unordered,
      /operation 2 \(create price pro\/monthly\) is not the plan's/,
    ],
  ])('refused: %s', (_what, edit, message) => {
    const now = snapshotOf();
    expect(() => check(savedFor(now, edit), now)).toThrow(UserError);
    expect(() => check(savedFor(now, edit), now)).toThrow(message);
  });

  it('refused: an operation appended to a plan that said "No changes."', () => {
    const applied = snapshotOf(
      remoteProduct('pro', { id: 'pro_1' }, [
        price('pro/monthly', { id: 'pri_1' }),
        price('pro/yearly', { id: 'pri_2', description: 'Pro yearly' }),
      ]),
    );
    expect(savedFor(applied).operations).toEqual([]);
    expect(() => check(savedFor(applied, archiveHandMade), applied)).toThrow(/hand-made/);
  });

  it('the account already is what the plan leads to: nothing to run, not a refusal', () => {
    const applied = snapshotOf(
      remoteProduct('pro', { id: 'pro_1' }, [
        price('pro/monthly', { id: 'pri_1' }),
        price('pro/yearly', { id: 'pri_2', description: 'Pro yearly' }),
      ]),
    );
    expect(check(savedFor(snapshotOf()), applied)).toBe('already-applied');
    expect(() => check(savedFor(snapshotOf(), archiveHandMade), applied)).toThrow(/hand-made/);
  });

  it('a run that made the prices but left subscribers on the source is applied already: the same plan file moves them later', () => {
    const moving = catalogOf({
      pro: {
        ...pro,
        prices: { monthly, yearly: { ...monthly, description: 'Pro yearly', subscribers_from: ['monthly'] } },
      },
    });
    const before = snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })]));
    const plan = diff(moving, before);
    const document = savedPlanDocument({
      plan,
      operations: compileOperations(plan),
      catalog: moving,
      catalogFile: 'catalog.yaml',
      target,
      options: {},
      toolVersion: '0.1.0',
      now: new Date('2026-11-24T06:00:00Z'),
      // the move as reviewed, as plan --out records it
      review: { countries: [], unavailable: [], prices: {}, moves: reviewedMoves(plan) },
    });
    const made = diff(
      moving,
      snapshotOf(
        remoteProduct('pro', { id: 'pro_1' }, [
          price('pro/monthly', { id: 'pri_1' }),
          // made by that run, which started the move: its marker records it
          price('pro/yearly', {
            id: 'pri_2',
            description: 'Pro yearly',
            custom_data: startedMarker('pro/yearly', [
              { from: 'pro/monthly', proration: 'do_not_bill', bills_from: null },
            ]),
          }),
        ]),
      ),
    );
    const on = (active: number) => ({
      ...made,
      moves: made.moves?.map((m) => ({ ...m, subscribers: { active, trialing: 0, past_due: 0, paused: 0 } })),
    });
    expect(checkSavedPlan(document, 'plan.json', on(2))).toBe('already-applied');
    expect(checkSavedPlan(document, 'plan.json', on(0))).toBe('already-applied');
  });

  it('a run of the plan that stopped after the product: the prices are named as waiting on what it made', () => {
    const half = snapshotOf(remoteProduct('pro', { id: 'pro_1' }));
    expect(() => check(savedFor(snapshotOf()), half)).toThrow(
      'Not applying plan.json: part of it is in the account already (a run of this plan that stopped partway, or another apply?); 3 keys would now be planned differently: product pro: already applied since the plan (by another apply?); price pro/monthly: what it refers to was made since the plan (a run of this plan that stopped partway?); price pro/yearly: what it refers to was made since the plan (a run of this plan that stopped partway?).',
    );
  });
});

describe('the drift check indexes each list once', () => {
  /** An array that counts how often its elements are read. */
  const counted = <T>(items: T[], reads: { n: number }): T[] =>
    new Proxy(items, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads.n += 1;
        return Reflect.get(target, property, receiver);
      },
    });

  it('reads each operation a bounded number of times, however many keys there are', () => {
    const products = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`p${i}`, { ...pro, name: `P${i}` }]),
    );
    const many = catalogOf(products);
    const plan = diff(many, snapshotOf());
    const operations = compileOperations(plan);
    const document = savedPlanDocument({
      plan,
      operations,
      catalog: many,
      catalogFile: 'catalog.yaml',
      target,
      options: {},
      toolVersion: '0.1.0',
      now: new Date(0),
    });
    const reads = { n: 0 };
    const drift = driftOf(
      { seen: document.seen, operations: counted(document.operations, reads) },
      { plan, operations: counted(operations, reads) },
    );
    expect(drift).toEqual([]);
    expect(operations).toHaveLength(600);
    expect(reads.n).toBeLessThanOrEqual(4 * 2 * operations.length);
  });
});
