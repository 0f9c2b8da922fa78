// Paddle's own discount examples (every discount under `data` in the OpenAPI description's
// /discounts and /discounts/{discount_id} answers), seeded into the emulator: each passes the seed
// checks, is served back as given while the clock is before its expires_at (and matches the
// schema), is expired once it is past, and an account holding them all (a percentage discount with
// currency_code and one without a code among them) goes export → validate → apply --adopt → plan
// "No changes." through the CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import type { EmulatorSeed } from '../../src/emulator/types.js';
import { tempDir } from '../e2e/catalog-files.js';
import { call, moveClock } from '../emulator/support.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from './openapi.js';

type Discount = Record<string, unknown> & { id: string; expires_at: string | null };

/** Every discount of the documented answers, the first one of each id. */
function documentedDiscounts(): Discount[] {
  const spec = parse(readFileSync(FULL_SPEC_FILE, 'utf8'));
  const found = new Map<string, Discount>();
  for (const path of ['/discounts', '/discounts/{discount_id}']) {
    for (const operation of Object.values(spec.paths[path]) as { responses?: Record<string, unknown> }[]) {
      for (const response of Object.values(operation.responses ?? {}) as {
        content?: Record<string, { examples?: Record<string, { value: { data: unknown } }> }>;
      }[]) {
        for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) {
          const data = example.value.data;
          for (const d of (Array.isArray(data) ? data : [data]) as Discount[])
            if (!found.has(d.id)) found.set(d.id, d);
        }
      }
    }
  }
  return [...found.values()];
}

const DISCOUNTS = documentedDiscounts();
// before every documented expires_at, and after them all
const BEFORE = '2023-11-01T00:00:00Z';
let emulator: RunningEmulator;
let validator: ResponseValidator;

beforeAll(async () => {
  const seed = checkSeed(
    seedSchema,
    'paddle-examples.yaml',
    { sandbox: { discounts: DISCOUNTS } },
    'seed file',
  );
  emulator = await startEmulator({ demo: false, seed: seed as EmulatorSeed });
  validator = responseValidator(FULL_SPEC_FILE);
});
afterAll(() => emulator.close());

describe('Paddle’s documented discounts', () => {
  it('the examples hold five discounts, a percentage one with currency_code USD among them', () => {
    expect(DISCOUNTS).toHaveLength(5);
    expect(DISCOUNTS.find((d) => d.id === 'dsc_01gtgztp8fpchantd5g1wrksa3')).toMatchObject({
      type: 'percentage',
      currency_code: 'USD',
    });
  });

  it.each(DISCOUNTS.map((d) => [d.id, d] as const))(
    '%s is served back as given before it expires, and matches the schema',
    async (id, documented) => {
      expect((await moveClock(emulator, BEFORE)).status).toBe(200);
      const response = await call(emulator, 'GET', `/discounts/${id}`);
      expect(response.body.data).toEqual(documented);
      expect(validator.check('GET', '/discounts/{discount_id}', 200, response.body)).toEqual([]);
      expect((await moveClock(emulator, null)).status).toBe(200);
      const now = await call(emulator, 'GET', `/discounts/${id}`);
      expect(now.body.data.status).toBe(documented.expires_at === null ? 'active' : 'expired');
    },
  );

  it('export → validate → apply --adopt → plan: "No changes."', async () => {
    const dir = tempDir();
    const out = join(dir, 'examples.yaml');
    const env = { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } };
    const exported = await runCliInProcess(['export', '--out', out, '--force'], env);
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('currency_code: USD');
    const validated = await runCliInProcess(['--json', 'validate', out]);
    expect(validated.code, validated.stdout).toBe(0);
    const adopted = await runCliInProcess(['--json', 'apply', out, '--adopt', '--yes'], env);
    expect(adopted.code, adopted.stdout + adopted.stderr).toBe(0);
    const actions = Object.values(JSON.parse(adopted.stdout).discounts).map(
      (d) => (d as { action: string }).action,
    );
    expect(actions).toEqual(DISCOUNTS.map(() => 'adopt'));
    const plan = await runCliInProcess(['plan', out, '--detailed-exitcode'], env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });
});
