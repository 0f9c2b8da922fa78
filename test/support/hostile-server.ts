// Loopback servers that misbehave the ways a broken proxy or a hostile server does: echoing the
// request's Authorization header back (in an error, in HTML, in a body of the wrong shape, the key
// upper-cased, percent-encoded or in base64), error
// fields made to attack a terminal, lists that are not lists or never end, entities that are not
// what they claim, a proxy that drops the filters of the transactions list, and one that hides
// that the emulator is behind it.
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { EMULATOR_HEADER } from '../../src/paddle-facts/environments.js';
import { encodedForms } from './canary.js';

export type Hostility =
  | 'echo-in-error'
  | 'echo-in-html'
  | 'echo-in-wrong-shape'
  | 'echo-encoded-in-error'
  | 'echo-in-rate-limit'
  | 'controls-in-error'
  | 'data-null'
  | 'data-object'
  | 'repeating-next'
  | 'bad-entities'
  | 'unsafe-invoice-url';

/** Clears the screen, sets the window title, rings, returns, moves up, a C1 CSI, and workflow commands. */
export const TERMINAL_ATTACK =
  '\u001b[2J\u001b]0;pwned\u0007\r\u001b[1A\u009b31m\n::error title=Injected::fake failure ##[warning]x';

interface Answer {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

interface Asked {
  auth: string;
  method: string;
  /** the server's own base URL, for `next` links */
  base: string;
  /** the path asked for (no query), so a list's `next` link stays on that list */
  path: string;
}

const json = (body: unknown, status = 200): Answer => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});
const lastPage = { request_id: 'req_1', pagination: { per_page: 200, has_more: false, next: null } };

const RESPONSES: Record<Hostility, (asked: Asked) => Answer> = {
  'echo-in-error': ({ auth }) =>
    json(
      {
        error: {
          type: 'api_error',
          code: 'internal_error',
          detail: `upstream rejected ${auth}`,
          errors: [{ field: auth, message: auth }],
        },
        meta: { request_id: auth },
      },
      500,
    ),
  'echo-in-html': ({ auth }) => ({
    status: 502,
    type: 'text/html',
    body: `<html><body>Bad gateway for ${auth}</body></html>`,
  }),
  'echo-in-wrong-shape': ({ auth }) => json({ data: auth, meta: { request_id: auth, pagination: auth } }),
  'echo-encoded-in-error': ({ auth }) => {
    const forms = encodedForms(auth.replace(/^Bearer /, ''));
    return json(
      {
        error: {
          type: 'api_error',
          code: 'internal_error',
          detail: `upstream rejected ${forms.join(' ')}`,
          errors: forms.map((form) => ({ field: form, message: form })),
        },
        meta: { request_id: forms.join(',') },
      },
      500,
    );
  },
  // a 429 that may be retried at once (Retry-After: 0), every time: the retries cost no wait
  'echo-in-rate-limit': ({ auth }) => ({
    ...json(
      {
        error: { type: 'request_error', code: 'too_many_requests', detail: `slow down, ${auth}` },
        meta: { request_id: auth },
      },
      429,
    ),
    headers: { 'retry-after': '0' },
  }),
  'controls-in-error': () =>
    json(
      {
        error: {
          type: 'request_error',
          code: `bad_request${TERMINAL_ATTACK}`,
          detail: `Invalid request.${TERMINAL_ATTACK}`,
          documentation_url: `https://developer.paddle.com/${TERMINAL_ATTACK}`,
          errors: [{ field: `name${TERMINAL_ATTACK}`, message: `too long${TERMINAL_ATTACK}` }],
        },
        meta: { request_id: `req${TERMINAL_ATTACK}` },
      },
      400,
    ),
  // a broken proxy's "nothing": must not read as an empty account
  'data-null': () => json({ data: null, meta: lastPage }),
  'data-object': () => json({ data: {}, meta: lastPage }),
  // "there is more" forever, always the same next page of the list asked for
  'repeating-next': ({ base, path }) =>
    json({
      data: [],
      meta: {
        request_id: 'req_1',
        pagination: { per_page: 200, has_more: true, next: `${base}${path}?after=same&per_page=200` },
      },
    }),
  // an empty account, then a created product whose id would climb out of the URL path
  'bad-entities': ({ method }) =>
    method === 'GET'
      ? json({ data: [], meta: lastPage })
      : json(
          {
            data: {
              id: 'pro_01/../../customers',
              name: 'Pro',
              tax_category: 'saas',
              description: null,
              custom_data: null,
              status: 'active',
            },
            meta: { request_id: 'req_1' },
          },
          201,
        ),
  // an invoice "URL" that a Windows shell would run a command from
  'unsafe-invoice-url': () =>
    json({ data: { url: 'http://evil.example/invoice.pdf" & calc.exe & "' }, meta: { request_id: 'req_1' } }),
};

export interface HostileServer {
  url: string;
  /** every request it was sent, in order */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

export async function hostileServer(kind: Hostility): Promise<HostileServer> {
  const requests: HostileServer['requests'] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const auth = req.headers.authorization ?? '';
    const path = new URL(req.url ?? '/', base).pathname;
    const { status, type, body, headers } = RESPONSES[kind]({
      auth,
      method: req.method ?? 'GET',
      base,
      path,
    });
    res.writeHead(status, { 'content-type': type, 'x-request-id': auth, ...headers });
    res.end(body);
  });
  base = await listen(server);
  return { url: base, requests, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * A proxy in front of `upstream` (an emulator) that ignores the transactions list's filters, as
 * a broken gateway might: `customer_id` and `status` are dropped on the way through.
 */
export function filterDroppingProxy(upstream: string): Promise<HostileServer> {
  return proxy(upstream, (url) => {
    if (url.pathname === '/transactions') {
      url.searchParams.delete('customer_id');
      url.searchParams.delete('status');
    }
  });
}

/**
 * A proxy in front of `upstream` (an emulator) that passes everything but the emulator's own answer
 * header: to the tool, a server that is not the emulator (Paddle, as far as it can tell).
 */
export function unnamedProxy(upstream: string): Promise<HostileServer> {
  return proxy(
    upstream,
    () => {},
    (headers) => {
      const { [EMULATOR_HEADER]: _named, ...rest } = headers;
      return rest;
    },
  );
}

/** Forwards each request to `upstream`, its URL rewritten on the way in and its headers on the way out. */
async function proxy(
  upstream: string,
  rewrite: (url: URL) => void,
  answerHeaders: (headers: IncomingHttpHeaders) => IncomingHttpHeaders = (headers) => headers,
): Promise<HostileServer> {
  const requests: HostileServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    rewrite(url);
    // what was forwarded, as rewritten
    requests.push({ method: req.method ?? '', url: `${url.pathname}${url.search}` });
    const forward = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  const url = await listen(server);
  return { url, requests, close: () => new Promise((done) => server.close(() => done())) };
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
