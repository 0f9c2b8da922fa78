// `plan --emit tool-server`: the pending changes as scripts for the execute tool of Paddle's hosted
// tool server. Pure: a plan in, script texts out.
//
// The conventions: method paths camelCase (`client.products.create`), request
// bodies and response fields snake_case; updates are `client.<resource>.update(id, body)`. Every
// script runs on its own — variables do not persist between execute calls — so a new product and
// its prices are chained inside one script. Each script ends by printing, with console.log, the ids
// it created as one JSON line: {"products": {key: pro_…}, "prices": {key: pri_…}, "discounts":
// {key: dsc_…}} (also when a call fails midway, so what was created is known). Discounts come last;
// one whose restrict_to names a product or price this plan creates waits (`deferred`) until a
// fresh plan knows that id. What is created carries the catalog key as its
// marker, so after a failure, or for the prices of a new product that did not fit beside it
// (`deferred`), a fresh `plan --emit tool-server` continues from what exists.
import {
  discountAdoptBody,
  discountCreateBody,
  discountUpdateBody,
  priceAdoptBody,
  priceCreateBody,
  priceUpdateBody,
  productAdoptBody,
  productCreateBody,
  productUpdateBody,
} from '../apply/bodies.js';
import { UserError } from '../errors.js';
import { plural } from '../output/plural.js';
import { PADDLE_ID } from '../paddle-facts/ids.js';
import { DEDUPE_ORDER } from '../plan/summary.js';
import type {
  Change,
  DiscountChange,
  Plan,
  PriceChange,
  PriceState,
  ProductChange,
  ProductPlan,
} from '../plan/types.js';

/** The tool server's caps: one execute call makes at most 50 API calls in 32,000 characters of code. */
export const TOOL_SERVER_CAPS = { calls: 50, codeChars: 32_000 } as const;

/** Room kept for the header and the try/finally around the statements. */
const FRAME_CHARS = 600;

export interface ToolServerScript {
  /** a file name without extension: `01-pro` */
  name: string;
  /** API calls the script makes */
  calls: number;
  code: string;
}

export interface ToolServerEmission {
  scripts: ToolServerScript[];
  /**
   * keys of prices of a new product that did not fit in its script, and of discounts restricted to
   * what this plan creates: a later run emits them
   */
  deferred: string[];
}

interface Statement {
  key: string;
  calls: number;
  code: string;
}

const js = (value: unknown) => JSON.stringify(value);
const ARCHIVE = js({ status: 'archived' });
const ACTIVATE = js({ status: 'active' });

function productStatements(change: ProductChange, catalog: string, variable: string): Statement[] {
  const { key } = change;
  const marker = { key, catalog };
  const id = js(change.id);
  const update = (body: string) => `await client.products.update(${id}, ${body});`;
  const one = (...lines: string[]): Statement[] => [{ key, calls: lines.length, code: lines.join('\n') }];
  switch (change.action) {
    case 'create':
      return [
        {
          key,
          calls: 1,
          code: `const ${variable} = (await client.products.create(${js(productCreateBody(marker, change.desired))})).id;\ncreated.products[${js(key)}] = ${variable};`,
        },
      ];
    case 'update':
      return one(update(js(productUpdateBody(marker, change.desired, change.fields))));
    case 'unarchive':
      return change.fields.length === 0
        ? one(update(ACTIVATE))
        : one(update(ACTIVATE), update(js(productUpdateBody(marker, change.desired, change.fields))));
    case 'adopt': {
      const stamp = update(js(productAdoptBody(marker, change.desired, change.fields)));
      return change.archived ? one(update(ACTIVATE), stamp) : one(stamp);
    }
    case 'archive':
      return one(update(ARCHIVE));
    default:
      return [];
  }
}

