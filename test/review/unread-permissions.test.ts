// permissions: a plan made with a key that may read the catalog but not subscriptions or
// transactions (a read key set up for products and prices only) says in each of its outputs what
// its review could not show and why, and --fail-on-subscribers does not pass a count nobody read.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { Catalog } from '../../src/catalog/schema.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, NOW, SEED } from '../support/subscription-account.mjs';

const SUBSCRIBERS = 'Subscribers are not counted';
const WHY = 'it needs subscription.read';
const CUSTOMERS =
  'What customers pay is not shown: the API key may not preview prices (it needs transaction.read).';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: manualClock(NOW).now });
  dir = tempDir();
  env = {
    PADDLE_API_URL: emulator.url,
    PADDLE_API_KEY: emulator.addApiKey(['product.read', 'price.read', 'discount.read']),
    NO_COLOR: '1',
  };
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const plan = (catalog: Catalog, ...args: string[]) => {
  writeFileSync(join(dir, 'catalog.yaml'), stringify(catalog));
  return runCliInProcess(['plan', 'catalog.yaml', ...args], { env, cwd: dir });
};

describe('permissions: the review says what it could not show', () => {
  it('a move planned without subscription.read or transaction.read: human, --json, Markdown, the step summary and the saved plan each say so', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const github = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: join(dir, 'out') };
    writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
    const human = await runCliInProcess(['plan', 'catalog.yaml', '--out', 'plan.json'], {
      env: { ...env, ...github },
      cwd: dir,
    });
    expect(human.code, human.stderr).toBe(0);
    const markdown = await plan(CATALOG, '--format', 'markdown');
    const json = JSON.parse((await plan(CATALOG, '--json')).stdout);
    const saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    const outputs = {
      human: human.stdout,
      markdown: markdown.stdout,
      summary: readFileSync(summary, 'utf8'),
      json: json.review.unavailable.join('\n'),
      saved: saved.review.unavailable.join('\n'),
    };
    for (const [output, text] of Object.entries(outputs)) {
      expect(text, output).toContain(CUSTOMERS);
      expect(text, output).toContain(`${SUBSCRIBERS} and the next bills of moved ones not shown`);
      expect(text, output).toContain(WHY);
    }
    expect(markdown.stdout).toContain('⚠️ 1 price whose subscribers were not counted');
  });

  it('--fail-on-subscribers exits 3 when a moved price could not be counted, and 0 for a plan that touches no price', async () => {
    const moved = await plan(CATALOG, '--fail-on-subscribers');
    expect(moved.code, moved.stdout).toBe(3);
    expect(moved.stdout).toContain(WHY);
    const { 'monthly-2027': _, ...unchanged } = CATALOG.products.pro?.prices ?? {};
    const same: Catalog = {
      ...CATALOG,
      products: { pro: { ...CATALOG.products.pro, prices: unchanged } },
    } as Catalog;
    const untouched = await plan(same, '--fail-on-subscribers');
    expect(untouched.code, untouched.stdout).toBe(0);
  });

  it('--fail-on-subscribers exits 3 when a changed price could not be counted', async () => {
    const pro = CATALOG.products.pro as Catalog['products'][string];
    const renamed = {
      ...CATALOG,
      products: { pro: { ...pro, prices: { monthly: { ...pro.prices?.monthly, name: 'Monthly plan' } } } },
    } as Catalog;
    const changed = await plan(renamed, '--fail-on-subscribers');
    expect(changed.stdout).toContain('~ update price pro/monthly');
    expect(changed.code, changed.stdout).toBe(3);
    expect(changed.stdout).toContain(`${SUBSCRIBERS}: the API key may not list subscriptions (${WHY}).`);
  });
});
