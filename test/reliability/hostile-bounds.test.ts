// Bounds on everything from outside: a redirect is never followed, an answer is read up to a
// size, a whole command has a deadline, a timestamp that is not one is refused like any other bad
// answer. Emulators seeded with what a broken server would send, and tiny servers on 127.0.0.1.
import { rm } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { paddleClient } from '../../src/paddle/app-client.js';
import { MAX_ANSWER_BYTES } from '../../src/paddle/raw-api.js';
import { completedTransaction, tempCacheHome } from '../support/billing-fixtures.js';
import { ROOT, runCli } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { pid } from '../support/subscription-account.mjs';
import { expectInert } from './support/inert.js';

const KEY = 'pdl_sdbx_apikey_01hzzzzzzzzzzzzzzzzzzzzzzz_hostilebounds000000000000';

/** A server on 127.0.0.1 that answers with `listener`; `hits` counts its requests. */
async function server(listener: RequestListener) {
  let hits = 0;
  const http: Server = createServer((req, res) => {
    hits += 1;
    listener(req, res);
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => {
      http.closeAllConnections();
      return new Promise<void>((done) => http.close(() => done()));
    },
  };
}

const EMPTY_LIST = JSON.stringify({
  data: [],
  meta: { request_id: 'req_1', pagination: { per_page: 200, has_more: false, next: null } },
});

describe('a redirect is never followed', () => {
  it.each([301, 307])(
    'a %i to another server: plan fails naming the target; the other server is never asked',
    async (status) => {
      const elsewhere = await server((_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY_LIST),
      );
      const redirecting = await server((req, res) =>
        res.writeHead(status, { location: `${elsewhere.url}${req.url}` }).end(),
      );
      try {
        const env = { PADDLE_API_URL: redirecting.url, PADDLE_API_KEY: KEY };
        const human = await runCliInProcess(['plan', CATALOG], { env });
        const json = await runCliInProcess(['--json', 'plan', CATALOG], { env });
        expect([human.code, json.code]).toEqual([1, 1]);
        expect(human.stdout).not.toMatch(/to create/);
        expect(human.stderr).toContain(`the server answered with a redirect to "${elsewhere.url}/`);
        expect(human.stderr).toContain('redirects are never followed');
        expect(JSON.parse(json.stdout)).toMatchObject({
          ok: false,
          error: { code: 'invalid_response', status },
        });
        // the SDK's calls go the same way: history through the library's client
        const paddle = paddleClient({ apiKey: KEY, baseUrl: redirecting.url });
        await expect(paddle.products.list().next()).rejects.toThrow(/redirect to .*never followed/);
        expect(elsewhere.hits()).toBe(0);
      } finally {
        await Promise.all([elsewhere.close(), redirecting.close()]);
      }
    },
  );
});

describe('answers and runs are bounded', () => {
  it(`an endless answer is read up to ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, then refused with invalid_response`, async () => {
    const block = Buffer.alloc(1024 * 1024, ' ');
    const endless = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
      const more = () => {
        while (res.write(block)) if (res.destroyed) return;
      };
      res.on('drain', more);
      more();
    });
    try {
      const env = { PADDLE_API_URL: endless.url, PADDLE_API_KEY: KEY };
      const run = await runCliInProcess(['--json', 'plan', CATALOG], { env });
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout).error.detail).toContain('the answer is larger than 32 MiB');
    } finally {
      await endless.close();
    }
  });

  it('a declared 4 GiB answer is refused before its body is read', async () => {
    const huge = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(4 * 1024 ** 3) });
      res.write('{"data": [');
    });
    try {
      const run = await runCliInProcess(['plan', CATALOG], {
        env: { PADDLE_API_URL: huge.url, PADDLE_API_KEY: KEY },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'the answer is larger than 32 MiB, more than any Paddle answer; it was not read',
      );
    } finally {
      await huge.close();
    }
  });

  it('--timeout: a server that never answers ends the whole run at the deadline, exit 1, one JSON document', {
    timeout: 60_000,
  }, async () => {
    const hung = await server(() => {});
    try {
      const env = { PADDLE_API_URL: hung.url, PADDLE_API_KEY: KEY };
      // the process ends itself at the deadline (exit 1); one that did not would be killed (code null)
      const [human, json] = await Promise.all([
        runCli(['--timeout', '2', 'plan', CATALOG], { env }),
        runCli(['--json', '--timeout', '2', 'plan', CATALOG], { env }),
      ]);
      expect([human.code, json.code]).toEqual([1, 1]);
      expect(human.stderr).toContain('error: gave up after --timeout 2 s');
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'timeout', seconds: 2 } });
    } finally {
      await hung.close();
    }
  });

  it('--timeout takes whole seconds only', async () => {
    const run = await runCliInProcess(['--timeout', 'soon', 'validate', CATALOG]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("option '--timeout <seconds>' argument 'soon' is invalid");
  });
});

const CATALOG = join(ROOT, 'catalogs/launch-discounts.yaml');

let cacheHome: string;
beforeAll(async () => {
  cacheHome = await tempCacheHome();
});
afterAll(() => rm(cacheHome, { recursive: true, force: true }));

describe('every timestamp the tool reads is checked', () => {
  it('history: billed_at "not-a-date" is invalid_response, not shown nor passed on in --json', async () => {
    const customer = pid('ctm', 1);
    const emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          customers: [{ id: customer, email: 'me@example.com' }],
          transactions: [{ ...completedTransaction(1, customer, 1), billed_at: 'not-a-date ##[error]x' }],
        },
      },
    });
    try {
      const env = {
        PADDLE_API_URL: emulator.url,
        PADDLE_API_KEY: emulator.apiKey,
        XDG_CACHE_HOME: cacheHome,
      };
      const args = ['history', '--email', 'me@example.com'];
      const human = await runCliInProcess(args, { env });
      const json = await runCliInProcess(['--json', ...args], { env });
      expect([human.code, json.code]).toEqual([1, 1]);
      expect(human.stderr).toContain('billedAt: expected an RFC 3339 date-time');
      expect(JSON.parse(json.stdout)).toMatchObject({
        ok: false,
        error: { kind: 'api', code: 'invalid_response' },
      });
      expect(json.stdout).not.toContain('not-a-date');
      expectInert('history', human.stderr);
    } finally {
      await emulator.close();
    }
  });

  it.each([
    [
      'a product’s created_at',
      {
        products: [
          { id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz', name: 'X', tax_category: 'saas', created_at: 'yesterday' },
        ],
      },
      'created_at',
    ],
    [
      'a discount’s expires_at',
      {
        discounts: [
          {
            id: 'dsc_01hzzzzzzzzzzzzzzzzzzzzzzz',
            description: 'X',
            type: 'percentage',
            amount: '10',
            expires_at: 'soon',
          },
        ],
      },
      'expires_at',
    ],
  ])('plan: %s that is not a date-time is invalid_response', async (_what, sandbox, field) => {
    const emulator = await startEmulator({ demo: false, seed: { sandbox } });
    try {
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
      const plan = await runCliInProcess(['plan', CATALOG], { env });
      expect(plan.code).toBe(1);
      expect(plan.stderr).toMatch(new RegExp(`${field}: expected an RFC 3339 date-time.*invalid_response`));
    } finally {
      await emulator.close();
    }
  });
});