function priceStatements(change: PriceChange, catalog: string, productRef: string): Statement[] {
  const { key } = change;
  const marker = { key, catalog };
  const id = js(change.id);
  const update = (body: string) => `await client.prices.update(${id}, ${body});`;
  const one = (...lines: string[]): Statement[] => [{ key, calls: lines.length, code: lines.join('\n') }];
  const create = (desired: PriceState) => {
    const { product_id: _placeholder, ...body } = priceCreateBody(marker, desired, '');
    return `created.prices[${js(key)}] = (await client.prices.create({"product_id":${productRef},${js(body).slice(1)})).id;`;
  };
  switch (change.action) {
    case 'create':
      return one(create(change.desired));
    case 'replace':
      // the new price first, so the key never points at nothing
      return one(create(change.desired), update(ARCHIVE));
    case 'update':
      return one(update(js(priceUpdateBody(marker, change.desired, change.fields))));
    case 'unarchive':
      return change.fields.length === 0
        ? one(update(ACTIVATE))
        : one(update(ACTIVATE), update(js(priceUpdateBody(marker, change.desired, change.fields))));
    case 'adopt': {
      const stamp = update(js(priceAdoptBody(marker, change.desired, change.fields)));
      return change.archived ? one(update(ACTIVATE), stamp) : one(stamp);
    }
    case 'archive':
      return one(update(ARCHIVE));
    default:
      return [];
  }
}

/** The ids restrict_to can use now: objects that exist and stay (not what this plan creates). */
function existingIds(plan: Plan): Map<string, string> {
  const ids = new Map<string, string>();
  for (const change of plan.groups.flatMap((g): Change[] => [g.product, ...g.prices])) {
    const stays = change.action !== 'create' && change.action !== 'replace' && change.action !== 'archive';
    if (stays && change.id) ids.set(change.key, change.id);
  }
  return ids;
}

function discountStatements(change: DiscountChange, catalog: string, ids: Map<string, string>): Statement[] {
  const { key } = change;
  const marker = { key, catalog };
  const resolve = (k: string) => ids.get(k) ?? k;
  const id = js(change.id);
  const update = (body: string) => `await client.discounts.update(${id}, ${body});`;
  const one = (...lines: string[]): Statement[] => [{ key, calls: lines.length, code: lines.join('\n') }];
  switch (change.action) {
    case 'create':
      return one(
        `created.discounts[${js(key)}] = (await client.discounts.create(${js(discountCreateBody(marker, change.desired, resolve))})).id;`,
      );
    case 'update':
      return one(update(js(discountUpdateBody(marker, change.desired, change.fields, resolve))));
    case 'unarchive':
      return change.fields.length === 0
        ? one(update(ACTIVATE))
        : one(
            update(ACTIVATE),
            update(js(discountUpdateBody(marker, change.desired, change.fields, resolve))),
          );
    case 'adopt': {
      const stamp = update(js(discountAdoptBody(marker, change.desired, change.fields, resolve)));
      return change.archived ? one(update(ACTIVATE), stamp) : one(stamp);
    }
    case 'archive':
      return one(update(ARCHIVE));
    default:
      return [];
  }
}

const cost = (statements: Statement[]) => ({
  calls: statements.reduce((n, s) => n + s.calls, 0),
  // each line is indented by two spaces and ends with a newline
  chars: statements.reduce((n, s) => n + s.code.length + 3 * s.code.split('\n').length, 0),
});

/** Fills scripts in order, each within the caps. */
class Packer {
  readonly scripts: Statement[][] = [];
  private current: Statement[] = [];

  fits(statements: Statement[], into = this.current): boolean {
    const total = cost([...into, ...statements]);
    return total.calls <= TOOL_SERVER_CAPS.calls && total.chars <= TOOL_SERVER_CAPS.codeChars - FRAME_CHARS;
  }

  /** Adds statements that have to share one script; false when they cannot fit even in an empty one. */
  addTogether(statements: Statement[]): boolean {
    if (!this.fits(statements, [])) return false;
    if (!this.fits(statements)) this.next();
    this.current.push(...statements);
    return true;
  }

  add(statement: Statement): void {
    if (!this.addTogether([statement])) {
      throw new UserError(
        `${statement.key} is too large for one tool-server script (${statement.code.length} characters).`,
        'Use `paddle-catalog apply` for this catalog.',
      );
    }
  }

