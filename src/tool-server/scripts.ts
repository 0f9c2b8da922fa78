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
import { compileOperations, isRef, type Operation } from '../apply/operations.js';
import { UserError } from '../errors.js';
import { changesInOrder } from '../plan/summary.js';
import type { Change, Plan } from '../plan/types.js';
import { plural } from '../text/plural.js';

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

/** The operations of one change, as lines of one script (they never go into different scripts). */
interface Statement {
  key: string;
  calls: number;
  code: string;
  /** the creates whose ids it uses (a new product's id in its prices) */
  refs: string[];
  /** the create of a product: its prices come with it */
  opens?: string;
}

const RESOURCE: Record<Change['kind'], string> = {
  product: 'products',
  price: 'prices',
  discount: 'discounts',
};

/** A value as JavaScript: JSON, with the variable of the create a reference names in its place. */
function js(value: unknown, variables: ReadonlyMap<string, string>): string {
  if (isRef(value)) return variables.get(value.$ref) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map((v) => js(v, variables)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${js(v, variables)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function refsOf(value: unknown): string[] {
  if (isRef(value)) return [value.$ref];
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(refsOf);
  return [];
}

/** One operation as a line: a create keeps the new id in `created` (and a product's in a variable). */
function line(op: Operation, variables: Map<string, string>, comment: string): string {
  const resource = RESOURCE[op.kind];
  const key = JSON.stringify(op.key);
  if (op.verb !== 'create') {
    return `await client.${resource}.update(${js(op.target, variables)}, ${js(op.body, variables)});${comment}`;
  }
  const call = `(await client.${resource}.create(${js(op.body, variables)})).id`;
  if (op.kind !== 'product') return `created.${resource}[${key}] = ${call};`;
  const variable = `product${variables.size + 1}`;
  variables.set(op.id, variable);
  return `const ${variable} = ${call};\ncreated.products[${key}] = ${variable};`;
}

/** The operations grouped by change, in order, each group one statement. */
function statements(plan: Plan, operations: Operation[]): Statement[] {
  const changes = changesInOrder(plan);
  const duplicateOf = new Map((plan.deduplication ?? []).map((c) => [c as Change, c.duplicateOf]));
  const variables = new Map<string, string>();
  const byChange = new Map<number, Operation[]>();
  for (const op of operations) byChange.set(op.change, [...(byChange.get(op.change) ?? []), op]);
  return [...byChange.entries()].map(([index, ops]) => {
    const change = changes[index];
    const kept = change && duplicateOf.get(change);
    const comment = kept ? ` // duplicate of ${JSON.stringify(kept)}` : '';
    const creates = ops.filter((op) => op.verb === 'create').map((op) => op.id);
    const product = ops.find((op) => op.verb === 'create' && op.kind === 'product');
    return {
      key: ops[0]?.key ?? '',
      calls: ops.length,
      code: ops.map((op) => line(op, variables, comment)).join('\n'),
      refs: ops.flatMap((op) => refsOf(op.body)).filter((ref) => !creates.includes(ref)),
      ...(product ? { opens: product.id } : {}),
    };
  });
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

/** A new product with its prices: together, or the product with as many prices as fit (the rest deferred). */
function packNewProduct(packer: Packer, product: Statement, prices: Statement[], deferred: string[]) {
  if (packer.addTogether([product, ...prices])) return;
  packer.next();
  const taken = [product];
  let rest = 0;
  for (const price of prices) {
    if (rest === 0 && packer.fits([...taken, price], [])) taken.push(price);
    else rest += 1;
  }
  packer.addTogether(taken);
  deferred.push(...prices.slice(prices.length - rest).map((p) => p.key));
  packer.next();
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

export function toolServerScripts(plan: Plan): ToolServerEmission {
  return printScripts(plan, compileOperations(plan));
}

/**
 * The operations in order, each change's in one script. A new product's prices share its script (its
 * id is a variable there); anything else that needs an id this run makes waits for a later plan.
 */
export function printScripts(plan: Plan, operations: Operation[]): ToolServerEmission {
  const packer = new Packer();
  const deferred: string[] = [];
  const list = statements(plan, operations);
  for (let i = 0; i < list.length; i += 1) {
    const statement = list[i] as Statement;
    const product = statement.opens;
    if (product !== undefined) {
      const prices: Statement[] = [];
      for (
        let next = list[i + 1];
        next?.refs.length && next.refs.every((r) => r === product);
        next = list[i + 1]
      ) {
        prices.push(next);
        i += 1;
      }
      packNewProduct(packer, statement, prices, deferred);
    } else if (statement.refs.length > 0) deferred.push(statement.key);
    else packer.add(statement);
  }
  const batches = packer.finish();
  return { scripts: batches.map((b, i) => render(b, i + 1, batches.length)), deferred };
}
