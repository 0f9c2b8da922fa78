// The catalog snapshot over real HTTP against the emulator: the product and discount lists are read
// at once (a catalog with discounts costs no extra round trip), and a failure reads as if in order.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { heldWait } from '../support/emulator.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const gateway = (emu: RunningEmulator, apiKey = emu.apiKey) =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey });

describe('snapshot', () => {
  it('asks for the discounts while the products are still on their way', async () => {
    // every answer is held until the discounts are asked for: were the reads one after the other,
    // the discounts would never be asked for and the test would time out (no timer of ours, which
    // a loaded machine could outrun)
    const held = heldWait();
    emulator = await startEmulator({ demo: false, faults: { latencyMs: 1 }, wait: held.wait });
    const emu = emulator;
    let productsStatusThen: number | undefined;
    emu.onRequest((request) => {
      if (request.path !== '/discounts') return;
      productsStatusThen = emu.requests().find((r) => r.path === '/products')?.status;
      held.release();
    });
    const { reads } = await gateway(emu).snapshot({ discounts: 'required' });
    expect(reads).toBe(2);
    expect(productsStatusThen).toBe(0); // sent, not yet answered
  });

  it('awaits `pace` before every request it sends: each page of each list counts against the rate limit', async () => {
    emulator = await startEmulator({ demo: false });
    const emu = emulator;
    const paced: number[] = [];
    const pace = async () => {
      paced.push(emu.requests().length); // how many had arrived when this one was allowed
    };
    await gateway(emu).snapshot({ discounts: 'required', pace });
    expect(
      emu
        .requests()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/discounts', '/products']);
    expect(paced).toHaveLength(emu.requests().length);
  });

  it('a key that may read neither: the product read’s error, as when the reads ran in order', async () => {
    emulator = await startEmulator({ demo: false });
    const key = emulator.addApiKey(['customer.read']);
    const error = await gateway(emulator, key)
      .snapshot({ discounts: 'required' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).details).toMatchObject({ code: 'forbidden', operation: 'list products' });
  });

  it('if-permitted: a key without discount.read reads as an account without discounts', async () => {
    emulator = await startEmulator({ demo: false });
    const key = emulator.addApiKey(['product.read', 'price.read']);
    const snapshot = await gateway(emulator, key).snapshot({ discounts: 'if-permitted' });
    expect([snapshot.discounts, snapshot.reads]).toEqual([[], 1]);
    await expect(gateway(emulator, key).snapshot({ discounts: 'required' })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
