// The documented seed format: seeds/seed.schema.json is generated from the checks the emulator
// applies, and seeds/example.yaml passes both and starts an emulator with what it says.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator } from '../../src/emulator/index.js';
import { checkSeed, loadSeedFile, seedJsonSchema, seedSchema } from '../../src/emulator/seed-file.js';
import { call } from '../support/emulator.js';

const SEEDS = new URL('../../seeds/', import.meta.url);
const EXAMPLE = new URL('example.yaml', SEEDS);
const committed = JSON.parse(readFileSync(new URL('seed.schema.json', SEEDS), 'utf8'));

describe('seed format', () => {
  it('seeds/seed.schema.json equals the schema of the seed checks (regenerate with: npm run docs)', () => {
    expect(committed).toEqual(seedJsonSchema());
  });

  it('seeds/example.yaml passes the committed JSON Schema and names it in its modeline', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./seed.schema.json');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(committed);
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('seeds/example.yaml seeds both accounts, their settings, and a further key, on top of the demo data', async () => {
    const seed = await loadSeedFile(EXAMPLE.pathname);
    const emulator = await startEmulator({ seed });
    try {
      const sandbox = (await call(emulator, 'GET', '/products')).body.data;
      expect(sandbox.map((p: { name: string }) => p.name).sort()).toEqual([
        'Field guide (e-book)',
        'Team plan',
      ]);
      const team = sandbox.find((p: { name: string }) => p.name === 'Team plan');
      expect(team).toMatchObject({ custom_data: { tier: 'team' }, description: 'For teams of up to 50' });
      const price = (await call(emulator, 'GET', `/prices?product_id=${team.id}`)).body.data[0];
      expect(price.trial_period.requires_payment_method).toBe(false);
      const emails = (await call(emulator, 'GET', '/customers')).body.data.map(
        (c: { email: string }) => c.email,
      );
      expect(emails).toEqual(expect.arrayContaining(['kim@example.com', 'demo@example.com']));
      const groups = (await call(emulator, 'GET', '/discount-groups')).body.data;
      expect(groups).toMatchObject([
        { id: 'dsg_01hx0000000000000000000001', name: 'Launch', status: 'active' },
      ]);
      const [setting] = (await call(emulator, 'GET', '/notification-settings')).body.data;
      expect(setting.subscribed_events.map((e: { name: string }) => e.name)).toEqual([
        'subscription.created',
        'subscription.updated',
        'transaction.completed',
      ]);
      expect(setting).toMatchObject({ active: true, api_version: 1, traffic_source: 'platform' });
      expect(setting.endpoint_secret_key).toMatch(/^pdl_ntfset_[a-z\d]{26}_[a-zA-Z0-9]{32}$/);
      const live = (await call(emulator, 'GET', '/products', { key: emulator.liveApiKey })).body.data;
      expect(live.map((p: { name: string }) => p.name)).toEqual(['Team plan']);
      const reader = seed.api_keys?.[0]?.key as string;
      expect((await call(emulator, 'GET', '/products', { key: reader })).status).toBe(200);
      expect((await call(emulator, 'POST', '/products', { key: reader, body: {} })).body.error.code).toBe(
        'forbidden',
      );
    } finally {
      await emulator.close();
    }
  });
});

describe('seed ids', () => {
  it.each([
    ['products', { id: 'pro_123', name: 'Short', tax_category: 'saas' }],
    ['customers', { id: 'ctm_01H00000000000000000000CU1', email: 'a@example.com' }],
  ])(
    'a %s id that is not Paddle’s 26 lowercase letters and digits is refused, naming the field',
    (kind, record) => {
      const data = { sandbox: { [kind]: [record] } };
      expect(() => checkSeed(seedSchema, 'seed.yaml', data, '--seed file')).toThrow(
        `sandbox.${kind}.0.id: must be a Paddle id: ${record.id.slice(0, 3)}_ and 26 lowercase letters and digits`,
      );
    },
  );

  it('a short-form subscription naming a price the seed does not have is refused, naming the item, before the server starts', () => {
    const price = { id: 'pri_01h00000000000000000000001', product_id: 'pro_01h00000000000000000000001' };
    const seed = {
      sandbox: {
        prices: [{ ...price, unit_price: { amount: '1000', currency_code: 'USD' } }],
        subscriptions: [
          {
            customer_id: 'ctm_01h00000000000000000000001',
            status: 'active',
            currency_code: 'USD',
            items: [{ price_id: price.id }, { price_id: 'pri_01h00000000000000000000009' }],
          },
        ],
      },
    };
    expect(() => checkSeed(seedSchema, 'rise.yaml', seed, '--seed file')).toThrow(
      'The --seed file rise.yaml is not valid:\n  sandbox.subscriptions.0.items.1.price_id: names no price of this account’s prices',
    );
  });

  it('a seeded notification setting subscribed to an event Paddle does not have is refused, naming it', () => {
    const setting = { description: 'Hooks', type: 'url', destination: 'https://example.com/h' };
    const seed = {
      sandbox: { notification_settings: [{ ...setting, subscribed_events: ['price.exploded'] }] },
    };
    expect(() => checkSeed(seedSchema, 'seed.yaml', seed, '--seed file')).toThrow(
      'sandbox.notification_settings.0.subscribed_events.0: must be an event type Paddle has',
    );
  });
});
