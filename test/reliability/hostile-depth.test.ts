// custom_data nested deeper than a catalog holds: Paddle accepts it (700 levels are 5 KB), export
// must not crash on it, and the reader refuses it in a file with the same rule.
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { startEmulator } from '../../src/emulator/index.js';
import { CUSTOM_DATA_MAX_DEPTH } from '../../src/paddle-facts/limits.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

/** custom_data `levels` deep, custom_data itself the first level. */
function nested(levels: number): Record<string, unknown> {
  let value: unknown = 'leaf';
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return { deep: value };
}

const catalogWith = (customData: unknown) => `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    custom_data: ${JSON.stringify(customData)}
`;

describe('deep custom_data is refused with a clear error, never a crash', () => {
  it('export of a product whose custom_data nests 700 levels: one error naming it, exit 1, no stack trace', async () => {
    const emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          products: [
            {
              id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz',
              name: 'Deep',
              tax_category: 'saas',
              custom_data: nested(700),
            },
          ],
        },
      },
    });
    try {
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
      const human = await runCliInProcess(['export'], { env });
      const json = await runCliInProcess(['--json', 'export'], { env });
      expect([human.code, json.code]).toEqual([1, 1]);
      expect(human.stderr).toContain(
        `cannot export products.deep.custom_data: custom_data is nested 700 levels deep; a catalog holds at most ${CUSTOM_DATA_MAX_DEPTH}`,
      );
      expect(human.stderr).not.toContain('Maximum call stack');
      expect(human.stderr).not.toMatch(/\n\s+at /);
      expect(JSON.parse(json.stdout).error.message).toContain('(custom-data-too-deep)');
    } finally {
      await emulator.close();
    }
  });

  it(`the reader: ${CUSTOM_DATA_MAX_DEPTH} levels pass, ${CUSTOM_DATA_MAX_DEPTH + 1} and 700 are custom-data-too-deep, 20,000 too deep to parse`, () => {
    const read = (levels: number) =>
      readCatalog('c.yaml', catalogWith(nested(levels)), { environment: 'sandbox' }).issues;
    expect(read(CUSTOM_DATA_MAX_DEPTH)).toEqual([]);
    for (const levels of [CUSTOM_DATA_MAX_DEPTH + 1, 700]) {
      expect(read(levels)).toEqual([
        expect.objectContaining({
          path: 'products.pro.custom_data',
          line: 6,
          rule: 'custom-data-too-deep',
          message: `custom_data is nested ${levels} levels deep; a catalog holds at most ${CUSTOM_DATA_MAX_DEPTH}: flatten it, or keep it elsewhere and store a reference`,
        }),
      ]);
    }
    // so deep that the YAML parser's own stack runs out whatever the worker's stack and V8's tiering (3,000 levels
    // parsed in some workers and not in others): a clear message, not the stack's
    const flow = `${'{"a": '.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const [issue, ...more] = readCatalog('c.yaml', catalogWith({}).replace('{}', flow), {
      environment: 'sandbox',
    }).issues;
    expect(more).toEqual([]);
    expect(issue?.message).toBe(
      `nested too deeply to read; custom_data may nest at most ${CUSTOM_DATA_MAX_DEPTH} levels (custom-data-too-deep)`,
    );
  });
});
