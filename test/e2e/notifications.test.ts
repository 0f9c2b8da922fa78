// Notification destinations and discount groups through the CLI over real HTTP to the emulator:
// created, then unchanged; a new URL is an update of the same destination (its secret stays); a new
// type a replacement; --prune deletes; a discount joins its group by key; the signing secret goes to
// --secrets-out's file (0600) only, never stdout, stderr or --json.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { compileApp } from '../support/packed-app.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
discount_groups:
  launch:
    name: Launch offers
discounts:
  spring:
    description: Spring offer
    type: percentage
    amount: "20"
    discount_group: launch
notifications:
  app:
    description: App webhooks
    destination:
      sandbox: https://staging.example.com/hooks
      production: https://example.com/hooks
    subscribed_events: [subscription.created, transaction.completed]
  ops:
    description: Ops mail
    type: email
    destination: ops@example.com
    subscribed_events: [transaction.payment_failed]
`;

const settings = async () => (await call(emulator, 'GET', '/notification-settings')).body.data;

beforeAll(async () => {
  emulator = await startEmulator();
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('notifications and discount groups as code', () => {
  it('apply creates them with the marker in the description and name, and a second plan has no changes', async () => {
    const file = writeCatalog(dir, CATALOG, 'c1.yaml');
    const applied = await cli('apply', file, '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const made = await settings();
    expect(made.map((n: { description: string }) => n.description).sort()).toEqual([
      'App webhooks (paddle-catalog: app)',
      'Ops mail (paddle-catalog: ops)',
    ]);
    // the sandbox has its own destination
    expect(made.find((n: { type: string }) => n.type === 'url').destination).toBe(
      'https://staging.example.com/hooks',
    );
    const groups = (await call(emulator, 'GET', '/discount-groups')).body.data;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Launch offers (paddle-catalog: launch)']);
    const discounts = (await call(emulator, 'GET', '/discounts')).body.data;
    expect(discounts[0].discount_group_id).toBe(groups[0].id);
    const plan = await cli('plan', file, '--detailed-exitcode');
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });

  it('a new URL is an update of the same destination, its signing secret kept; a new type a replacement', async () => {
    const file = writeCatalog(dir, CATALOG, 'c2.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const before = await settings();
    const app = before.find((n: { type: string }) => n.type === 'url');
    const changed = CATALOG.replace('staging.example.com/hooks', 'staging.example.com/hooks2')
      .replace('type: email', 'type: url')
      .replace('ops@example.com', 'https://ops.example.com/hooks');
    const next = writeCatalog(dir, changed, 'c2b.yaml');
    const plan = await cli('plan', next);
    expect(plan.stdout).toContain(`~ update notification app (${app.id})`);
    expect(plan.stdout).toMatch(
      /-\/\+ replace notification ops .*\n.*type email → url cannot be changed in place: a new signing secret/,
    );
    expect(plan.stdout).toContain('1 to delete');
    expect((await cli('apply', next, '--yes')).code).toBe(0);
    const after = await settings();
    const sameApp = after.find((n: { id: string }) => n.id === app.id);
    expect(sameApp.destination).toBe('https://staging.example.com/hooks2');
    expect(sameApp.endpoint_secret_key).toBe(app.endpoint_secret_key);
    expect(after).toHaveLength(2);
  });

  it('--prune deletes a destination the catalog no longer names, and the plan says it cannot be undone', async () => {
    const file = writeCatalog(dir, CATALOG, 'c3.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const without = writeCatalog(dir, CATALOG.replace(/ {2}ops:\n[\s\S]*$/, ''), 'c3b.yaml');
    const plan = await cli('plan', without, '--prune');
    expect(plan.stdout).toMatch(/- delete notification ops \(ntfset_\w+\): cannot be undone/);
    expect((await cli('apply', without, '--prune', '--yes')).code).toBe(0);
    expect(await settings()).toHaveLength(1);
  });

  it('the signing secret goes to --secrets-out (mode 0600) only: never stdout, stderr or --json', async () => {
    const file = writeCatalog(dir, CATALOG, 'c4.yaml');
    const out = join(dir, 'secrets.env');
    const applied = await cli('--json', 'apply', file, '--yes', '--secrets-out', out);
    expect(applied.code, applied.stderr).toBe(0);
    const secrets = (await settings()).map((n: { endpoint_secret_key: string }) => n.endpoint_secret_key);
    const text = readFileSync(out, 'utf8');
    for (const secret of secrets) {
      expect(text).toContain(secret);
      expect(applied.stdout).not.toContain(secret);
      expect(applied.stderr).not.toContain(secret);
    }
    expect(text).toMatch(
      /^PADDLE_WEBHOOK_SECRET_APP=pdl_ntfset_\w+\nPADDLE_WEBHOOK_SECRET_OPS=pdl_ntfset_\w+\n$/,
    );
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const plan = await cli('--json', 'plan', file);
    expect(plan.stdout).not.toContain('pdl_ntfset_');
  });

  it('export writes notifications and discount groups, the marker stripped, and the file plans to no changes', async () => {
    const file = writeCatalog(dir, CATALOG, 'c5.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const out = join(dir, 'exported.yaml');
    const exported = await cli('export', '--out', out, '--force');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/discount_groups:\n {2}launch:\n {4}name: Launch offers\n/);
    expect(text).toContain('discount_group: launch');
    expect(text).toMatch(/notifications:\n {2}app:\n {4}description: App webhooks\n/);
    expect(text).toContain('sandbox: https://staging.example.com/hooks');
    expect(text).not.toContain('paddle-catalog: ');
    expect(text).not.toContain('pdl_ntfset_');
    const plan = await cli('plan', out, '--detailed-exitcode');
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });
});

describe('ids of discount groups and notification destinations', () => {
  const idsOf = async () => ({
    group: (await call(emulator, 'GET', '/discount-groups')).body.data[0].id as string,
    destinations: Object.fromEntries(
      (await settings()).map((n: { id: string; type: string }) => [n.type === 'url' ? 'app' : 'ops', n.id]),
    ),
  });

  it('json, env and --json carry their ids, the human line counts them, and no signing secret is anywhere', async () => {
    const file = writeCatalog(dir, CATALOG, 'c6.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const { group, destinations } = await idsOf();
    const json = join(dir, 'ids6.json');
    const written = await cli('ids', file, '--out', json);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(
      'sandbox ids of 1 product, 0 prices, 1 discount, 1 discount group, 2 notification destinations',
    );
    const side = JSON.parse(readFileSync(json, 'utf8')).environments.sandbox;
    expect(side.discount_groups).toEqual({ launch: group });
    expect(side.notifications).toEqual(destinations);
    const env = await cli('ids', file, '--format', 'env');
    expect(env.stdout).toContain(`PADDLE_DISCOUNT_GROUP_LAUNCH=${group}\n`);
    expect(env.stdout).toContain(`PADDLE_NOTIFICATION_APP=${destinations.app}\n`);
    const document = await cli('--json', 'ids', file);
    expect(JSON.parse(document.stdout).ids).toMatchObject({
      discount_groups: { launch: group },
      notifications: destinations,
    });
    for (const out of [readFileSync(json, 'utf8'), env.stdout, document.stdout, written.stdout])
      expect(out).not.toContain('pdl_ntfset_');
  });

  it('apply --ids-out and --env-out write the same ids as ids does', async () => {
    const file = writeCatalog(dir, CATALOG, 'c8.yaml');
    const [idsOut, envOut] = [join(dir, 'apply8.json'), join(dir, 'apply8.env')];
    expect((await cli('apply', file, '--yes', '--ids-out', idsOut, '--env-out', envOut)).code).toBe(0);
    const { group, destinations } = await idsOf();
    const side = JSON.parse(readFileSync(idsOut, 'utf8')).environments.sandbox;
    expect(side.discount_groups).toEqual({ launch: group });
    expect(side.notifications).toEqual(destinations);
    const env = readFileSync(envOut, 'utf8');
    expect(env).toContain(`PADDLE_DISCOUNT_GROUP_LAUNCH=${group}\n`);
    expect(env).toContain(`PADDLE_NOTIFICATION_OPS=${destinations.ops}\n`);
    expect(env + readFileSync(idsOut, 'utf8')).not.toContain('pdl_ntfset_');
  });

  it('the ts module types their keys and compiles under strict; paddleIds gives them per environment', async () => {
    const file = writeCatalog(dir, CATALOG, 'c7.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const { group, destinations } = await idsOf();
    const project = tempDir();
    mkdirSync(join(project, 'src'));
    const module = join(project, 'src', 'paddle-ids.ts');
    expect((await cli('ids', file, '--out', module)).code).toBe(0);
    writeFileSync(join(project, 'package.json'), '{"type": "module", "private": true}\n');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(project, 'src', 'app.ts'),
      `import { type DiscountGroupKey, type NotificationKey, paddleIds } from './paddle-ids.js';
