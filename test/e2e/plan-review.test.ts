// What plan shows of a change's consequences, against the emulator over real HTTP: what a customer
// in each review country pays (Paddle's pricing preview before, a transaction preview of the wanted
// price after), and how many subscriptions bill each price it changes or archives (estimated_total
// of a filtered list, per status). In human, --json, Markdown and the saved plan; hostile names
// escaped; --fail-on-subscribers exits 3; a key without the permission gets a line and the plan goes on.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { marker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  CUSTOMER,
  MONTHLY,
  month,
  PRO,
  PRO_PRODUCT,
  pid,
  proMonthly,
} from '../support/subscription-account.mjs';

const LEGACY = pid('pri', 2);

const subscription = (n: number, status: string, price = MONTHLY) => ({
  id: pid('sub', n),
  customer_id: pid('ctm', 1),
  status,
  currency_code: 'USD',
  items: [{ price_id: price, quantity: 1 }],
});

const SEED = {
  customers: [CUSTOMER],
  products: [PRO_PRODUCT],
  prices: [
    proMonthly(),
    {
      id: LEGACY,
      product_id: PRO,
      description: 'Pro legacy',
      billing_cycle: month,
      unit_price: { amount: '1900', currency_code: 'USD' },
      custom_data: marker('pro/legacy'),
    },
  ],
  subscriptions: [
    subscription(1, 'active'),
    subscription(2, 'active'),
    subscription(3, 'trialing'),
    subscription(4, 'past_due'),
    subscription(5, 'canceled'),
    subscription(6, 'paused', LEGACY),
  ],
};

/** The price rise a team reviews: 2400 → 2900 USD, the DE override 2200 → 2600 EUR; legacy left out. */
const RISE = (name = 'Pro', countries = '') => `version: 1
${countries}products:
  pro:
    name: ${JSON.stringify(name)}
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        unit_price_overrides:
          - country_codes: [DE]
            unit_price: { amount: "2600", currency_code: EUR }
      team:
        description: Team monthly
        unit_price: { amount: "9900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

let emulator: RunningEmulator;
let dir: string;
const env = (apiKey = emulator.apiKey) => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: apiKey });
const plan = async (args: string[], apiKey?: string) => {
  const result = await runCliInProcess(['plan', ...args], { env: env(apiKey), cwd: dir });
  return result;
};
const planJson = async (args: string[], apiKey?: string) => {
  const result = await runCliInProcess(['--json', 'plan', ...args], { env: env(apiKey), cwd: dir });
  return { ...result, doc: JSON.parse(result.stdout) };
};

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED as never } });
  dir = tempDir();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});
beforeEach(() => emulator.reset());

describe('plan: customers in each review country', () => {
  it('--json: before from the price as it is, after as the catalog wants it; the override country pays its override', async () => {
    const file = writeCatalog(dir, RISE());
    const { code, doc } = await planJson([file, '--countries', 'US,JP']);
    expect(code).toBe(0);
    const monthly = doc.changes.find((c: { key: string }) => c.key === 'pro/monthly');
    // DE first (the override names it), then the review countries
    expect(monthly.customers.map((c: { country: string }) => c.country)).toEqual(['DE', 'US', 'JP']);
    const [de, us] = monthly.customers;
    expect(de).toMatchObject({
      currency_code: 'EUR',
      before: { currency_code: 'EUR', subtotal: '2200' },
      after: { subtotal: '2600' },
    });
    // tax per the emulator's table (DE 19%), on top of an exclusive price
    expect(de.after).toMatchObject({ tax: '494', total: '3094', formatted_total: '€30.94' });
    expect(us).toMatchObject({
      currency_code: 'USD',
      before: { total: '2400', formatted_total: '$24.00' },
      after: { total: '2900', formatted_total: '$29.00', tax: '0' },
    });
    // a new price has no before
    const team = doc.changes.find((c: { key: string }) => c.key === 'pro/team');
    expect(team.customers[0].before).toBeUndefined();
    expect(doc.review).toEqual({ countries: ['US', 'JP'], unavailable: [] });
  });

  it("the catalog's review.countries is the default set; --countries replaces it", async () => {
    const file = writeCatalog(dir, RISE('Pro', 'review: { countries: [GB] }\n'));
    const catalogs = await planJson([file]);
    const monthly = catalogs.doc.changes.find((c: { key: string }) => c.key === 'pro/monthly');
    expect(monthly.customers.map((c: { country: string }) => c.country)).toEqual(['DE', 'GB']);
    const flagged = await planJson([file, '--countries', 'fr']);
    const again = flagged.doc.changes.find((c: { key: string }) => c.key === 'pro/monthly');
    expect(again.customers.map((c: { country: string }) => c.country)).toEqual(['DE', 'FR']);
  });

  it('one request per country for the prices that charge alike there', async () => {
    const file = writeCatalog(dir, RISE());
    const mark = emulator.requests().length;
    await planJson([file, '--countries', 'US,JP']);
    const previews = emulator
      .requests()
      .slice(mark)
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);
    // after: DE (only monthly's override names it), US and JP (both prices, one request each);
    // before: the same groups, holding monthly
    expect(previews.filter((p) => p === '/transactions/preview')).toHaveLength(3);
    expect(previews.filter((p) => p === '/pricing-preview')).toHaveLength(3);
  });

  it('--countries with a code Paddle does not sell to is a usage error, nothing sent', async () => {
    const file = writeCatalog(dir, RISE());
    const result = await plan([file, '--countries', 'US,XX']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('XX');
    expect(emulator.requests()).toEqual([]);
  });
});

describe('plan: subscribers of each price touched', () => {
  it('counts by status as Paddle counts them (canceled left out); an orphan with subscribers is warned about', async () => {
    const file = writeCatalog(dir, RISE());
    const { doc } = await planJson([file]);
    const monthly = doc.changes.find((c: { key: string }) => c.key === 'pro/monthly');
    expect(monthly.subscribers).toEqual({ active: 2, trialing: 1, past_due: 1, paused: 0 });
    const legacy = doc.orphans.find((o: { key: string }) => o.key === 'pro/legacy');
    expect(legacy.subscribers).toEqual({ active: 0, trialing: 0, past_due: 0, paused: 1 });
  });

  it('human: the table of customers, the counts, and what Paddle documents for an amount change', async () => {
    const file = writeCatalog(dir, RISE());
    const { stdout, code } = await plan([file, '--countries', 'US']);
    expect(code).toBe(0);
    expect(stdout).toContain('customers pay (one unit, as Paddle previews it, with tax):');
    // totals with tax: before from the pricing preview, after from the transaction preview
    expect(stdout).toMatch(/DE {2}EUR {2}€26\.18 → €30\.94 {2}\(tax €4\.94\)/);
    expect(stdout).toContain('subscribers: 2 active, 1 trialing, 1 past due');
    expect(stdout).toContain('! 4 subscriptions bill this price');
    expect(stdout).toContain('document whether their renewals bill the new amount');
    expect(stdout).toContain(
      '! price pro/legacy (pri_01h00000000000000000000002), no longer in the catalog, has subscribers: 1 paused',
    );
  });

  it('--prune: archiving a price that subscribers pay is a warning saying what Paddle documents', async () => {
    const file = writeCatalog(dir, RISE());
    const { stdout } = await plan([file, '--prune', '--countries', 'US']);
    expect(stdout).toContain('- archive price pro/legacy');
    expect(stdout).toContain('! 1 subscription bills this price:');
    expect(stdout).toContain('archiving it does not change them');
  });

  it('--fail-on-subscribers exits 3 when a change touches subscribers, 0 when none does', async () => {
    const file = writeCatalog(dir, RISE());
    expect((await plan([file, '--fail-on-subscribers', '--detailed-exitcode'])).code).toBe(3);
    const untouched = writeCatalog(
      dir,
      `version: 1
