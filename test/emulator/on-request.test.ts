import { describe, expect, it } from 'vitest';
import { type RecordedRequest, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';

describe('onRequest: the arrival hook for tests', () => {
  it('tells each API request as it arrives (before its answer), until removed', async () => {
    const emulator = await startEmulator({ faults: { latencyMs: 50 } });
    try {
      const seen: RecordedRequest[] = [];
      const stop = emulator.onRequest((request) => seen.push({ ...request }));
      await call(emulator, 'GET', '/products');
      expect(seen).toEqual([
        { method: 'GET', path: '/products', query: {}, at: expect.any(String), status: 0 },
      ]);
      stop();
      await call(emulator, 'GET', '/products');
      expect(seen).toHaveLength(1);
    } finally {
      await emulator.close();
    }
  });
});
