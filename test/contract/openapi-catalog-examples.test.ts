// Every product, price, customer, transaction and discount of Paddle's OpenAPI examples (every
// record under `data` in any answer of their operations), seeded into the emulator: each one is
// accepted and served back as given, and an account holding them all goes export → validate →
// plan --adopt → apply --adopt → plan "No changes." through the CLI.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import type { EmulatorSeed } from '../../src/emulator/types.js';
import { TAX_CATEGORIES } from '../../src/paddle-facts/tax-categories.js';
import { tempDir } from '../support/catalog-files.js';
import { call, moveClock } from '../support/emulator.js';
import { documentedRecords, oncePerId } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

type Record_ = Record<string, unknown> & { id: string };
const KINDS = {
  products: ['/products', '/products/{product_id}'],
  prices: ['/prices', '/prices/{price_id}'],
  customers: ['/customers', '/customers/{customer_id}'],
  transactions: ['/transactions', '/transactions/{transaction_id}'],
  discounts: ['/discounts', '/discounts/{discount_id}'],
} as const;
type Kind = keyof typeof KINDS;

const EXAMPLES = Object.fromEntries(
  Object.entries(KINDS).map(([kind, paths]) => [kind, documentedRecords(paths)]),
) as Record<Kind, Record_[]>;
// before every documented discount's expires_at, so each is served as documented
const BEFORE = '2023-11-01T00:00:00Z';
const ACCOUNT = { approved_tax_categories: [...TAX_CATEGORIES], cardless_trials: true };

async function seeded(records: Partial<Record<Kind, Record_[]>>): Promise<RunningEmulator> {
  const seed = checkSeed(
    seedSchema,
    'paddle-examples.yaml',
    { sandbox: { ...ACCOUNT, ...records } },
    'seed file',
  );
  const emulator = await startEmulator({ demo: false, seed: seed as EmulatorSeed });
  await moveClock(emulator, BEFORE);
  return emulator;
}

/**
 * A record as Paddle answers it now: a trial's `requires_payment_method` (true unless sent) is in
 * every answer since cardless trials came (the Node SDK reads it since 3.5.0), and a discount's
 * `discount_group_id` (null when in no group) since discount groups came in June 2025
 * (https://developer.paddle.com/changelog/2025/discount-groups), though the OpenAPI description of
 * May 2025 predates both and its examples leave them out.
 */
function answered(record: Record_, kind: Kind): Record_ {
  if (kind === 'discounts' && !('discount_group_id' in record)) {
    return { ...record, discount_group_id: null };
  }
  const trial = record.trial_period as Record<string, unknown> | null | undefined;
  if (!trial || 'requires_payment_method' in trial) return record;
  return { ...record, trial_period: { ...trial, requires_payment_method: true } };
}

describe('each documented record, seeded on its own, is served back as given', () => {
  const cases = Object.entries(EXAMPLES).flatMap(([kind, records]) =>
    records.map((record) => [`${kind} ${record.id}`, kind as Kind, record] as const),
  );
  it.each(cases)('%s', async (_, kind, record) => {
    const emulator = await seeded({ [kind]: [record] });
    try {
      const res = await call(emulator, 'GET', `/${kind}/${record.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(answered(record, kind));
    } finally {
      await emulator.close();
    }
  });
});

describe('an account holding every documented record', () => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    emulator = await seeded(
      Object.fromEntries(Object.entries(EXAMPLES).map(([kind, records]) => [kind, oncePerId(records)])),
    );
  });
  afterAll(() => emulator.close());

  it('the examples hold products, prices, customers, transactions and discounts', () => {
    for (const kind of Object.keys(KINDS) as Kind[]) expect(EXAMPLES[kind].length).toBeGreaterThan(1);
  });

  it('exports, validates, adopts, and then plans "No changes."', async () => {
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const file = join(dir, 'examples.yaml');
    const exported = await runCliInProcess(['export', '--out', file, '--include-archived'], { env });
    expect([exported.code, exported.stderr]).toEqual([0, expect.not.stringContaining('error')]);
    const validate = await runCliInProcess(['validate', file], { env });
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const adopt = await runCliInProcess(['plan', file, '--adopt'], { env });
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).not.toMatch(/^\s*\+ create/m);
    const applied = await runCliInProcess(['apply', file, '--adopt', '--yes'], { env });
    expect(applied.code, applied.stderr).toBe(0);
    const plan = await runCliInProcess(['plan', file], { env });
    expect(plan.stdout).toContain('No changes.');
  });
});
