// export writes the account's data the same way to stdout and to a file: nothing masked on one way
// out and kept on the other. A key found in the data is a warning naming the field, not a rewrite;
// text a terminal or a CI runner would act on is written in YAML's own escapes, so the file and
// stdout are byte for byte the same and both read back to the account's exact data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { ALL_PERMISSIONS } from '../../src/emulator/types.js';
import { CANARY, withTempDir } from '../support/canary.js';
import { TERMINAL_ATTACK } from '../support/hostile-server.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { expectInert } from './support/inert.js';

const NAME = `Pro ##[group]${TERMINAL_ATTACK}\u202e`;
const DESCRIPTION = `Line one\n::add-mask::Verified\nkey for support: ${CANARY}`;
const ENCODED = Buffer.from(`admin:${CANARY}`).toString('base64');

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      api_keys: [{ key: CANARY, permissions: [...ALL_PERMISSIONS] }],
      sandbox: {
        products: [
          {
            id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz',
            name: NAME,
            tax_category: 'saas',
            description: DESCRIPTION,
            custom_data: { auth: ENCODED },
          },
        ],
      },
    },
  });
});
afterAll(() => emulator.close());

describe('export: the same data to stdout and to a file, a key in it named, not rewritten', () => {
  it('stdout and --out are byte for byte the same, inert, and read back to the exact data; the key is a warning per field', () =>
    withTempDir('pc-export-', async (dir) => {
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: CANARY, NO_COLOR: '' };
      const toStdout = await runCliInProcess(['export'], { env, cwd: dir });
      const toFile = await runCliInProcess(['export', '--out', 'catalog.yaml'], { env, cwd: dir });
      const json = await runCliInProcess(['--json', 'export'], { env, cwd: dir });
      for (const run of [toStdout, toFile, json]) expect(run.code, run.stderr).toBe(0);

      const file = await readFile(join(dir, 'catalog.yaml'), 'utf8');
      expect(toStdout.stdout).toBe(file);
      expectInert('export stdout', toStdout.stdout);
      expectInert('export file', file);
      const read = readCatalog('catalog.yaml', file, { environment: 'sandbox' });
      expect(read.issues).toEqual([]);
      const product = read.catalog?.products;
      expect(Object.values(product ?? {})[0]).toMatchObject({
        name: NAME,
        description: DESCRIPTION,
        custom_data: { auth: ENCODED },
      });

      for (const run of [toStdout, toFile]) {
        expect(run.stderr).toMatch(/warning: products\.[\w-]+\.description holds an API key/);
        expect(run.stderr).toMatch(/warning: products\.[\w-]+\.custom_data\.auth holds an API key/);
      }
      const document = JSON.parse(json.stdout);
      expect(document.catalog.products).toEqual(product);
      expect(document.warnings).toEqual([
        expect.stringMatching(/^products\.[\w-]+\.description holds an API key/),
        expect.stringMatching(/^products\.[\w-]+\.custom_data\.auth holds an API key/),
      ]);
    }));
});
