// A new user whose PADDLE_API_URL points where nothing listens (the emulator not started, another
// port) is told what to check, on stderr and as error.hint of the --json document.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli-in-process.js';

/** A port on 127.0.0.1 that nothing listens on: opened, noted, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  return port;
}

let url: string;
beforeAll(async () => {
  url = `http://127.0.0.1:${await closedPort()}`;
});

const run = (...args: string[]) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: url, PADDLE_API_KEY: 'pdl_sdbx_apikey_refusedrefusedrefused' },
  });

describe('a connection refused gets a hint', () => {
  it('names the emulator and PADDLE_API_URL on stderr', async () => {
    const result = await run('export');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).toMatch(/emulator.*PADDLE_API_URL/s);
  });

  it('--json carries it as error.hint', async () => {
    const result = await run('export', '--json');
    const document = JSON.parse(result.stdout);
    expect(document.ok).toBe(false);
    expect(document.error.code).toBe('network_error');
    expect(document.error.hint).toMatch(/emulator.*PADDLE_API_URL/s);
  });
});
