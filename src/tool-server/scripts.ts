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
//
// Subscriber moves are apply's move operations (src/moves/compile.ts), compiled from the
// subscriptions read when the scripts were made: one `client.subscriptions.update` each, with the
// same body apply sends. A move to a price these scripts create waits for a next round (its id is
// not known here), and so does whatever waits for it (the archive of a replaced source price).

import { UserError } from '../errors.js';
import { type AnyOperation, isMove, type LeftSubscription, type MoveOperation } from '../moves/compile.js';
import type { Plan } from '../planner/types.js';
import { plural } from '../text/plural.js';
import { type Statement, statements } from './statements.js';

/**
 * The tool server's caps: one execute call makes at most 50 API calls in 32,000 characters of code.
 * @internal The tool-server tests hold each script to these caps.
 */
export const TOOL_SERVER_CAPS = { calls: 50, codeChars: 32_000 } as const;

/** Room kept for the first line and the try/finally around the statements (frameLines counts the rest). */
const WRAP_CHARS = 200;

interface ToolServerScript {
  /** a file name without extension: `01-pro` */
  name: string;
  /** API calls the script makes */
  calls: number;
  code: string;
}

export interface ToolServerEmission {
  scripts: ToolServerScript[];
  /**
   * keys of prices of a new product that did not fit in its script, of discounts restricted to
   * what this plan creates, and of changes that wait for a deferred move: a later run emits them
   */
  deferred: string[];
  /** the subscriber moves, when the plan has any */
  moves?: EmittedMoves;
}

/** What the subscriptions read at emit time gave: when they were read, and those no move takes. */
export interface MovesRead {
  /** when the subscriptions were read (RFC 3339): one that joined a source price since is not here */
  readAt: string;
  /** subscriptions no move takes, with why (apply leaves them the same way) */
  left: LeftSubscription[];
}

/** The subscriptions read for the moves, and what became of each. */
export interface EmittedMoves extends MovesRead {
  /** the moves in the scripts, in order */
  emitted: MoveOperation[];
  /** moves to a price these scripts create: the next round has them */
  deferred: MoveOperation[];
}

const cost = (statements: Statement[]) => ({
  calls: statements.reduce((n, s) => n + s.calls, 0),
  // each line is indented by two spaces and ends with a newline
  chars: statements.reduce((n, s) => n + s.code.length + 3 * s.code.split('\n').length, 0),
});

const movesIn = (statements: readonly Statement[]) => statements.flatMap((s) => s.ops.filter(isMove));

/** Fills scripts in order, each within the caps. */
class Packer {
  readonly scripts: Statement[][] = [];
  private current: Statement[] = [];

  constructor(private readonly readAt: string) {}

