import { spawnSync } from 'node:child_process';
import dns from 'node:dns';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';

describe('test network guard', () => {
  it('refuses a connection to a non-loopback address', async () => {
    await expect(fetch('http://203.0.113.7:80/')).rejects.toThrow();
  });

  it('refuses a DNS lookup of a public name', async () => {
    await expect(dns.promises.lookup('sandbox-api.paddle.com')).rejects.toThrow(/network-guard/);
  });

  it('allows loopback', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    server.close();
    expect(body).toBe('ok');
  });

  it('is inherited by child processes through NODE_OPTIONS', () => {
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        "require('node:dns').lookup('api.paddle.com', (e) => process.stdout.write(String(e && e.message)))",
      ],
      { encoding: 'utf8' },
    );
    expect(child.stdout).toMatch(/network-guard/);
  });
});