const group: DiscountGroupKey = 'launch';
const destination: NotificationKey = 'app';
export const groupId: \`dsg_\${string}\` | undefined = paddleIds('sandbox').discountGroups[group];
export const destinationId: \`ntfset_\${string}\` | undefined = paddleIds('sandbox').notifications[destination];
// @ts-expect-error a key the catalog does not have
export const wrong: NotificationKey = 'billing';
`,
    );
    expect(compileApp(project)).toBe('');
    const ids = await import(pathToFileURL(module).href);
    expect(ids.paddleIds('sandbox').discountGroups).toEqual({ launch: group });
    expect(ids.paddleIds('sandbox').notifications).toEqual(destinations);
    expect(readFileSync(module, 'utf8')).not.toContain('pdl_ntfset_');
  });
});

describe('the permissions a catalog with destinations and groups asks for (docs/keys.md)', () => {
  const as = (permissions: string[], ...args: string[]) =>
    runCliInProcess(args, {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.addApiKey(permissions) },
    });
  const CATALOG_READ = ['product.read', 'price.read', 'discount.read'];

  it('plan without notification_setting.read: refused, naming it and docs/keys.md', async () => {
    const file = writeCatalog(dir, CATALOG, 'p1.yaml');
    const plan = await as(CATALOG_READ, 'plan', file);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('notification_setting.read');
    expect(plan.stderr).toContain('docs/keys.md');
  });

  it('plan of discount groups without discount.read: refused, naming it', async () => {
    const groupsOnly = CATALOG.slice(0, CATALOG.indexOf('notifications:'));
    const file = writeCatalog(dir, groupsOnly, 'p2.yaml');
    const plan = await as(['product.read', 'price.read'], 'plan', file);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('discount.read');
  });

  it.each([
    [
      'discount.write',
      [...CATALOG_READ, 'product.write', 'notification_setting.read', 'notification_setting.write'],
    ],
    [
      'notification_setting.write',
      [...CATALOG_READ, 'product.write', 'discount.write', 'notification_setting.read'],
    ],
  ])('apply without %s: refused, naming it', async (missing, permissions) => {
    const file = writeCatalog(dir, CATALOG, 'p3.yaml');
    const apply = await as(permissions, 'apply', file, '--yes');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(missing);
  });

  it('export without notification_setting.read or discount.read still exports the products, without those sections', async () => {
    const file = writeCatalog(dir, CATALOG, 'p4.yaml');
    expect((await cli('apply', file, '--yes')).code).toBe(0);
    const out = join(dir, 'p4-export.yaml');
    const exported = await as(['product.read', 'price.read'], 'export', '--out', out, '--force');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('pro:');
    expect(text).not.toContain('notifications:');
    expect(text).not.toContain('discount_groups:');
  });
});