  fits(statements: Statement[], into = this.current): boolean {
    const all = [...into, ...statements];
    const total = cost(all);
    const frame = WRAP_CHARS + frameLines(movesIn(all).length, this.readAt).join('\n').length;
    return total.calls <= TOOL_SERVER_CAPS.calls && total.chars <= TOOL_SERVER_CAPS.codeChars - frame;
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

/**
 * A new product with its prices: together, or the product with as many prices as fit. Returns the
 * prices that did not fit (a later run emits them).
 */
function packNewProduct(packer: Packer, product: Statement, prices: Statement[]): Statement[] {
  if (packer.addTogether([product, ...prices])) return [];
  packer.next();
  const taken = [product];
  let rest = 0;
  for (const price of prices) {
    if (rest === 0 && packer.fits([...taken, price], [])) taken.push(price);
    else rest += 1;
  }
  packer.addTogether(taken);
  packer.next();
  return prices.slice(prices.length - rest);
}

function slug(key: string): string {
  return key.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'script';
}

/**
 * What a script declares before its statements. With moves: when the subscriptions were read, and
 * `move`, which sends one and goes on when Paddle refuses it (a subscription within 30 minutes of its
 * renewal, or with pending changes: Paddle's error reference), as apply leaves such a one and moves
 * the others.
 */
function frameLines(moves: number, readAt: string): string[] {
  if (moves === 0) {
    return [
      '// Prints the ids it created as JSON: {"products": {key: id}, "prices": {key: id}, "discounts": {key: id}}.',
      'const created = { products: {}, prices: {}, discounts: {} };',
    ];
  }
  return [
    '// Prints the ids it created and the subscriptions it moved as JSON: {"products": {key: id}, "prices": {key: id},',
    '// "discounts": {key: id}, "moved": [subscription id], "left": {subscription id: what Paddle answered}}.',
    `// It moves ${plural(moves, 'subscription')}, each with its items as read from the account at ${readAt}:`,
    '// a subscription that joined a source price since is not in it, and one whose items changed since would',
    '// get back the items read then. Make the scripts again (plan --emit tool-server) rather than run an old one.',
    '// One Paddle refuses to change now is listed under "left"; the others still move.',
    'const created = { products: {}, prices: {}, discounts: {}, moved: [], left: {} };',
    'const move = async (id, body) => {',
    '  try {',
    '    await client.subscriptions.update(id, body);',
    '    created.moved.push(id);',
    '  } catch (error) {',
    '    created.left[id] = String(error?.message ?? error);',
    '  }',
    '};',
  ];
}

function render(statements: Statement[], n: number, of: number, readAt: string): ToolServerScript {
  const { calls } = cost(statements);
  const body = statements.map((s) => s.code.replace(/^/gm, '  ')).join('\n');
  const code = [
    `// paddle-catalog: tool-server execute script ${n} of ${of} (${plural(calls, 'API call')}).`,
    ...frameLines(movesIn(statements).length, readAt),
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

/** Statements a later run emits: catalog keys once each, moves by operation. */
class Deferred {
  readonly keys: string[] = [];
  readonly moves: MoveOperation[] = [];
  private readonly ops = new Set<string>();

  add(statements: readonly Statement[]): void {
    for (const statement of statements) {
      for (const op of statement.ops) {
        this.ops.add(op.id);
        if (isMove(op)) this.moves.push(op);
        else if (!this.keys.includes(op.key)) this.keys.push(op.key);
      }
    }
  }

  /** A statement that waits for a deferred operation is deferred too. */
  holds(statement: Statement): boolean {
    return statement.ops.some((op) => op.after.some((id) => this.ops.has(id)));
  }
}

/**
 * The operations in order, each change's in one script. A new product's prices share its script (its
 * id is a variable there); anything else that needs an id this run makes waits for a later plan, and
 * so does what waits for it. `read` comes with moves: when their subscriptions were read, and those
 * no move takes.
 */
export function printScripts(
  plan: Plan,
  operations: readonly AnyOperation[],
  read?: MovesRead,
): ToolServerEmission {
  const readAt = read?.readAt ?? '';
  const packer = new Packer(readAt);
  const deferred = new Deferred();
  const list = statements(plan, operations);
  for (let i = 0; i < list.length; i += 1) {
    const statement = list[i] as Statement;
    const product = statement.opens;
    if (deferred.holds(statement)) deferred.add([statement]);
    else if (product !== undefined) {
      const prices: Statement[] = [];
      for (
        let next = list[i + 1];
        next?.refs.length && next.refs.every((r) => r === product);
        next = list[i + 1]
      ) {
        prices.push(next);
        i += 1;
      }
      deferred.add(packNewProduct(packer, statement, prices));
    } else if (statement.refs.length > 0) deferred.add([statement]);
    else packer.add(statement);
  }
  const batches = packer.finish();
  return {
    scripts: batches.map((b, i) => render(b, i + 1, batches.length, readAt)),
    deferred: deferred.keys,
    ...(read
      ? { moves: { readAt, emitted: movesIn(batches.flat()), deferred: deferred.moves, left: read.left } }
      : {}),
  };
}
