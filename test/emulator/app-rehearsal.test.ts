// The app's side of a rise, rehearsed as docs/emulator.md shows it: the page's webhook endpoint
// (compiled from the page under strict, beside the module `paddle-catalog ids` wrote) behind
// `--forward-to`, verifying each delivery with Paddle's SDK and keeping what each subscription
// includes with featuresOf, sees a subscriber's features change when apply moves them to a new price
// and when the catalog changes what their plan includes (product.updated), and keeps the newest event.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { compileApp } from '../support/packed-app.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { KIM, NOW, pid } from '../support/subscription-account.mjs';

const CATALOG = readFileSync(join(ROOT, 'catalogs/plans-with-features.yaml'), 'utf8');
const STARTER = { audit_log: false, projects: 3, seats: 1, sso: false };
const PRO = { audit_log: false, projects: 'unlimited', seats: 10, sso: true };

/** The endpoint of docs/emulator.md, between its markers. */
function endpointSource(): string {
  const page = readFileSync(join(ROOT, 'docs/emulator.md'), 'utf8');
  const block = page.match(
    /<!-- features-endpoint:start -->\n( *)```ts\n([\s\S]*?) *```\n *<!-- features-endpoint:end -->/,
  );
  if (!block?.[2]) throw new Error('docs/emulator.md has no features endpoint between its markers');
  // the block as the page indents it (in a list item, or not)
  return block[2].replace(new RegExp(`^ {${block[1]?.length ?? 0}}`, 'gm'), '');
}

/** The catalog with Pro's price of 2027, which takes Starter's subscribers; Pro with `seats` seats. */
function riseCatalog(seats = 10): string {
  const catalog = parse(CATALOG);
  catalog.products.pro.features.seats = seats;
  catalog.products.pro.prices['monthly-2027'] = {
    description: 'Pro, billed monthly (2027)',
    unit_price: { amount: '2900', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    subscribers_from: ['starter/monthly'],
  };
  return stringify(catalog);
}

interface Endpoint {
  listener(request: IncomingMessage, response: ServerResponse): Promise<void>;
  subscription(id: string): { customerId: string; features: unknown } | undefined;
}

/** The emulator's clock: each step of the rehearsal happens a minute after the one before. */
const clock = manualClock(NOW);
let project: string;
let emulator: RunningEmulator;
let server: Server;
let endpoint: Endpoint | undefined;

/** What the endpoint keeps of a subscription (it is made in the set-up, before any test). */
function held(id: string) {
  if (!endpoint) throw new Error('the endpoint was not made');
  return endpoint.subscription(id);
}

async function cli(...args: string[]) {
  const run = await runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: project,
  });
  expect(run.code, run.stderr).toBe(0);
}

/** The app's own files: the module ids wrote, the page's endpoint, and the tsconfig they compile with. */
function writeApp(): void {
  writeFileSync(join(project, 'package.json'), '{"type": "module", "private": true}\n');
  // the app's dependencies are ours (@paddle/paddle-node-sdk, @types/node)
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    types: ['node'],
    noEmit: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    verbatimModuleSyntax: true,
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(project, 'src', 'features-endpoint.ts'), endpointSource());
}

