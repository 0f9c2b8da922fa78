// When Paddle refuses one product (its tax category is not approved), what does not depend on it is
// still written: an unrelated discount and product. Only its prices wait. The run fails, says why,
// and a second apply once the catalog is fixed converges.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

// the catalog says ebooks is approved; the emulator's account has not had it approved
const catalog = (ebooksCategory: string) => `version: 1
environments:
  sandbox:
    approved_tax_categories: [ebooks]
products:
  books:
    name: Books
    tax_category: ${ebooksCategory}
    prices:
      monthly:
        description: Books monthly
        unit_price: { amount: "900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "4900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
discounts:
  welcome:
    description: Welcome
    type: percentage
    amount: "10"
`;

let emulator: RunningEmulator;
let dir: string;
beforeEach(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterEach(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe('apply after one object is refused', () => {
  it('writes what does not depend on the refused product, skips its prices, exits 1; a fixed catalog converges', async () => {
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const file = join(dir, 'catalog.yaml');
    await writeFile(file, catalog('ebooks'));
    // one call at a time: the unrelated product starts only after the refusal
    const first = await runCliInProcess(['apply', file, '--yes', '--concurrency', '1'], { env, cwd: dir });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('tax category not approved');
    const created = emulator
      .requests()
      .filter((r) => r.method === 'POST' && r.status === 201)
      .map(
        (r) =>
          (r.body as { name?: string; description?: string }).name ??
          (r.body as { description: string }).description,
      );
    expect(created.sort()).toEqual(['Pro', 'Pro monthly', 'Welcome'].sort());
    expect(
      emulator
        .requests()
        .some(
          (r) =>
            r.method === 'POST' &&
            r.path === '/prices' &&
            (r.body as { description: string }).description === 'Books monthly',
        ),
    ).toBe(false);

    await writeFile(file, catalog('saas'));
    const second = await runCliInProcess(['apply', file, '--yes'], { env, cwd: dir });
    expect(second.code).toBe(0);
    const again = await runCliInProcess(['plan', file], { env, cwd: dir });
    expect(again.stdout).toContain('No changes.');
  });
});
