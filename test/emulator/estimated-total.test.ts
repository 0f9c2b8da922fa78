// estimatedTotal is exact up to 100000 and 100001 above that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  const customers = Array.from({ length: 100_001 }, (_, i) => ({ email: `c${i}@example.com` }));
  emulator = await startEmulator({ demo: false, seed: { sandbox: { customers } } });
}, 60_000);
afterAll(() => emulator.close());

describe('estimated_total', () => {
  it('is 100001 above 100000, exact at 100000 and below', async () => {
    const all = await call(emulator, 'GET', '/customers?per_page=1');
    expect(all.body.meta.pagination.estimated_total).toBe(100_001);
    expect(all.body.meta.pagination.has_more).toBe(true);
    const filtered = await call(emulator, 'GET', '/customers?search=c1&per_page=1');
    const exact = filtered.body.meta.pagination.estimated_total;
    expect(exact).toBeGreaterThan(1);
    expect(exact).toBeLessThanOrEqual(100_000);
  });
});
