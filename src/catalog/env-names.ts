// The dotenv names of catalog ids (`apply --env-out`, `ids --format env`): PADDLE_PRODUCT_PRO,
// PADDLE_PRICE_PRO_MONTHLY, PADDLE_DISCOUNT_LAUNCH, PADDLE_DISCOUNT_GROUP_LAUNCH,
// PADDLE_NOTIFICATION_APP (a notification's id; its signing secret is never in these files). A key's "-", "_" and the "/" between a product
// and its price all become "_", so two keys can meet in one name (`a` + `b_c`, `a_b` + `c`); the
// catalog rule env-name-collision refuses such a pair, since dotenv would keep only one of them (a
// discount `group-x` and a discount group `x` meet too: PADDLE_DISCOUNT_GROUP_X).
import type { CatalogKind } from './schema.js';

const ENV_PREFIX: Record<CatalogKind, string> = {
  product: 'PADDLE_PRODUCT',
  price: 'PADDLE_PRICE',
  discount: 'PADDLE_DISCOUNT',
  discount_group: 'PADDLE_DISCOUNT_GROUP',
  notification: 'PADDLE_NOTIFICATION',
};

/**
 * `price`, `pro/monthly` → `PADDLE_PRICE_PRO_MONTHLY`.
 * @internal A table test of the variable name of each key.
 */
export function envVarName(kind: CatalogKind, key: string): string {
  return `${ENV_PREFIX[kind]}_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export interface IdEntry {
  kind: CatalogKind;
  key: string;
  id: string;
  /** the catalog keeps it with `status: archived`: its id stays for what still refers to it */
  archived?: true;
}

/** `NAME=id` lines, sorted so the file diffs cleanly. */
export function dotenvLines(entries: readonly IdEntry[]): string[] {
  return entries.map((e) => `${envVarName(e.kind, e.key)}=${e.id}`).sort();
}

export interface EnvNameClash {
  name: string;
  kind: CatalogKind;
  /** the key that took the name first (of `firstKind`), and the one that meets it (of `kind`) */
  first: string;
  firstKind: CatalogKind;
  second: string;
}

/** Every key that meets an earlier key's name, in the order given. */
export function envNameClashes(keys: ReadonlyArray<{ kind: CatalogKind; key: string }>): EnvNameClash[] {
  const owners = new Map<string, { kind: CatalogKind; key: string }>();
  const clashes: EnvNameClash[] = [];
  for (const { kind, key } of keys) {
    const name = envVarName(kind, key);
    const first = owners.get(name);
    if (first === undefined) owners.set(name, { kind, key });
    else clashes.push({ name, kind, first: first.key, firstKind: first.kind, second: key });
  }
  return clashes;
}
