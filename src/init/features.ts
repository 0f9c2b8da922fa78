// init's offer of features: what each plan includes (docs/catalog.md#features), asked after the
// products with a yes/no question that defaults to no. Each feature is declared once (a key, its
// type, a description), then each product says what it includes.

import { UNLIMITED } from '../catalog/features-schema.js';
import type { Catalog, CatalogProduct } from '../catalog/schema.js';
import type { Asking } from './extras.js';
import { slugKey } from './starter.js';

type Declared = NonNullable<Catalog['features']>;

/** A limit as typed: a whole number, `unlimited`, or empty (not included). */
function limitAnswer(text: string): number | typeof UNLIMITED | undefined | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === '' || value === '0') return undefined;
  if (value === UNLIMITED) return UNLIMITED;
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  return { error: `enter a whole number, or "${UNLIMITED}" (empty: not included)` };
}

async function declare(w: Asking): Promise<Declared> {
  const declared: Declared = {};
  do {
    const description = (
      await w.ask.input(
        {
          message: 'Feature (e.g. Single sign-on, or Seats):',
          required: true,
          validate: (v) => (v.trim().length >= 1 && v.trim().length <= 500) || 'use 1–500 characters',
        },
        w.context,
      )
    ).trim();
    const key = await w.key(
      'Feature key (what the app reads):',
      slugKey(description, []),
      Object.keys(declared),
    );
    const type = await w.ask.select(
      {
        message: `${description} is:`,
        choices: [
          { value: 'boolean' as const, name: 'boolean: included or not' },
          { value: 'limit' as const, name: 'limit: up to a number, or unlimited' },
        ],
      },
      w.context,
    );
    declared[key] = { type, description };
  } while (await w.ask.confirm({ message: 'Another feature?', default: false }, w.context));
  return declared;
}

/** What one product includes, feature by feature. */
async function includes(w: Asking, product: CatalogProduct, declared: Declared) {
  const values: Record<string, boolean | number | string> = {};
  for (const [key, { type, description }] of Object.entries(declared)) {
    const what = `${product.name}: ${description ?? key}`;
    if (type === 'boolean') {
      if (await w.ask.confirm({ message: `${what}, included?`, default: false }, w.context))
        values[key] = true;
      continue;
    }
    const typed = await w.ask.input(
      {
        message: `${what}, up to (a number, or unlimited; empty: not included):`,
        validate: (v) => {
          const answer = limitAnswer(v);
          return typeof answer === 'object' ? answer.error : true;
        },
      },
      w.context,
    );
    const answer = limitAnswer(typed);
    if (answer !== undefined && typeof answer !== 'object') values[key] = answer;
  }
  return values;
}

/** The features, and each product with what it includes; nothing unless asked for. */
export async function features(
  w: Asking,
  products: Record<string, CatalogProduct>,
): Promise<{ declared?: Declared; products: Record<string, CatalogProduct> }> {
  const question = 'Declare what each plan includes (features such as SSO or seats, read by your app)?';
  if (!(await w.ask.confirm({ message: question, default: false }, w.context))) return { products };
  const declared = await declare(w);
  const withFeatures: Record<string, CatalogProduct> = {};
  for (const [key, product] of Object.entries(products)) {
    const { prices, ...fields } = product;
    withFeatures[key] = {
      ...fields,
      features: await includes(w, product, declared),
      ...(prices && { prices }),
    };
  }
  return { declared, products: withFeatures };
}
