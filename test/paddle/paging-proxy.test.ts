// Paging through a proxy (PADDLE_API_URL): Paddle's `next` link names Paddle's own host, as the
// emulator's names its own URL. The CLI reads the next page's path and cursor on its configured
// base URL, so a catalog of more than one page reads through a proxy, and the key is sent to
// that base URL only, whatever host a `next` link names.
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { callPaddle, createPaddle } from '../../src/paddle/sdk.js';
import type { Target } from '../../src/paddle/target.js';
import { pid } from '../support/subscription-account.mjs';

interface Listening {
  server: Server;
  url: string;
  seen: { path: string; authorization: string | undefined }[];
}

async function listen(handle: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const seen: Listening['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

/** A plain forwarding proxy in front of the emulator, on a host string of its own. */
function proxyTo(upstream: string) {
  const { hostname, port } = new URL(upstream);
  return listen((req, res) => {
    const forward = request(
      {
        hostname,
        port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `${hostname}:${port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
}

/** Answers every list with one item and has_more, its `next` on `elsewhere`; `cursor` false leaves after= out. */
function misdirecting(elsewhere: string, cursor = true) {
  return listen((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('after')?.slice(-1) ?? 0);
    const last = pid('pro', page + 1);
    const body = {
      data: [{ id: last, name: 'P', tax_category: 'saas', type: 'standard', status: 'active', prices: [] }],
      meta: {
        request_id: 'r',
        pagination: {
          per_page: 1,
          next: `${elsewhere}/products?${cursor ? `after=${last}` : 'page=2'}`,
          has_more: page < 2,
          estimated_total: 3,
        },
      },
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
}

let emulator: RunningEmulator;
let proxy: Listening;
const closing: Server[] = [];

beforeAll(async () => {
  const products = Array.from({ length: 250 }, (_, n) => ({
    id: pid('pro', n + 1),
    name: `P${n}`,
    tax_category: 'saas',
  }));
  const customers = Array.from({ length: 3 }, (_, n) => ({ email: `c${n}@example.com` }));
  emulator = await startEmulator({ demo: false, seed: { sandbox: { products, customers } } });
  proxy = await proxyTo(emulator.url);
  closing.push(proxy.server);
});
afterAll(async () => {
  for (const server of closing) {
    server.closeAllConnections();
    server.close();
  }
  await emulator.close();
});

const target = (baseUrl: string): Target => ({ environment: 'sandbox', baseUrl, apiKey: emulator.apiKey });

describe('paging through a proxy', () => {
  it('the emulator builds next on its own URL (as Paddle does on its host), not on the proxy’s', async () => {
    const response = await fetch(`${proxy.url}/products?per_page=200`, {
      headers: { authorization: `Bearer ${emulator.apiKey}` },
    });
    const { meta } = (await response.json()) as { meta: { pagination: { next: string; has_more: boolean } } };
    expect(meta.pagination.has_more).toBe(true);
    expect(meta.pagination.next.startsWith(`${emulator.url}/products?`)).toBe(true);
    expect(meta.pagination.next.startsWith(proxy.url)).toBe(false);
  });

  it('a catalog of more than 200 products is read through the proxy, every page on the proxy', async () => {
    proxy.seen.length = 0;
    const { products, reads } = await createCatalogGateway(target(proxy.url)).snapshot();
    expect(products).toHaveLength(250);
    expect(reads).toBe(2);
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]?.path).toMatch(/after=pro_/);
  });

  it('the SDK’s lists page through the proxy too', async () => {
    proxy.seen.length = 0;
    const paddle = createPaddle(target(proxy.url));
    const collection = paddle.customers.list({ perPage: 2 });
    const first = await callPaddle('list customers', () => collection.next());
    const second = await callPaddle('list customers', () => collection.next());
    expect([first.length, second.length]).toEqual([2, 1]);
    expect(proxy.seen.map((s) => s.path)).toEqual([
      expect.stringMatching(/^\/customers\?/),
      expect.stringMatching(/after=ctm_/),
    ]);
  });

  it('the key goes to the configured base URL only, whatever host a next link names', async () => {
    const elsewhere = await listen((_req, res) => res.end('{}'));
    const server = await misdirecting(elsewhere.url);
    closing.push(elsewhere.server, server.server);
    const { products } = await createCatalogGateway(target(server.url)).snapshot();
    expect(products.map((p) => p.id)).toEqual([pid('pro', 1), pid('pro', 2), pid('pro', 3)]);
    expect(server.seen.map((s) => s.authorization)).toEqual(Array(3).fill(`Bearer ${emulator.apiKey}`));
    expect(elsewhere.seen).toEqual([]);
  });

  it('a next link without an after= cursor is a bad response, not a loop or a guess', async () => {
    const server = await misdirecting('https://api.paddle.com', false);
    closing.push(server.server);
    const error = await createCatalogGateway(target(server.url))
      .snapshot()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).details.detail).toContain('no after= cursor');
    expect(server.seen).toHaveLength(1);
  });
});