  next(): void {
    if (this.current.length > 0) this.scripts.push(this.current);
    this.current = [];
  }

  finish(): Statement[][] {
    this.next();
    return this.scripts;
  }
}

const isCarrier = (c: Change) => c.kind === 'product' && c.action === 'unchanged' && !c.desired;

/** A new product with its prices: together, or the product with as many prices as fit (the rest deferred). */
function packNewProduct(packer: Packer, product: Statement[], prices: Statement[][], deferred: string[]) {
  if (packer.addTogether([...product, ...prices.flat()])) return;
  packer.next();
  const taken = [...product];
  let rest = 0;
  for (const price of prices) {
    if (rest === 0 && packer.fits([...taken, ...price], [])) taken.push(...price);
    else rest += 1;
  }
  packer.addTogether(taken);
  deferred.push(...prices.slice(prices.length - rest).flatMap((p) => p.map((s) => s.key)));
  packer.next();
}

function packGroup(packer: Packer, catalog: string, group: ProductPlan, index: number, deferred: string[]) {
  const variable = `product${index}`;
  const product = isCarrier(group.product) ? [] : productStatements(group.product, catalog, variable);
  const productRef = group.product.action === 'create' ? variable : js(group.product.id);
  const prices = group.prices.map((p) => priceStatements(p, catalog, productRef)).filter((s) => s.length > 0);
  if (group.product.action === 'create') return packNewProduct(packer, product, prices, deferred);
  // the product's id is known: its steps can go into any script, in apply's order
  const ordered =
    group.product.action === 'archive' ? [...prices.flat(), ...product] : [...product, ...prices.flat()];
  for (const statement of ordered) packer.add(statement);
}

function slug(key: string): string {
  return key.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'script';
}

function render(statements: Statement[], n: number, of: number): ToolServerScript {
  const { calls } = cost(statements);
  const body = statements.map((s) => s.code.replace(/^/gm, '  ')).join('\n');
  const code = [
    `// paddle-catalog: tool-server execute script ${n} of ${of} (${plural(calls, 'API call')}).`,
    '// Prints the ids it created as JSON: {"products": {key: id}, "prices": {key: id}, "discounts": {key: id}}.',
    'const created = { products: {}, prices: {}, discounts: {} };',
    'try {',
    body,
    '} finally {',
    '  console.log(JSON.stringify(created));',
    '}',
    '',
  ].join('\n');
  const name = `${String(n).padStart(2, '0')}-${slug(statements[0]?.key ?? '')}`;
  return { name, calls, code };
}

const RESOURCE: Record<Change['kind'], string> = {
  product: 'products',
  price: 'prices',
  discount: 'discounts',
};

/** --dedupe: each extra object of a key archived, first, in apply's order, so the rest runs on what is kept. */
function deduplicationStatements(plan: Plan): Statement[] {
  const extra = plan.deduplication ?? [];
  return DEDUPE_ORDER.flatMap((kind) =>
    extra
      .filter((c) => c.kind === kind)
      .map((c) => ({
        key: c.key,
        calls: 1,
        code: `await client.${RESOURCE[c.kind]}.update(${js(c.id)}, ${ARCHIVE}); // duplicate of ${js(c.duplicateOf)}`,
      })),
  );
}

export function toolServerScripts(plan: Plan): ToolServerEmission {
  const packer = new Packer();
  const deferred: string[] = [];
  for (const statement of deduplicationStatements(plan)) packer.add(statement);
  for (const [index, group] of plan.groups.entries())
    packGroup(packer, plan.catalog, group, index + 1, deferred);
  const ids = existingIds(plan);
  for (const discount of plan.discounts) {
    const waits = (discount.desired?.restrict_to ?? []).some((key) => !ids.has(key) && !PADDLE_ID.test(key));
    if (waits && discount.action !== 'unchanged') deferred.push(discount.key);
    else for (const statement of discountStatements(discount, plan.catalog, ids)) packer.add(statement);
  }
  const batches = packer.finish();
  return { scripts: batches.map((b, i) => render(b, i + 1, batches.length)), deferred };
}
