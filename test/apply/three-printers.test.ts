// One plan, one list of operations, three readers: apply's scheduler (against the emulator, with the
// real SDK), the tool-server scripts and the dashboard steps. For a plan holding every action —
// create, update, unarchive, archive, replace, adopt of an archived object, dedupe, a discount
// restricted to a new price, a discount key renamed with its code kept (a move), a paid trial (sent
// around the SDK) — each reader does exactly the operations, in an order they allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOperations } from '../../src/apply/execute.js';
import { keyResults } from '../../src/apply/run-report.js';
import { DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { compileOperations, type Operation } from '../../src/operations/compile.js';
import { createPacedCalls } from '../../src/paddle/calls.js';
import { type CatalogGateway, createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { needsRawApi } from '../../src/paddle/catalog-writes.js';
import { rawApi } from '../../src/paddle/raw-api.js';
import { diff } from '../../src/planner/diff.js';
import { readMarker } from '../../src/planner/marker.js';
import { changesInOrder } from '../../src/planner/summary.js';
import type { Plan } from '../../src/planner/types.js';
import { printScripts } from '../../src/tool-server/scripts.js';
import { dashboardSteps } from '../../src/views/apply/steps.js';
import { applyToEmulator } from '../support/apply-harness.js';
import { monthlyPrice, paidTrialPrice, product, yearlyPrice } from '../support/catalogs.js';

/** A call as a reader made it: what, on which object, with which body; ids this run made as references. */
interface Call {
  verb: string;
  kind: Operation['kind'];
  target: unknown;
  body: unknown;
}

const first: Catalog = {
  version: 1,
  products: {
    keep: product('Keep', { monthly: monthlyPrice() }),
    back: product('Back', { monthly: monthlyPrice() }),
    gone: product('Gone', { monthly: monthlyPrice() }),
    pro: product('Pro', { monthly: monthlyPrice() }),
  },
  discounts: { spring: { description: 'Spring', type: 'percentage', amount: '15', code: 'SPRING' } },
};

const second: Catalog = {
  version: 1,
  products: {
    keep: product('Keep renamed', { monthly: monthlyPrice() }),
    back: product('Back renamed', { monthly: monthlyPrice() }),
    legacy: product('Legacy', { monthly: monthlyPrice('700') }),
    pro: product('Pro', { monthly: monthlyPrice(), yearly: yearlyPrice() }),
    fresh: product('Fresh', { monthly: monthlyPrice('1500'), trial: paidTrialPrice() }),
  },
  discounts: {
    welcome: {
      description: 'Welcome',
      type: 'percentage',
      amount: '10',
      restrict_to: ['fresh/monthly', 'keep'],
    },
    // renamed with its code kept: the same discount takes the new key's marker
    'spring-2025': { description: 'Spring 2025', type: 'percentage', amount: '15', code: 'SPRING' },
  },
};

let emulator: RunningEmulator;
const target = () => ({ environment: 'sandbox' as const, baseUrl: emulator.url, apiKey: emulator.apiKey });
const send = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
  rawApi(target(), { method, path, body, operation: `${method} ${path}` }) as Promise<{ id: string }>;

/** The account after `first`, then changed by hand so that `second` needs every action. */
async function arrangeAccount(): Promise<void> {
  const applied = await applyToEmulator(emulator, first);
  const ids = new Map(applied.outcome.execution.changeResults.map((s) => [s.change.key, s.id as string]));
  await send('PATCH', `/products/${ids.get('back')}`, { status: 'archived' });
  const legacy = await send('POST', '/products', { name: 'Legacy', tax_category: 'saas' });
  await send('PATCH', `/products/${legacy.id}`, { status: 'archived' });
  await send('POST', '/products', {
    name: 'Keep',
    tax_category: 'saas',
    custom_data: { paddle_catalog: { key: 'keep' } },
  });
  const other = await send('POST', '/products', { name: 'Other', tax_category: 'saas' });
  await send('POST', '/prices', {
    product_id: other.id,
    description: 'Yearly',
    unit_price: { amount: '10000', currency_code: 'USD' },
    custom_data: { paddle_catalog: { key: 'pro/yearly' } },
  });
}

/** Replaces ids this run made by references to the creates that made them. */
function asRefs(value: unknown, made: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return made.has(value) ? { $ref: made.get(value) } : value;
  if (Array.isArray(value)) return value.map((v) => asRefs(v, made));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asRefs(v, made)]));
  }
  return value;
}

const expected = (ops: readonly Operation[]): Call[] =>
  ops.map((op) => ({ verb: op.verb, kind: op.kind, target: op.target ?? undefined, body: op.body }));

/** The gateway, recording every write it is asked for. */
function recording(
  inner: CatalogGateway,
  calls: { op: string; kind: Operation['kind']; target?: string; body: unknown }[],
) {
  const write =
    <A extends unknown[], R>(kind: Operation['kind'], fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const [op, id, body] = args.length === 3 ? args : [args[0], undefined, args[1]];
      calls.push({ op: op as string, kind, target: id as string | undefined, body });
      return fn(...args);
    };
  return {
    ...inner,
    createProduct: write('product', inner.createProduct),
    updateProduct: write('product', inner.updateProduct),
    createPrice: write('price', inner.createPrice),
    updatePrice: write('price', inner.updatePrice),
    createDiscount: write('discount', inner.createDiscount),
    updateDiscount: write('discount', inner.updateDiscount),
  };
}

