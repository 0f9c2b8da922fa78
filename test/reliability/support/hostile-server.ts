// A loopback server that misbehaves the ways a broken proxy or a hostile server does: it echoes
// the request's Authorization header back in an error detail, in a non-JSON body, or in a success
// body of the wrong shape; or it answers an error whose every field is made to attack a terminal.
import { createServer, type Server } from 'node:http';

export type Hostility = 'echo-in-error' | 'echo-in-html' | 'echo-in-wrong-shape' | 'controls-in-error';

/** Clears the screen, sets the window title, rings, returns, moves up, a C1 CSI, and a workflow command. */
export const TERMINAL_ATTACK =
  '\u001b[2J\u001b]0;pwned\u0007\r\u001b[1A\u009b31m\n::error title=Injected::fake failure';

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
  'controls-in-error': () => ({
    status: 400,
    type: 'application/json',
    body: JSON.stringify({
      error: {
        type: 'request_error',
        code: `bad_request${TERMINAL_ATTACK}`,
        detail: `Invalid request.${TERMINAL_ATTACK}`,
        documentation_url: `https://developer.paddle.com/${TERMINAL_ATTACK}`,
        errors: [{ field: `name${TERMINAL_ATTACK}`, message: `too long${TERMINAL_ATTACK}` }],
      },
      meta: { request_id: `req${TERMINAL_ATTACK}` },
    }),
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
