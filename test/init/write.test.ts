// The catalog writer shared by init and export: what it writes reads back to the same catalog.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { catalogToYaml, packagedSchemaFile, schemaReference } from '../../src/catalog/write.js';
import { tempDir } from '../support/catalog-files.js';
import { defined } from '../support/defined.js';
import { ROOT } from '../support/run-cli.js';

const CATALOGS = join(ROOT, 'catalogs');
const examples = (await readdir(CATALOGS)).filter((name) => name.endsWith('.yaml'));

function read(text: string): Catalog {
  const { catalog, issues } = readCatalog('written.yaml', text, { environment: 'sandbox' });
  expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  return defined(catalog, 'a catalog');
}

describe('catalogToYaml', () => {
  it.each(examples)('round-trips %s: write → read gives the same catalog', async (name) => {
    const original = read(await readFile(join(CATALOGS, name), 'utf8'));
    const text = catalogToYaml(original);
    expect(read(text)).toEqual(original);
    // writing is stable: the written file writes itself again unchanged
    expect(catalogToYaml(read(text))).toBe(text);
  });

  it('writes code lists and small objects on one line, as the examples do', async () => {
    const text = catalogToYaml(read(await readFile(join(CATALOGS, 'global-pricing.yaml'), 'utf8')));
    expect(text).toContain(
      '\n          - country_codes: [GB]\n            unit_price: { amount: "2300", currency_code: GBP }\n',
    );
    expect(text).toContain('\n    approved_tax_categories: []\n');
  });

  it('starts with the schema modeline, then the header comment', () => {
    const text = catalogToYaml(
      { version: 1, products: {} },
      { schemaPath: '../catalogs/catalog.schema.json', header: ['Made by init.', ''] },
    );
    expect(text.split('\n').slice(0, 3)).toEqual([
      '# yaml-language-server: $schema=../catalogs/catalog.schema.json',
      '# Made by init.',
      '#',
    ]);
  });

  it('amounts are strings: every amount is written quoted, in a stable key order', () => {
    const catalog: Catalog = {
      products: {
        pro: {
          prices: {
            monthly: {
              trial_period: {
                frequency: 7,
                interval: 'day',
                unit_price: { currency_code: 'USD', amount: '100' },
              },
              billing_cycle: { frequency: 1, interval: 'month' },
              unit_price: { currency_code: 'JPY', amount: '1200' },
              name: 'Monthly',
              description: 'Pro monthly',
            },
          },
          description: 'For teams',
          tax_category: 'saas',
          name: 'Pro',
        },
      },
      environments: { production: { approved_tax_categories: [] }, sandbox: { cardless_trials: true } },
      version: 1,
    };
    expect(catalogToYaml(catalog)).toBe(
      [
        '# yaml-language-server: $schema=./catalog.schema.json',
        'version: 1',
        'environments:',
        '  sandbox:',
        '    cardless_trials: true',
        '  production:',
        '    approved_tax_categories: []',
        'products:',
        '  pro:',
        '    name: Pro',
        '    tax_category: saas',
        '    description: For teams',
        '    prices:',
        '      monthly:',
        '        description: Pro monthly',
        '        name: Monthly',
        '        unit_price: { amount: "1200", currency_code: JPY }',
        '        billing_cycle: { interval: month, frequency: 1 }',
        // a paid trial has a nested object: a block reads better
        '        trial_period:',
        '          interval: day',
        '          frequency: 7',
        '          unit_price: { amount: "100", currency_code: USD }',
        '',
      ].join('\n'),
    );
  });

  it('keeps custom_data as written, and quotes strings YAML would misread', () => {
    const catalog: Catalog = {
      version: 1,
      products: {
        p: {
          name: 'yes',
          tax_category: 'standard',
          description: '10.00: "quoted" # not a comment',
          custom_data: { unit_price: { amount: 5 }, list: ['a'] },
        },
      },
    };
    const text = catalogToYaml(catalog);
    expect(read(text)).toEqual(catalog);
    expect(text).toContain('custom_data:\n      unit_price:\n        amount: 5');
  });
});

describe('schemaReference', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('points at ./catalog.schema.json when the file is written beside it (as in catalogs/)', () => {
    expect(schemaReference(join(CATALOGS, 'new.yaml'), ROOT)).toEqual({ path: './catalog.schema.json' });
  });

  it("points at this installation's schema, relative to the file, when it is inside the project", () => {
    expect(schemaReference(join(ROOT, 'catalog.yaml'), ROOT)).toEqual({
      path: './catalogs/catalog.schema.json',
    });
    expect(schemaReference(join(ROOT, 'test', 'x', 'catalog.yaml'), ROOT).path).toBe(
      '../../catalogs/catalog.schema.json',
    );
    // a local install: <project>/node_modules/paddle-catalog/catalogs/catalog.schema.json
    const installed = join(dir, 'node_modules', 'paddle-catalog', 'catalogs', 'catalog.schema.json');
    expect(schemaReference(join(dir, 'catalog.yaml'), dir, installed).path).toBe('./catalog.schema.json');
  });

  it('falls back to ./catalog.schema.json, the file to write there and the command that writes it, for a global install', async () => {
    expect(schemaReference(join(dir, 'billing', 'catalog.yaml'), dir, packagedSchemaFile())).toEqual({
      path: './catalog.schema.json',
      create: `paddle-catalog schema > ${join('billing', 'catalog.schema.json')}`,
      file: join(dir, 'billing', 'catalog.schema.json'),
    });
    await writeFile(join(dir, 'catalog.schema.json'), '{}');
    expect(schemaReference(join(dir, 'catalog.yaml'), dir, packagedSchemaFile())).toEqual({
      path: './catalog.schema.json',
    });
  });
});
