// refs reads each batch of ids from a list filtered by id: one page holds them all. A server that
// keeps sending a next page is stopped with invalid_response, never cut off quietly with ids unread.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '../support/catalog-files.js';
import { hostileServer } from '../support/hostile-server.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const KEY = 'pdl_sdbx_apikey_01hzzzzzzzzzzzzzzzzzzzzzzz_refspaging000000000000000';
let tree: string;
beforeAll(async () => {
  tree = tempDir();
  await writeFile(join(tree, 'app.ts'), "export const PRO = 'pro_01h000000000000000000000aa';\n");
});
afterAll(() => rm(tree, { recursive: true, force: true }));

it('a lookup whose list repeats its next page ends in invalid_response, exit 1, not a quiet partial answer', async () => {
  const server = await hostileServer('repeating-next');
  try {
    const env = { PADDLE_API_URL: server.url, PADDLE_API_KEY: KEY };
    const { code, stdout } = await runCliInProcess(['--json', 'refs', tree], { env, cwd: tree });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect(server.requests.length).toBeLessThanOrEqual(3);
  } finally {
    await server.close();
  }
});
