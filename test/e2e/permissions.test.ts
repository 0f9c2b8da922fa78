// Permissions as Paddle has them: "Write permission automatically includes read"
// (developer.paddle.com/api-reference/about/permissions). A key holding only product.write and
// price.write plans and applies a catalog without discounts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
});
afterAll(() => emulator.close());

it('a key with product.write and price.write alone plans, applies and plans again with no changes', async () => {
  const env = {
    PADDLE_API_URL: emulator.url,
    PADDLE_API_KEY: emulator.addApiKey(['product.write', 'price.write']),
  };
  const file = writeCatalog(tempDir(), PRO_CATALOG());
  expect((await runCliInProcess(['plan', file], { env })).code).toBe(0);
  const applied = await runCliInProcess(['apply', file, '--yes'], { env });
  expect(applied.code).toBe(0);
  const again = await runCliInProcess(['plan', file], { env });
  expect(again.stdout).toContain('No changes.');
});
