// One delivery attempt against endpoints that answer badly: what the notification's log records for
// each. A refused connection, a reset before the answer's end, an answer given up at Paddle's 5 s
// (the test's deadline) and an attempt in flight when the emulator closes are code 0 with no body;
// a long answer keeps its first 1,000 characters; the payload goes with its length, not chunked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type AttemptPorts, attempt } from '../../src/emulator/notifications/attempt.js';

const NO_ANSWER = { code: 0, contentType: null, body: '' };
const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** an endpoint on 127.0.0.1 answering as `handler` says; its URL */
async function endpoint(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

function ports(deadline = new AbortController(), closing = new AbortController()): AttemptPorts {
  return {
    machineNow: () => Date.parse('2026-03-01T10:00:00Z'),
    deadline: () => deadline.signal,
    closing: closing.signal,
  };
}

describe('a delivery attempt', () => {
  it('records the status, content type and the first 1,000 characters of a long answer', async () => {
    let received: { length?: string; chunked?: string; body: string } = { body: '' };
    const url = await endpoint((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        received = { length: req.headers['content-length'], chunked: req.headers['transfer-encoding'], body };
        res.writeHead(500, { 'content-type': 'text/plain' }).end('é'.repeat(3_000));
      });
    });
    const answer = await attempt(ports(), url, 'pdl_ntfset_secret', '{"event_type":"x","note":"é"}');
    expect(answer).toEqual({ code: 500, contentType: 'text/plain', body: 'é'.repeat(1_000) });
    expect(received).toEqual({ length: '30', chunked: undefined, body: '{"event_type":"x","note":"é"}' });
  });

  it('a refused connection is code 0 with no body', async () => {
    const url = await endpoint(() => {});
    servers[0]?.close();
    servers.length = 0;
    expect(await attempt(ports(), url, 's', '{}')).toEqual(NO_ANSWER);
  });

  it('a reset before the answer’s end is code 0 with no body', async () => {
    const url = await endpoint((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' })
        .write('partial', () => res.socket?.destroy());
    });
    expect(await attempt(ports(), url, 's', '{}')).toEqual(NO_ANSWER);
  });

  it('an answer not given within the 5 s is code 0, even when its headers came', async () => {
    const deadline = new AbortController();
    const url = await endpoint((_req, res) => {
      res.writeHead(200).write('started', () => deadline.abort());
    });
    expect(await attempt(ports(deadline), url, 's', '{}')).toEqual(NO_ANSWER);
  });

  it('an attempt in flight when the emulator closes is given up: code 0', async () => {
    const closing = new AbortController();
    const url = await endpoint(() => closing.abort());
    expect(await attempt(ports(undefined, closing), url, 's', '{}')).toEqual(NO_ANSWER);
  });
});
