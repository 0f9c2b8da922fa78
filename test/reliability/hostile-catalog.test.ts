// Hostile input, point 5: nothing a catalog author wrote is changed on its way to Paddle without an
// error. Each file below used to validate and be sent altered (U+FFFD in a name, {} for a set, a
// Buffer dump, null for .nan, lost digits, a vanished key, an overwritten key, a 44-digit amount,
// 1.5 MB of custom_data failing midway). Now validate, plan and apply refuse it with file:line:col
// and the rule's id, and not one request reaches the API.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { withTempDir } from '../support/canary.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const HEAD = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;
/** The product's custom_data holding `line`, on line 12. */
const customData = (line: string) => `${HEAD}    custom_data:\n      ${line}\n`;

interface Case {
  rule: string;
  content: string | Buffer;
  line: number;
}

const CASES: Record<string, Case> = {
  'invalid UTF-8 in a customer-visible name': {
    rule: 'utf8-invalid',
    content: Buffer.from(HEAD.replace('name: Pro', 'name: Pro \xe9dition'), 'latin1'),
    line: 4,
  },
  '!!set in custom_data': {
    rule: 'yaml-tag-unsupported',
    content: customData('tags: !!set {a, b}'),
    line: 12,
  },
  '!!omap in custom_data': {
    rule: 'yaml-tag-unsupported',
    content: customData('o: !!omap [{a: 1}]'),
    line: 12,
  },
  '!!binary in custom_data': {
    rule: 'yaml-tag-unsupported',
    content: customData('b: !!binary aGk='),
    line: 12,
  },
  '!!js/function in custom_data': {
    rule: 'yaml-tag-unsupported',
    content: customData('f: !!js/function "function () {}"'),
    line: 12,
  },
  'a custom tag in custom_data': {
    rule: 'yaml-tag-unsupported',
    content: customData('x: !foo bar'),
    line: 12,
  },
  '.nan in custom_data': { rule: 'number-inexact', content: customData('n: .nan'), line: 12 },
  '.inf in custom_data': { rule: 'number-inexact', content: customData('n: .inf'), line: 12 },
  'a 30-digit integer in custom_data': {
    rule: 'number-inexact',
    content: customData('n: 123456789012345678901234567890'),
    line: 12,
  },
  'a __proto__ key in custom_data': {
    rule: 'proto-key',
    content: customData('__proto__: {admin: true}\n      plan: pro'),
    line: 12,
  },
  'a user key named like the marker': {
    rule: 'custom-data-marker-key',
    content: customData('paddle_catalog: {key: other}'),
    line: 12,
  },
  'a 44-digit USD amount': {
    rule: 'amount-too-large',
    content: HEAD.replace('"1000"', `"${'9'.repeat(44)}"`),
    line: 9,
  },
  '1.5 MB of custom_data': {
    rule: 'custom-data-too-large',
    content: customData(`blob: "${'x'.repeat(1_500_000)}"`),
    line: 12,
  },
};

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
});
afterAll(() => emulator.close());
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

describe('hostile catalog: what would change on its way to Paddle is refused before any request', () => {
  it.each(Object.entries(CASES))(
    '%s: validate, plan and apply exit 1 naming file:line and the rule, zero requests',
    (_name, { rule, content, line }) =>
      withTempDir('pc-hostile-catalog-', async (dir) => {
        emulator.reset();
        const file = join(dir, 'catalog.yaml');
        await writeFile(file, content);
        const validate = await runCliInProcess(['--json', 'validate', file], { env: env() });
        const plan = await runCliInProcess(['plan', file], { env: env() });
        const apply = await runCliInProcess(['apply', file, '--yes', '--json'], { env: env() });
        for (const run of [validate, plan, apply]) expect(run.code, run.stderr).toBe(1);
        expect(JSON.parse(validate.stdout).issues).toContainEqual(
          expect.objectContaining({ rule, line, severity: 'error' }),
        );
        expect(plan.stderr).toMatch(new RegExp(`catalog\\.yaml:${line}:\\d+ .*\\(${rule}\\)`));
        expect(JSON.parse(apply.stdout).issues).toContainEqual(expect.objectContaining({ rule, line }));
        // a refusal is one line, not a dump of what was refused
        expect(plan.stderr.length).toBeLessThan(2_000);
        expect(emulator.requests()).toEqual([]);
      }),
  );
});