/** The scripts run by a stand-in for the tool server's client that records and makes up ids. */
async function runScripts(plan: Plan, ops: Operation[]) {
  const { scripts, deferred } = printScripts(plan, ops);
  const calls: Call[] = [];
  const made = new Map<string, string>();
  const resource = (kind: Operation['kind']) => ({
    create: async (body: { custom_data?: unknown }) => {
      const id = `made_${made.size + 1}`;
      made.set(id, `create ${kind} ${readMarker(body.custom_data as never)?.key}`);
      calls.push({ verb: 'create', kind, target: undefined, body });
      return { id };
    },
    update: async (id: string, body: unknown) => {
      calls.push({ verb: 'update', kind, target: id, body });
      return { id };
    },
  });
  const client = {
    products: resource('product'),
    prices: resource('price'),
    discounts: resource('discount'),
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  for (const script of scripts)
    await new AsyncFunction('client', 'console', script.code)(client, { log() {} });
  return {
    calls: calls.map((c) => ({ ...c, body: asRefs(c.body, made), target: asRefs(c.target, made) })),
    deferred,
  };
}

describe('apply, the tool-server scripts and the dashboard steps read the same operations', () => {
  let plan: Plan;
  let ops: Operation[];

  beforeAll(async () => {
    emulator = await startEmulator();
    await arrangeAccount();
    const gateway = createCatalogGateway(target());
    plan = diff(second, await gateway.snapshot({ discounts: 'required' }), {
      prune: true,
      adopt: true,
      dedupe: true,
    });
    ops = compileOperations(plan);
  });
  afterAll(() => emulator.close());

  it('the plan holds every action, and every action has its operations', () => {
    const actions = new Set(
      changesInOrder(plan).map((c) => `${c.action}${'archived' in c && c.archived ? ' archived' : ''}`),
    );
    for (const action of ['create', 'update', 'unarchive', 'archive', 'replace', 'adopt archived']) {
      expect(actions).toContain(action);
    }
    expect(plan.discounts).toContainEqual(
      expect.objectContaining({ key: 'spring-2025', action: 'adopt', renamedFrom: 'spring' }),
    );
    expect(plan.deduplication).toHaveLength(1);
    expect(ops.find((op) => op.kind === 'discount')?.body.restrict_to).toContainEqual({
      $ref: 'create price fresh/monthly',
    });
    const trial = ops.find((op) => op.key === 'fresh/trial');
    expect(trial?.body.trial_period).toMatchObject({ unit_price: { amount: '100' } });
    // the gateway sends it with a direct call: the SDK would drop the trial's unit_price
    expect(needsRawApi(trial?.body ?? {})).toBe(true);
  });

  it('the dashboard: one step per change left to do, naming what each operation writes', () => {
    const changes = changesInOrder(plan);
    const steps = dashboardSteps(plan.catalog, changes, ops, [], keyResults(plan, []));
    const changed = [...new Set(ops.map((op) => op.change))];
    expect(steps).toHaveLength(changed.length);
    for (const [n, index] of changed.entries()) {
      const line = steps[n] ?? '';
      for (const op of ops.filter((o) => o.change === index)) {
        const words: Record<Operation['verb'], RegExp> = {
          create: new RegExp(`New ${op.kind}`),
          update: /set /,
          unarchive: /Unarchive/,
          archive: /[Aa]rchive/,
          adopt: /custom data .*paddle_catalog/,
          delete: /Delete \(cannot be undone\)/,
        };
        expect(line).toMatch(words[op.verb]);
        if (typeof op.target === 'string') expect(line).toContain(op.target);
      }
    }
  });

  it('the tool-server scripts: every operation in order; what needs an id made in another script is deferred', async () => {
    const { calls, deferred } = await runScripts(plan, ops);
    expect(deferred).toEqual(['welcome']);
    const scripted = ops.filter((op) => op.key !== 'welcome');
    expect(calls).toEqual(
      expected(scripted).map((c) => ({ ...c, verb: c.verb === 'create' ? 'create' : 'update' })),
    );
  });

  it('apply: every operation once, after what it waits for, and the account verifies', async () => {
    const sent: { op: string; kind: Operation['kind']; target?: string; body: unknown }[] = [];
    const gateway = recording(createCatalogGateway(target()), sent);
    const calls = createPacedCalls(DEFAULT_APPLY_SETTINGS);
    const execution = await executeOperations(plan, ops, gateway, calls, DEFAULT_APPLY_SETTINGS);
    expect(execution.error).toBeUndefined();
    const made = new Map(
      execution.operationResults.flatMap((r) =>
        r.op.startsWith('create ') && r.id ? [[r.id, r.op] as const] : [],
      ),
    );
    const seen = sent.map((s) => ({
      verb: s.op.split(' ')[0],
      kind: s.kind,
      target: s.target,
      body: asRefs(s.body, made),
    }));
    expect(seen).toEqual(expect.arrayContaining(expected(ops)));
    expect(seen).toHaveLength(ops.length);
    const at = (op: Operation) =>
      sent.findIndex(
        (s) => `${s.op}${s.target && op.id.split(' ').length > 3 ? ` ${s.target}` : ''}` === op.id,
      );
    for (const op of ops) {
      expect(at(op)).toBeGreaterThanOrEqual(0);
      for (const before of op.after) {
        expect(at(op)).toBeGreaterThan(at(ops.find((o) => o.id === before) as Operation));
      }
    }
    const again = diff(second, await createCatalogGateway(target()).snapshot({ discounts: 'required' }), {
      prune: true,
    });
    expect(changesInOrder(again).length).toBeGreaterThan(0);
    expect(changesInOrder(again).every((c) => c.action === 'unchanged')).toBe(true);
  });
});
