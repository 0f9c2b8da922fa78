// A mistake of ours is shown as one: only the HTTP layer makes a RemoteError, so a TypeError thrown
// while a request body is built reaches the one error handler as a bug (its stack, exit 70,
// `kind: "bug"` in --json), never as Paddle's `invalid_response`. The real SDK, against the emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { executeOperations } from '../../src/apply/execute.js';
import { DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { compileOperations } from '../../src/operations/compile.js';
import { createPacedCalls } from '../../src/paddle/calls.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { diff } from '../../src/planner/diff.js';
import type { PriceWrite } from '../../src/planner/remote.js';
import { handleError } from '../../src/views/errors.js';
import { EXIT_BUG } from '../../src/views/exit-codes.js';
import { captureReporter } from '../support/capture.js';
import { monthlyPrice, product } from '../support/catalogs.js';

let emulator: RunningEmulator;
const gateway = () =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });
const writes = () => emulator.requests().filter((r) => r.method !== 'GET');

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** A price body our own code cannot turn into the SDK's request: its overrides are no list. */
const unbuildable = (productId: string) =>
  ({
    product_id: productId,
    description: 'Monthly',
    unit_price: { amount: '1000', currency_code: 'USD' },
    unit_price_overrides: 5,
  }) as unknown as PriceWrite;

describe('bugs are bugs', () => {
  it('a body builder that throws: the gateway rejects with the TypeError itself, and nothing is sent', async () => {
    const created = await gateway().createProduct('create product pro', {
      name: 'Pro',
      tax_category: 'saas',
    });
    const before = writes().length;
    const failure = await gateway()
      .createPrice('create price pro/monthly', unbuildable(created.id))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).not.toBeInstanceOf(RemoteError);
    expect(writes()).toHaveLength(before);
  });

  it('apply: the run stops as it does on a failure, and the bug is thrown, not reported as an API error', async () => {
    const catalog = { version: 1 as const, products: { pro: product('Pro', { monthly: monthlyPrice() }) } };
    const plan = diff(catalog, await gateway().snapshot());
    const operations = compileOperations(plan).map((op) =>
      op.kind === 'price' ? { ...op, body: { ...op.body, unit_price_overrides: 5 } } : op,
    );
    const calls = createPacedCalls(DEFAULT_APPLY_SETTINGS);
    const run = executeOperations(plan, operations, gateway(), calls, DEFAULT_APPLY_SETTINGS);
    await expect(run).rejects.toBeInstanceOf(TypeError);
    // the product went out before the price's body was built; the price never did
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /products']);
  });

  it('the error handler: the stack on stderr, exit 70, and --json says kind "bug"', async () => {
    const failure = await gateway()
      .createPrice('create price pro/monthly', unbuildable('pro_01h00000000000000000000000'))
      .catch((e: unknown) => e);
    const human = captureReporter(false);
    expect(handleError(failure, human.reporter)).toBe(EXIT_BUG);
    expect(EXIT_BUG).toBe(70);
    expect(human.out.stderr).toMatch(/unexpected: .*map/);
    expect(human.out.stderr).toMatch(/at .*catalog-mapping/);
    expect(human.out.stderr).toContain('This is a bug in paddle-catalog');
    const json = captureReporter(true);
    handleError(failure, json.reporter);
    expect(JSON.parse(json.out.stdout)).toMatchObject({ ok: false, error: { kind: 'bug' } });
  });
});
