// An account whose default tax setting is "Automatic based on location" stores a price created with
// tax_mode left out or account_setting as location
// (https://developer.paddle.com/changelog/2025/default-automatic-tax-setting). A catalog that
// leaves tax_mode out, or says account_setting, still converges on it: apply verifies and the next
// plan has nothing to do (account_setting with a warning that names the setting).
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, priceBody, productBody } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function locationAccount(): Promise<RunningEmulator> {
  emulator = await startEmulator({ demo: false, seed: { sandbox: { default_tax_mode: 'location' } } });
  return emulator;
}

/** PRO_CATALOG with `tax_mode: account_setting` on the monthly price. */
const explicitAccountSetting = () =>
  PRO_CATALOG().replace(
    '        name: Monthly\n',
    '        name: Monthly\n        tax_mode: account_setting\n',
  );

async function applyThenPlan(emu: RunningEmulator, catalog: string) {
  const env = { PADDLE_API_URL: emu.url, PADDLE_API_KEY: emu.apiKey };
  const file = writeCatalog(tempDir(), catalog);
  const applied = await runCliInProcess(['apply', file, '--yes', '--json'], { env });
  const plan = await runCliInProcess(['plan', file], { env });
  const json = await runCliInProcess(['plan', file, '--json'], { env });
  return { applied: JSON.parse(applied.stdout), plan, json: JSON.parse(json.stdout) };
}

describe('the emulator models the location default', () => {
  it('a price created with tax_mode left out or account_setting is stored as location; others as sent', async () => {
    const emu = await locationAccount();
    const product = (await call(emu, 'POST', '/products', { body: productBody() })).body.data.id;
    const created = async (tax_mode?: string) =>
      (await call(emu, 'POST', '/prices', { body: priceBody(product, tax_mode ? { tax_mode } : {}) })).body
        .data;
    expect((await created()).tax_mode).toBe('location');
    const explicit = await created('account_setting');
    expect(explicit.tax_mode).toBe('location');
    expect((await created('internal')).tax_mode).toBe('internal');
    // the changelog speaks of new prices only: an update is stored as sent
    const patched = await call(emu, 'PATCH', `/prices/${explicit.id}`, {
      body: { tax_mode: 'account_setting' },
    });
    expect(patched.body.data.tax_mode).toBe('account_setting');
  });
});

describe('a catalog on an account whose default is location', () => {
  it('without tax_mode: apply verifies, then plan has no changes', async () => {
    const { applied, plan } = await applyThenPlan(await locationAccount(), PRO_CATALOG());
    expect(applied).toMatchObject({ ok: true, verified: true });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.stdout).not.toContain('tax_mode');
  });

  it('with tax_mode account_setting: apply verifies, and plan warns naming the setting with no changes', async () => {
    const { applied, plan, json } = await applyThenPlan(await locationAccount(), explicitAccountSetting());
    expect(applied).toMatchObject({ ok: true, verified: true });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.stdout).toContain(
      '! price pro/monthly: tax_mode account_setting is stored as location (the account\'s default tax setting is "Automatic based on location")',
    );
    const monthly = json.changes.find((c: { key: string }) => c.key === 'pro/monthly');
    expect(monthly).toMatchObject({ action: 'unchanged', storedTaxMode: 'location' });
    expect(json.changes.filter((c: { storedTaxMode?: string }) => c.storedTaxMode)).toHaveLength(1);
  });
});
