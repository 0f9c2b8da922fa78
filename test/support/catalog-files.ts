// Catalog YAML files for the CLI tests, written to a temporary folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PRO_CATALOG = (name = 'Pro', amount = '1000') => `version: 1
products:
  pro:
    name: ${name}
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        name: Monthly
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        trial_period: { interval: day, frequency: 14 }
      yearly:
        description: Pro yearly
        unit_price: { amount: "10000", currency_code: USD }
        billing_cycle: { interval: year, frequency: 1 }
`;

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'paddle-catalog-'));
}

export function writeCatalog(dir: string, text: string, name = 'catalog.yaml'): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
