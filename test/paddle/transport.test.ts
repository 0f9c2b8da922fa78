// Every Paddle call has a timeout (the SDK sets none) and every API error carries the
// request id (the SDK's ApiError has none). Both are passed with each request (raw-api.ts,
// sdk.ts), and the global fetch stays the platform's own.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { rawApi } from '../../src/paddle/raw-api.js';
import { callPaddle, createPaddle } from '../../src/paddle/sdk.js';
import type { Target } from '../../src/paddle/target.js';

let emulator: RunningEmulator;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  emulator = await startEmulator();
  // accepts the request and never answers
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  silent.closeAllConnections();
  silent.close();
  await emulator.close();
});

const target = (baseUrl: string, apiKey = emulator.apiKey): Target => ({
  environment: 'sandbox',
  baseUrl,
  apiKey,
});

async function failure(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

describe('the Paddle transport', () => {
  it('times out a request that gets no answer, through the SDK and directly', async () => {
    const paddle = createPaddle(target(silentUrl), 300);
    const viaSdk = await failure(callPaddle('list products', () => paddle.products.list().next()));
    expect(viaSdk.code).toBe('timeout');
    expect(viaSdk.details.operation).toBe('list products');
    const direct = await failure(
      rawApi(target(silentUrl), {
        method: 'GET',
        path: '/products',
        operation: 'list products',
        timeoutMs: 300,
      }),
    );
    expect(direct.code).toBe('timeout');
  });

  it('leaves the global fetch alone', async () => {
    const platformFetch = globalThis.fetch;
    const paddle = createPaddle(target(emulator.url));
    await callPaddle('list products', () => paddle.products.list().next());
    await rawApi(target(emulator.url), { method: 'GET', path: '/products', operation: 'list products' });
    expect(globalThis.fetch).toBe(platformFetch);
  });

  it("an API error through the SDK carries the response's request id", async () => {
    const key = emulator.addApiKey(['price.read']);
    const paddle = createPaddle(target(emulator.url, key));
    const error = await failure(callPaddle('list products', () => paddle.products.list().next()));
    expect(error.code).toBe('forbidden');
    expect(error.details.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.details.status).toBe(403);
  });
});
