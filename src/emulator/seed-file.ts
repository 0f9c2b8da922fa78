// `--seed <file>`: seed data in YAML or JSON (YAML is a superset of JSON), checked before use.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { keyEnvironment } from './auth.js';
import type { EmulatorSeed } from './types.js';

const money = z.object({ amount: z.string().regex(/^\d+$/), currency_code: z.string() });

const seedSchema = z.strictObject({
  api_keys: z
    .array(
      z.object({
        key: z
          .string()
          .refine((k) => keyEnvironment(k) !== undefined, 'must start with pdl_sdbx_ or pdl_live_'),
        permissions: z.array(z.string()),
      }),
    )
    .optional(),
  approved_tax_categories: z.array(z.string()).optional(),
  cardless_trials: z.boolean().optional(),
  currencies: z.array(z.object({ code: z.string(), decimal_places: z.int().min(0) })).optional(),
  customers: z
    .array(z.looseObject({ id: z.string().optional(), email: z.string(), name: z.string().nullish() }))
    .optional(),
  transactions: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        customer_id: z.string(),
        status: z.enum(['draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due']),
        collection_mode: z.enum(['automatic', 'manual']).optional(),
        currency_code: z.string(),
        billed_at: z.string().nullish(),
        details: z
          .looseObject({ totals: z.record(z.string(), z.string().regex(/^-?\d+$/)).optional() })
          .optional(),
      }),
    )
    .optional(),
  products: z.array(z.looseObject({ name: z.string(), tax_category: z.string().optional() })).optional(),
  prices: z
    .array(z.looseObject({ product_id: z.string(), description: z.string().optional(), unit_price: money }))
    .optional(),
});

export async function loadSeedFile(file: string): Promise<EmulatorSeed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UserError(`Cannot read the seed file ${file}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new UserError(`The seed file ${file} is not valid YAML or JSON: ${(error as Error).message}`);
  }
  const result = seedSchema.safeParse(data ?? {});
  if (!result.success) {
    const problems = result.error.issues
      .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('\n');
    throw new UserError(`The seed file ${file} is not valid:\n${problems}`);
  }
  return result.data as EmulatorSeed;
}
