// A loopback server that misbehaves the ways a broken proxy does, for the crash-ish error paths:
// it echoes the request's Authorization header back in an error detail, in a non-JSON body, or in
// a success body of the wrong shape.
import { createServer, type Server } from 'node:http';

export type Hostility = 'echo-in-error' | 'echo-in-html' | 'echo-in-wrong-shape';

const RESPONSES: Record<Hostility, (auth: string) => { status: number; type: string; body: string }> = {
  'echo-in-error': (auth) => ({
    status: 500,
    type: 'application/json',
    body: JSON.stringify({
      error: {
        type: 'api_error',
        code: 'internal_error',
        detail: `upstream rejected ${auth}`,
        errors: [{ field: auth, message: auth }],
      },
      meta: { request_id: auth },
    }),
  }),
  'echo-in-html': (auth) => ({
    status: 502,
    type: 'text/html',
    body: `<html><body>Bad gateway for ${auth}</body></html>`,
  }),
  'echo-in-wrong-shape': (auth) => ({
    status: 200,
    type: 'application/json',
    body: JSON.stringify({ data: auth, meta: { request_id: auth, pagination: auth } }),
  }),
};

export async function hostileServer(kind: Hostility): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const { status, type, body } = RESPONSES[kind](req.headers.authorization ?? '');
    res.writeHead(status, { 'content-type': type, 'x-request-id': req.headers.authorization ?? '' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
