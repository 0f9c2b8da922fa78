// Hostile input, point 4: a base URL with user info is refused before any call, naming the rule
// and never echoing the password (not on stderr, not in --json).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileServer } from '../support/hostile-server.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = join(ROOT, 'catalogs/saas-starter.yaml');
const KEY = 'pdl_sdbx_apikey_01hzzzzzzzzzzzzzzzzzzzzzzz_targetcredentials000000000';
const PASSWORD = 'S3cretPassw0rd';

describe('PADDLE_API_URL with a user name or password', () => {
  it('is refused before any call (api-url-credentials), the password never printed', async () => {
    const server = await hostileServer('data-null');
    try {
      const url = server.url.replace('http://', `http://admin:${PASSWORD}@`);
      const env = { PADDLE_API_URL: url, PADDLE_API_KEY: KEY };
      const [human, json] = await Promise.all([
        runCliInProcess(['plan', CATALOG], { env }),
        runCliInProcess(['--json', 'plan', CATALOG], { env }),
      ]);
      expect([human.code, json.code]).toEqual([1, 1]);
      expect(human.stderr).toContain(
        'PADDLE_API_URL carries a user name or password; refusing it before any call (api-url-credentials)',
      );
      expect(JSON.parse(json.stdout).error.message).toContain('(api-url-credentials)');
      for (const text of [human.stdout, human.stderr, json.stdout, json.stderr]) {
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain('admin');
      }
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a URL that does not even parse is named without what stood before the @', async () => {
    const { code, stderr } = await runCliInProcess(['plan', CATALOG], {
      env: { PADDLE_API_URL: `http://admin:${PASSWORD}@[::1`, PADDLE_API_KEY: KEY },
    });
    expect(code).toBe(1);
    expect(stderr).toContain('PADDLE_API_URL is not a URL: "http://…@[::1"');
    expect(stderr).not.toContain(PASSWORD);
  });
});
