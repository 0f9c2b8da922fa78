// apply against the emulator: the real SDK over real HTTP on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { rawApi } from '../../src/paddle/raw-api.js';
import { readMarker } from '../../src/planner/marker.js';
import { changesInOrder, summarize } from '../../src/planner/summary.js';
import { applyToEmulator, inFlightCounter, jumpingClock } from '../support/apply-harness.js';
import { bigCatalog, monthlyPrice, starter } from '../support/catalogs.js';
import { defined } from '../support/defined.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: Parameters<typeof startEmulator>[0] = {}) {
  emulator = await startEmulator(options);
  return emulator;
}

async function markedCounts(emu: RunningEmulator) {
  const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
  const snapshot = await gateway.snapshot();
  const counts = new Map<string, number>();
  for (const o of [...snapshot.products, ...snapshot.products.flatMap((p) => p.prices)]) {
    const key = readMarker(o.custom_data)?.key;
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('apply: order, concurrency, verification', () => {
  it('each product is created before its prices, and its pro_ id is passed to them', async () => {
    const emu = await start();
    const order: string[] = [];
    const { outcome } = await applyToEmulator(emu, starter(), {
      settings: { onChangeEnded: (s) => order.push(`${s.change.kind} ${s.change.key}`) },
    });
    expect(outcome.execution.error).toBeUndefined();
    for (const key of ['starter', 'pro']) {
      const productAt = order.indexOf(`product ${key}`);
      const priceAts = order.flatMap((o, i) => (o.startsWith(`price ${key}/`) ? [i] : []));
      expect(productAt).toBeGreaterThanOrEqual(0);
      expect(priceAts.length).toBeGreaterThan(0);
      expect(priceAts.every((i) => i > productAt)).toBe(true);
    }
    const ids = new Map(outcome.execution.changeResults.map((s) => [s.change.key, s.id]));
    const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
    const snapshot = await gateway.snapshot();
    const pro = snapshot.products.find((p) => p.id === ids.get('pro'));
    expect(pro?.prices.map((p) => p.id).sort()).toEqual(
      [ids.get('pro/monthly'), ids.get('pro/trial')].sort(),
    );
  });

  it('after apply a fresh snapshot diffs to an empty plan (verified)', async () => {
    const emu = await start();
    const { outcome } = await applyToEmulator(emu, starter());
    expect(outcome.verified).toBe(true);
    expect(outcome.remaining && summarize(outcome.remaining)).toMatchObject({
      create: 0,
      update: 0,
      archive: 0,
    });
  });

  it('independent steps run in a bounded pool (never more than --concurrency in flight)', async () => {
    const emu = await start({ faults: { latencyMs: 30 } });
    const { counter, wrap } = inFlightCounter();
    const { outcome } = await applyToEmulator(emu, bigCatalog(6), {
      gateway: wrap,
      settings: { concurrency: 4 },
    });
    expect(outcome.verified).toBe(true);
    expect(counter.max).toBe(4);
  });

  it('re-applying an unchanged catalog makes zero writes and one read of each list (products, and discounts for what --prune would archive)', async () => {
    const emu = await start();
    await applyToEmulator(emu, starter());
    const mark = emu.requests().length;
    const { plan, outcome } = await applyToEmulator(emu, starter());
    const again = emu.requests().slice(mark);
    expect(summarize(plan)).toEqual({ create: 0, update: 0, archive: 0, unchanged: 6 });
    expect(outcome.verified).toBe(true);
    expect(again.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(again.map((r) => r.path.split('?')[0]).sort()).toEqual(['/discounts', '/products']);
  });
});

describe('apply: updates and --prune', () => {
  it('a changed amount is a PATCH of the same price, never a new one', async () => {
    const emu = await start();
    const first = await applyToEmulator(emu, starter());
    const oldId = first.outcome.execution.changeResults.find((s) => s.change.key === 'pro/monthly')?.id;
    const changed = starter();
    defined(changed.products.pro?.prices, 'pro prices').monthly = monthlyPrice('5900');
    const mark = emu.requests().length;
    const { plan, outcome } = await applyToEmulator(emu, changed);
    const writes = emu
      .requests()
      .slice(mark)
      .filter((r) => r.method !== 'GET');
    expect(changesInOrder(plan).find((c) => c.key === 'pro/monthly')).toMatchObject({
      action: 'update',
      id: oldId,
    });
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([`PATCH /prices/${oldId}`]);
    expect(outcome.verified).toBe(true);
  });

  it('--prune archives a managed price that left the catalog; without it nothing is archived', async () => {
    const emu = await start();
    await applyToEmulator(emu, starter());
    const smaller = starter();
    delete defined(smaller.products.starter?.prices, 'starter prices').yearly;
    const kept = await applyToEmulator(emu, smaller);
    expect(summarize(kept.plan).archive).toBe(0);
    expect(kept.plan.orphans.map((o) => o.key)).toEqual(['starter/yearly']);
    const pruned = await applyToEmulator(emu, smaller, { prune: true });
    expect(
      changesInOrder(pruned.plan)
        .filter((c) => c.action === 'archive')
        .map((c) => c.key),
    ).toEqual(['starter/yearly']);
    expect(pruned.outcome.verified).toBe(true);
  });
});

describe('apply: paid trials go around the SDK', () => {
  it('paid trial: a paid trial is created with a direct call and read back with its unit_price', async () => {
    const emu = await start();
    const mark = emu.requests().length;
    const { outcome } = await applyToEmulator(emu, starter());
    const id = outcome.execution.changeResults.find((s) => s.change.key === 'pro/trial')?.id as string;
    const target = { environment: 'sandbox' as const, baseUrl: emu.url, apiKey: emu.apiKey };
    const wire = (await rawApi(target, {
      method: 'GET',
      path: `/prices/${id}`,
      operation: 'get price',
    })) as { trial_period: { unit_price?: { amount: string } } };
    expect(wire.trial_period.unit_price?.amount).toBe('100');
    expect(outcome.verified).toBe(true);
    expect(
      emu
        .requests()
        .slice(mark)
        .filter((r) => r.method === 'POST' && r.path === '/prices'),
    ).toHaveLength(4);
  });

  it('changing only the trial price is a PATCH through the direct path, and verifies', async () => {
    const emu = await start();
    await applyToEmulator(emu, starter());
    const changed = starter();
    const trial = defined(changed.products.pro?.prices?.trial, 'pro/trial');
    trial.trial_period = {
      ...defined(trial.trial_period, 'trial period'),
      unit_price: { amount: '200', currency_code: 'USD' },
    };
    const { plan, outcome } = await applyToEmulator(emu, changed);
    expect(
      changesInOrder(plan)
        .find((c) => c.key === 'pro/trial')
        ?.fields.map((f) => f.path),
    ).toEqual(['trial_period.unit_price.amount']);
    expect(outcome.verified).toBe(true);
  });
});

describe('apply: partial failure, rate limits, lost answers', () => {
  it('permissions: a key without price.write creates the products, fails on the prices, reports the ids', async () => {
    const emu = await start();
    const apiKey = emu.addApiKey(['product.read', 'product.write', 'price.read']);
    const { outcome } = await applyToEmulator(emu, starter(), { apiKey });
    const { error, changeResults: steps } = outcome.execution;
    expect(error?.code).toBe('forbidden');
    expect(error?.details.operation).toMatch(/^create price /);
    const products = steps.filter((s) => s.change.kind === 'product');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((s) => s.status === 'applied' && s.id?.startsWith('pro_'))).toBe(true);
    expect(steps.filter((s) => s.status === 'failed').length).toBeGreaterThanOrEqual(1);
    expect(outcome.verified).toBe(false);
    // a re-run with a proper key converges
    const again = await applyToEmulator(emu, starter());
    expect(summarize(again.plan).create).toBe(4);
    expect(again.outcome.verified).toBe(true);
  });

  it('paced under the limit, a catalog bigger than the limit gets no 429', async () => {
    const clock = jumpingClock();
    const emu = await start({ now: clock.date, faults: { rateLimit: 10 } });
    const { outcome, stats } = await applyToEmulator(emu, bigCatalog(5), {
      settings: { clock, requestsPerMinute: 10, concurrency: 4 },
    });
    expect(outcome.verified).toBe(true);
    expect(emu.requests().filter((r) => r.status === 429)).toEqual([]);
    expect(stats.rateLimited).toBe(0);
  });

  it('429 lockout: apply waits Retry-After, then carries on without duplicates', async () => {
    const clock = jumpingClock();
    const emu = await start({ now: clock.date, faults: { rateLimit: 6 } });
    const { outcome, stats } = await applyToEmulator(emu, bigCatalog(3), {
      settings: { clock, requestsPerMinute: 0, concurrency: 4 },
    });
    expect(emu.requests().some((r) => r.status === 429)).toBe(true);
    expect(stats.rateLimited).toBeGreaterThan(0);
    expect(outcome.verified).toBe(true);
    const marked = await markedCounts(emu);
    expect(marked.size).toBeGreaterThan(0);
    expect([...marked.values()].every((n) => n === 1)).toBe(true);
  });

  it('dropped write answers: the create is looked up by marker before any retry, never duplicated', async () => {
    const emu = await start({ faults: { dropRate: 0.4, randomSeed: 7 } });
    const { outcome, stats } = await applyToEmulator(emu, bigCatalog(4), {
      settings: { retry: { ...DEFAULT_APPLY_SETTINGS.retry, baseDelayMs: 5 } },
    });
    expect(stats.retries).toBeGreaterThan(0);
    emu.setFaults({});
    expect(outcome.execution.error).toBeUndefined();
    const counts = await markedCounts(emu);
    expect(counts.size).toBe(16);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('5xx answers are retried with backoff and the run completes', async () => {
    const emu = await start({ faults: { failRate: 0.3, randomSeed: 3 } });
    const { outcome, stats } = await applyToEmulator(emu, bigCatalog(3), {
      settings: { retry: { ...DEFAULT_APPLY_SETTINGS.retry, baseDelayMs: 5 } },
    });
    expect(stats.retries).toBeGreaterThan(0);
    expect(outcome.verified).toBe(true);
    // the test's own read-back has no retries: it reads without the faults
    emu.setFaults({ failRate: 0 });
    const marked = await markedCounts(emu);
    expect(marked.size).toBe(12);
    expect([...marked.values()].every((n) => n === 1)).toBe(true);
  });

  it('an interrupt stops scheduling: in-flight calls finish, the rest is not started', async () => {
    const emu = await start({ faults: { latencyMs: 20 } });
    const interrupt = new AbortController();
    let applied = 0;
    const { outcome } = await applyToEmulator(emu, bigCatalog(6), {
      settings: {
        concurrency: 2,
        signal: interrupt.signal,
        onChangeEnded: (s) => {
          if (s.status === 'applied' && ++applied === 3) interrupt.abort();
        },
      },
    });
    const statuses = outcome.execution.changeResults.map((s) => s.status);
    expect(outcome.execution.interrupted).toBe(true);
    expect(statuses.filter((s) => s === 'applied').length).toBeLessThanOrEqual(5);
    expect(statuses).toContain('skipped');
    expect(statuses).not.toContain('failed');
  });
});
