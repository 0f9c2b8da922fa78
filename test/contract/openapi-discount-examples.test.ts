// Paddle's own discount examples on the emulator's clock (the seeding and the round trip before
// they expire are in openapi-catalog-examples.test.ts): each matches the OpenAPI schema while it is
// active and is served `expired` once its expires_at has passed, and an account holding them, most
// expired (a percentage discount with currency_code among them, and one without a code), still goes
// export → validate → apply --adopt → plan "No changes." through the CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import type { EmulatorSeed } from '../../src/emulator/types.js';
import { tempDir } from '../support/catalog-files.js';
import { call, moveClock } from '../support/emulator.js';
import {
  documentedRecords,
  FULL_SPEC_FILE,
  oncePerId,
  type ResponseValidator,
  responseValidator,
} from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const DISCOUNTS = oncePerId(documentedRecords(['/discounts', '/discounts/{discount_id}']));
// before every documented expires_at
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

describe('Paddle’s documented discounts on the emulator’s clock', () => {
  it('the examples hold five discounts, a percentage one with currency_code USD among them', () => {
    expect(DISCOUNTS).toHaveLength(5);
    expect(DISCOUNTS.find((d) => d.id === 'dsc_01gtgztp8fpchantd5g1wrksa3')).toMatchObject({
      type: 'percentage',
      currency_code: 'USD',
    });
  });

  it.each(DISCOUNTS.map((d) => [d.id, d] as const))(
    '%s matches the schema before it expires, and is expired once its expires_at has passed',
    async (id, documented) => {
      expect((await moveClock(emulator, BEFORE)).status).toBe(200);
      const before = await call(emulator, 'GET', `/discounts/${id}`);
      expect(validator.check('GET', '/discounts/{discount_id}', 200, before.body)).toEqual([]);
      expect((await moveClock(emulator, null)).status).toBe(200);
      const now = await call(emulator, 'GET', `/discounts/${id}`);
      expect(now.body.data.status).toBe(documented.expires_at === null ? 'active' : 'expired');
    },
  );

  it('most of them expired: export → validate → apply --adopt → plan: "No changes."', async () => {
    const dir = tempDir();
    const out = join(dir, 'examples.yaml');
    const env = { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } };
    const exported = await runCliInProcess(['export', '--out', out, '--force'], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('is expired (its expires_at has passed)');
    expect(readFileSync(out, 'utf8')).toContain('currency_code: USD');
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
    expect(plan.stdout).toContain('is expired: its expires_at has passed');
    expect(plan.stdout).toContain('No changes.');
  });
});
