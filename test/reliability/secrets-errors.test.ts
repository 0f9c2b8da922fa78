// Secret hygiene on the error paths: API errors, refused guards, bad flags and URLs, unreachable and hostile servers.
// The CLI runs in-process (its retries wait on a jumping clock); one test runs real processes, so
// whatever a library might write to the console of the process is looked at too.
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import {
  CANARY,
  canaryEmulator,
  expectNoKey,
  expectNoKeyInFiles,
  LIVE_CANARY,
  ODD_CANARY,
  withTempDir,
} from '../support/canary.js';
import { closedPort, type Hostility, hostileServer } from '../support/hostile-server.js';
import { ROOT, runCli } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let readOnly: RunningEmulator; // knows the canary, with read permissions only
let stranger: RunningEmulator; // does not know the canary at all

beforeAll(async () => {
  readOnly = await canaryEmulator(['product.read', 'price.read']);
  stranger = await startEmulator();
});
afterAll(async () => {
  await readOnly.close();
  await stranger.close();
});

interface Case {
  args: string[];
  url?: string | (() => Promise<string>);
  key?: string;
  /** how the CLI is run (default: in-process) */
  run?: typeof runCli;
}

/** Runs one failing command line in human and --json mode; both fail with exit 1, neither leaks. */
async function expectFailsWithoutKey({
  args,
  url,
  key = CANARY,
  run = runCliInProcess,
}: Case): Promise<string> {
  return withTempDir('pc-secrets-err-', async (dir) => {
    await copyFile(join(ROOT, 'catalogs/saas-starter.yaml'), join(dir, 'catalog.yaml'));
    await writeFile(join(dir, 'invalid.yaml'), 'version: 1\nproducts:\n  Pro:\n    name: ""\n');
    const env = {
      PADDLE_API_KEY: key,
      PADDLE_API_URL: typeof url === 'function' ? await url() : (url ?? ''),
      HOME: dir,
      XDG_CACHE_HOME: join(dir, 'cache'),
      NO_COLOR: '',
    };
    const withFiles = (extra: string[]) =>
      args[0] === 'apply'
        ? [...extra, '--ids-out', join(dir, 'ids.json'), '--env-out', join(dir, 'p.env')]
        : extra;
    const [human, json] = await Promise.all([
      run(withFiles(args), { env, cwd: dir }),
      run(withFiles([...args, '--json']), { env, cwd: dir }),
    ]);
    for (const [mode, r] of [
      ['human', human],
      ['--json', json],
    ] as const) {
      expectNoKey(`${mode} stdout`, r.stdout, key);
      expectNoKey(`${mode} stderr`, r.stderr, key);
      expect(r.code, `${mode}: ${r.stderr}`).toBe(1);
    }
    await expectNoKeyInFiles(dir, key);
    return human.stderr;
  });
}

describe('secret hygiene on error paths', () => {
  it('API error: a key without product.write (403 forbidden) on apply', async () => {
    const stderr = await expectFailsWithoutKey({
      args: ['apply', 'catalog.yaml', '--yes'],
      url: readOnly.url,
    });
    expect(stderr).toMatch(/forbidden/i);
  });

  it('API error: a key without customer.read / transaction.read on history and invoice', async () => {
    await expectFailsWithoutKey({ args: ['history', '--email', 'demo@example.com'], url: readOnly.url });
    await expectFailsWithoutKey({
      args: ['invoice', 'txn_01h00000000000000000000000', '--email', 'demo@example.com'],
      url: readOnly.url,
    });
  });

  it('API error: a key the account does not know (invalid_token) on plan, in Paddle shape and in an odd shape', async () => {
    await expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url: stranger.url });
    await expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url: stranger.url, key: ODD_CANARY });
  });

  it('wrong-environment guards: a live key for the sandbox, a sandbox key with --production', async () => {
    await expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url: stranger.url, key: LIVE_CANARY });
    await expectFailsWithoutKey({
      args: ['apply', 'catalog.yaml', '--production', '--yes'],
      url: stranger.url,
    });
    await expectFailsWithoutKey({ args: ['history', '--email', 'a@example.com', '--production'] });
  });

  it('usage errors: an unknown flag, and the key pasted as a flag value', async () => {
    await expectFailsWithoutKey({ args: ['plan', 'catalog.yaml', '--bogus'], url: stranger.url });
    await expectFailsWithoutKey({
      args: ['apply', 'catalog.yaml', `--api-key=${CANARY}`],
      url: stranger.url,
    });
    await expectFailsWithoutKey({ args: ['history', '--api-key', CANARY], url: stranger.url });
    await expectFailsWithoutKey({ args: ['validate', CANARY] });
  });

  it('an invalid catalog on plan and apply', async () => {
    await expectFailsWithoutKey({ args: ['apply', 'invalid.yaml', '--yes'], url: stranger.url });
    await expectFailsWithoutKey({ args: ['plan', 'invalid.yaml'], url: stranger.url });
  });

  it('bad PADDLE_API_URL: not a URL, not http(s), plain http to a public host, an unreachable loopback port', async () => {
    const port = async () => `http://127.0.0.1:${await closedPort()}`;
    await Promise.all([
      ...['not a url', 'ftp://127.0.0.1/', 'http://example.com'].map((url) =>
        expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url }),
      ),
      expectFailsWithoutKey({ args: ['apply', 'catalog.yaml', '--yes'], url: port }),
      expectFailsWithoutKey({ args: ['history', '--email', 'demo@example.com'], url: port }),
    ]);
  });

  // Echoed in an error, in HTML, in a wrong-shaped body, in a rate-limit answer, and upper-cased,
  // percent-encoded or in base64. The tool retries these answers until it gives up.
  it.each<Hostility>([
    'echo-in-error',
    'echo-in-html',
    'echo-in-wrong-shape',
    'echo-encoded-in-error',
    'echo-in-rate-limit',
  ])(
    'a server that echoes the Authorization header (%s) on plan, apply and history: no form of the key gets out',
    async (kind) => {
      const { url, close } = await hostileServer(kind);
      try {
        await Promise.all([
          expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url }),
          // a key pasted with its line ending (a .env file from Windows): the key sent is trimmed
          expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url, key: `${ODD_CANARY}\r\n` }),
          expectFailsWithoutKey({ args: ['apply', 'catalog.yaml', '--yes'], url, key: ODD_CANARY }),
          expectFailsWithoutKey({ args: ['history', '--email', 'demo@example.com'], url }),
        ]);
      } finally {
        await close();
      }
    },
  );

  // Real processes: their whole stdout and stderr, whatever wrote to them (four node start-ups, so
  // a longer bound for a loaded machine). The server asks for its rate-limit answers to be retried
  // at once (Retry-After: 0), so the runs retry to the end without waiting out a backoff.
  it('in real processes: a server that echoes the key in its rate-limit answers, on plan and history', {
    timeout: 60_000,
  }, async () => {
    const { url, close } = await hostileServer('echo-in-rate-limit');
    try {
      await Promise.all([
        expectFailsWithoutKey({ args: ['plan', 'catalog.yaml'], url, key: ODD_CANARY, run: runCli }),
        expectFailsWithoutKey({ args: ['history', '--email', 'demo@example.com'], url, run: runCli }),
      ]);
    } finally {
      await close();
    }
  });
});
