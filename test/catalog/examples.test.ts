import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalogJsonSchema } from '../../src/catalog/json-schema.js';
import { readCatalog } from '../../src/catalog/read.js';

const DIR = new URL('../../catalogs/', import.meta.url);
const examples = readdirSync(DIR).filter((name) => name.endsWith('.yaml'));
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

describe('catalogs/', () => {
  it('has the three examples docs/catalog.md lists', () => {
    expect(examples).toEqual(
      expect.arrayContaining(['saas-starter.yaml', 'desktop-app.yaml', 'global-pricing.yaml']),
    );
  });

  it.each(examples)('%s is valid for sandbox and names the schema in its modeline', (name) => {
    const text = read(name);
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./catalog.schema.json');
    const { catalog, issues } = readCatalog(name, text, { environment: 'sandbox' });
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(catalog).toBeDefined();
  });

  it.each(examples)('%s also passes the committed JSON Schema (what editors check)', (name) => {
    // with the formats (uri, date-time) checked, and nothing ajv would say about the schema unheard
    const said: unknown[] = [];
    const logger = {
      log: () => {},
      warn: (...args: unknown[]) => said.push(args),
      error: (...args: unknown[]) => said.push(args),
    };
    const ajv = new Ajv({ allErrors: true, strict: false, logger });
    (addFormatsModule as unknown as (instance: Ajv) => void)(ajv);
    const validate = ajv.compile(JSON.parse(read('catalog.schema.json')));
    expect(validate(parse(read(name))), JSON.stringify(validate.errors)).toBe(true);
    expect(said).toEqual([]);
  });

  it('launch-discounts.yaml shows each discount type, restricted by product and price keys', () => {
    const { catalog } = readCatalog('l', read('launch-discounts.yaml'), { environment: 'production' });
    const discounts = Object.values(catalog?.discounts ?? {});
    expect(new Set(discounts.map((d) => d.type))).toEqual(new Set(['percentage', 'flat_per_seat']));
    expect(catalog?.discounts?.launch?.restrict_to).toEqual(['pro/yearly', 'starter']);
    expect(discounts.some((d) => d.enabled_for_checkout === false)).toBe(true);
  });

  it('global-pricing.yaml shows a paid trial and a cardless trial with early access in sandbox', () => {
    const { catalog } = readCatalog('g', read('global-pricing.yaml'), { environment: 'sandbox' });
    const prices = Object.values(catalog?.products.analytics?.prices ?? {});
    expect(prices.some((price) => price.trial_period?.unit_price)).toBe(true);
    expect(prices.some((price) => price.trial_period?.requires_payment_method === false)).toBe(true);
    expect(catalog?.environments?.sandbox?.cardless_trials).toBe(true);
  });
});

describe('catalogs/catalog.schema.json', () => {
  it('equals the schema generated from the zod model', () => {
    const committed = JSON.parse(read('catalog.schema.json'));
    expect(
      committed,
      'catalogs/catalog.schema.json is stale; regenerate with: node bin/paddle-catalog.js schema > catalogs/catalog.schema.json',
    ).toEqual(catalogJsonSchema());
  });

  it('is draft-07 and refuses unknown fields (so editors flag typos)', () => {
    const schema = catalogJsonSchema();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).toBe(false);
  });
});
