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

/** An object of the account as a plain HTTP call reads it back (what the tests look at). */
export interface AccountObject {
  id: string;
  status: string;
  code?: string | null;
  custom_data: unknown;
  [field: string]: unknown;
}

/** A plain HTTP call to the emulator with its key, as a person or another tool would make it. */
export function accountApi(emulator: { url: string; apiKey: string }) {
  return async (method: string, path: string, body?: unknown): Promise<AccountObject> => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: AccountObject };
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
}