beforeAll(async () => {
  project = tempDir();
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'catalog.yaml'), CATALOG);
  writeFileSync(join(project, 'catalog-2027.yaml'), riseCatalog());
  writeFileSync(join(project, 'catalog-seats.yaml'), riseCatalog(20));
  // the app's server is up before the emulator, which is started with --forward-to at it; until the
  // app has its module (after the first apply) it answers 503, and the catalog's events wait for a retry
  server = createServer((request, response) => {
    if (endpoint) void endpoint.listener(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  emulator = await startEmulator({
    demo: false,
    now: clock.now,
    forwardTo: `http://127.0.0.1:${port}/paddle/webhooks`,
    seed: {
      sandbox: {
        customers: [{ id: KIM, email: 'kim@example.com' }],
        subscriptions: [
          {
            customer_id: KIM,
            status: 'active',
            currency_code: 'USD',
            next_billed_at: '2026-02-01T00:00:00.000Z',
            items: [{ price_key: 'starter/monthly', quantity: 1 }],
          },
        ],
      },
    },
  });
  await cli('apply', 'catalog.yaml', '--yes');
  await cli('ids', 'catalog.yaml', '--out', 'src/paddle-ids.ts');
  writeApp();
  expect(compileApp(project)).toBe('');
  const module = await import(pathToFileURL(join(project, 'src', 'features-endpoint.ts')).href);
  endpoint = module.featuresEndpoint(emulator.forwarding?.secret);
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await emulator.close();
});

describe("the app's side of a rise", () => {
  it('the endpoint keeps a subscriber’s features from subscription.updated, and a rise to a new price of another plan changes them', async () => {
    const [subscription] = (await call(emulator, 'GET', '/subscriptions')).body.data;
    // the app tags the subscription it signed up (an API write: Paddle sends subscription.updated)
    const tagged = await call(emulator, 'PATCH', `/subscriptions/${subscription.id}`, {
      body: { custom_data: { workspace: 'w_1' } },
    });
    expect(tagged.status).toBe(200);
    await emulator.notificationsSettled();
    expect(held(subscription.id)).toMatchObject({ customerId: KIM, features: STARTER });

    clock.advance(60_000);
    await cli('apply', 'catalog-2027.yaml', '--yes', '--allow-subscriber-moves');
    await emulator.notificationsSettled();
    const moved = (await call(emulator, 'GET', `/subscriptions/${subscription.id}`)).body.data;
    expect(moved.items[0].price.description).toBe('Pro, billed monthly (2027)');
    // the module was written before this price existed: the endpoint read it by its product, Pro
    expect(readFileSync(join(project, 'src', 'paddle-ids.ts'), 'utf8')).not.toContain(
      moved.items[0].price.id,
    );
    expect(held(subscription.id)).toMatchObject({ customerId: KIM, features: PRO });
  });

  it('a subscription.updated delivered again after the move (a replay: it happened before) changes nothing', async () => {
    const [subscription] = (await call(emulator, 'GET', '/subscriptions')).body.data;
    const updates = await call(emulator, 'GET', '/notifications?search=subscription.updated');
    const first = updates.body.data.at(-1);
    expect(first.payload.data.items[0].price.description).toBe('Starter, billed monthly');
    const replay = await call(emulator, 'POST', `/notifications/${first.id}/replay`);
    expect(replay.status).toBe(202);
    await emulator.notificationsSettled();
    const again = await call(emulator, 'GET', `/notifications/${replay.body.data.notification_id}`);
    expect(again.body.data.status).toBe('delivered');
    expect(held(subscription.id)).toMatchObject({ features: PRO });
  });

  it('a feature of Pro changed in the catalog reaches the subscriber by product.updated, before the module is written again', async () => {
    const [subscription] = (await call(emulator, 'GET', '/subscriptions')).body.data;
    clock.advance(60_000);
    await cli('apply', 'catalog-seats.yaml', '--yes');
    await emulator.notificationsSettled();
    expect(held(subscription.id)).toMatchObject({ customerId: KIM, features: { ...PRO, seats: 20 } });
    const module = await import(pathToFileURL(join(project, 'src', 'paddle-ids.ts')).href);
    expect(module.productFeatures.pro.includes.seats).toBe(10);
  });

  it('the renewal the clock passes sends subscription.updated at its time, and the subscriber keeps Pro with 20 seats', async () => {
    const [subscription] = (await call(emulator, 'GET', '/subscriptions')).body.data;
    expect(subscription.next_billed_at).toBe('2026-02-01T00:00:00.000Z');
    const moved = await call(emulator, 'POST', '/__emulator/clock', {
      body: { now: '2026-02-01T06:00:00.000Z' },
    });
    expect(moved.status).toBe(200);
    await emulator.notificationsSettled();
    expect(held(subscription.id)).toMatchObject({
      status: 'active',
      features: { ...PRO, seats: 20 },
      occurredAt: expect.stringMatching(/^2026-02-01T00:00:00/),
    });
  });

  it('refuses a delivery whose signature is not the destination’s, and keeps nothing from it', async () => {
    const body = JSON.stringify({ event_type: 'subscription.updated', data: { id: pid('sub', 9) } });
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/paddle/webhooks`,
      {
        method: 'POST',
        headers: { 'paddle-signature': `ts=${Math.floor(Date.now() / 1000)};h1=${'0'.repeat(64)}` },
        body,
      },
    );
    expect(response.status).toBe(401);
    expect(held(pid('sub', 9))).toBeUndefined();
  });
});
