// An app's webhook endpoint on 127.0.0.1 for tests: it keeps every delivery as received (raw body and
// the Paddle-Signature header) and answers as the test says (200 unless told otherwise; `hold` keeps
// a delivery unanswered until the test lets it go). Tests await deliveries, never sleep.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  body: string;
  signature: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the payload under test
  payload: any;
}

/** What the receiver answers a delivery: a status, or a promise the answer waits for. */
export type Responder = (delivery: Delivery, index: number) => number | Promise<number>;

export async function startReceiver(responder: Responder = () => 200) {
  const deliveries: Delivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const arrivals: { count: number; resolve: () => void }[] = [];
  let arrived = 0;
  let respond = responder;
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const delivery: Delivery = {
      body,
      signature: String(req.headers['paddle-signature'] ?? ''),
      headers: req.headers,
      payload: JSON.parse(body),
    };
    arrived += 1;
    for (const waiter of arrivals.filter((w) => arrived >= w.count)) waiter.resolve();
    const status = await respond(delivery, arrived - 1);
    deliveries.push(delivery);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : 'no');
    for (const waiter of waiters.filter((w) => deliveries.length >= w.count)) waiter.resolve();
  };
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paddle/webhooks`,
    deliveries,
    respondWith(next: Responder) {
      respond = next;
    },
    /** resolves once `count` deliveries have arrived, answered or not */
    arrived(count: number): Promise<void> {
      if (arrived >= count) return Promise.resolve();
      return new Promise((resolve) => arrivals.push({ count, resolve }));
    },
    /** resolves once `count` deliveries have been answered */
    received(count: number): Promise<Delivery[]> {
      if (deliveries.length >= count) return Promise.resolve(deliveries.slice(0, count));
      return new Promise((resolve) =>
        waiters.push({ count, resolve: () => resolve(deliveries.slice(0, count)) }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