products:
  other:
    name: Other
    tax_category: saas
`,
      'other.yaml',
    );
    const other = await plan([untouched, '--fail-on-subscribers', '--detailed-exitcode']);
    // a create touches no subscriber, nor does naming what left the catalog: only the pending changes (2)
    expect(other.code).toBe(2);
  });
});

describe('plan: a key that may not read subscriptions or previews', () => {
  it('gets one line for each part not shown, and the plan goes on', async () => {
    const key = emulator.addApiKey(['product.read', 'price.read', 'discount.read']);
    const file = writeCatalog(dir, RISE());
    const human = await plan([file], key);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(
      'What customers pay is not shown: the API key may not preview prices (it needs transaction.read).',
    );
    expect(human.stdout).toContain(
      'Subscribers are not counted: the API key may not list subscriptions (it needs subscription.read).',
    );
    expect(human.stdout).toContain('Plan: 1 to create, 1 to update, 0 to archive.');
    const { doc } = await planJson([file], key);
    expect(doc.review.unavailable).toHaveLength(2);
  });
});

describe('plan: the review in Markdown and in the saved plan', () => {
  it('Markdown: the same lines in the fenced block, a hostile product name escaped, and a count of what touches subscribers', async () => {
    const file = writeCatalog(dir, RISE('Pro <img src=x> @team'));
    const { stdout } = await plan([file, '--format', 'markdown', '--countries', 'US']);
    expect(stdout).toContain('changes that touch subscribers');
    expect(stdout).toContain('subscribers: 2 active, 1 trialing, 1 past due');
    // what customers pay: a table per price after the block, each value from Paddle a code span
    const tables =
      stdout.split('**What customers pay** — one unit, with tax, as Paddle previews it:')[1] ?? '';
    expect(tables).toContain(
      [
        'price `pro/monthly`',
        '',
        '| country | currency | now | after | tax |',
        '| --- | --- | --- | --- | --- |',
        '| `DE` | `EUR` | `€26.18` | `€30.94` | `€4.94` |',
        '| `US` | `USD` | `$24.00` | `$29.00` | `none` |',
      ].join('\n'),
    );
    expect(stdout.split('```diff')[1]?.split('```')[0]).not.toContain('customers pay');
    // outside the fenced block, no text of the catalog
    const outside = stdout.split('```')[0] ?? '';
    expect(outside).not.toContain('<img');
  });

  it('the saved plan keeps the review; apply <plan-file> prints the counts it was reviewed with', async () => {
    const file = writeCatalog(dir, RISE());
    const saved = await plan([file, '--out', 'plan.json', '--countries', 'US']);
    expect(saved.code, saved.stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    expect(document.review.prices['pro/monthly'].subscribers).toEqual({
      active: 2,
      trialing: 1,
      past_due: 1,
      paused: 0,
    });
    const applied = await runCliInProcess(['apply', 'plan.json', '--yes'], { env: env(), cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('reviewed with these subscribers');
    expect(applied.stderr).toContain('price pro/monthly: 2 active, 1 trialing, 1 past due\n');
  });
});
