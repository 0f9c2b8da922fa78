// Discount codes across the account, through the CLI against the emulator over real HTTP: a code
// another catalog's discount holds is shown by plan with its holder and catalog, and apply refuses
// before any write (Paddle would answer 409 discount_code_conflict midway otherwise).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });
const writes = () => emulator.requests().filter((r) => r.method !== 'GET');

const withLaunch = (catalog: string, code: string) => `version: 1
catalog: ${catalog}
products: {}
discounts:
  launch:
    description: Launch offer
    type: percentage
    amount: "20"
    code: ${code}
`;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('a discount code held by another catalog', { timeout: 60_000 }, () => {
  it('plan names the holder and its catalog (exit 2: work to do); apply refuses before any write, whatever the flags', async () => {
    const billing = await cli(
      '--json',
      'apply',
      writeCatalog(dir, withLaunch('billing', 'LAUNCH20'), 'b.yaml'),
      '--yes',
    );
    expect(billing.code, billing.stderr).toBe(0);
    const holder = JSON.parse(billing.stdout).discounts.launch.id;
    const file = writeCatalog(dir, withLaunch('shop', 'launch20'), 'shop.yaml');

    const plan = await cli('plan', file, '--detailed-exitcode');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      `! code "LAUNCH20" is held by discount ${holder} of catalog billing (key launch): Paddle keeps one discount per code in the account`,
    );
    const doc = JSON.parse((await cli('--json', 'plan', file)).stdout);
    expect(doc.changes[0]).toMatchObject({
      action: 'create',
      codeConflict: { id: holder, code: 'LAUNCH20', catalog: 'billing', key: 'launch' },
    });

    const before = writes().length;
    for (const flags of [[], ['--allow-lookalikes'], ['--adopt']]) {
      const refused = await cli('--json', 'apply', file, '--yes', ...flags);
      expect(refused.code).toBe(1);
      const error = JSON.parse(refused.stdout).error;
      expect(error.message).toContain(
        `discount launch: code "LAUNCH20" is held by discount ${holder} of catalog billing`,
      );
      expect(error.codeConflicts[0].codeConflict.catalog).toBe('billing');
    }
    expect(writes().length).toBe(before);
  });
});
