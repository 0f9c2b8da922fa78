// The operations of a plan as script statements for the tool server (scripts.ts packs them into
// scripts): a create keeps its new id, an update names its target, a move goes through the script's
// `move`. Pure.
import { type AnyOperation, isMove, type MoveOperation } from '../moves/compile.js';
import { isRef, type Operation } from '../operations/compile.js';
import { changesInOrder } from '../planner/summary.js';
import type { Change, Plan } from '../planner/types.js';

/**
 * The operations of one change that follow each other, as lines of one script (they never go into
 * different scripts), or one subscriber move.
 */
export interface Statement {
  key: string;
  calls: number;
  code: string;
  /** its operations, in order */
  ops: AnyOperation[];
  /** the creates whose ids it uses (a new product's id in its prices) */
  refs: string[];
  /** the create of a product: its prices come with it */
  opens?: string;
}

const RESOURCE: Record<Change['kind'], string> = {
  product: 'products',
  price: 'prices',
  discount: 'discounts',
  discount_group: 'discountGroups',
  notification: 'notificationSettings',
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
  // a notification destination has no archive: Paddle deletes it
  if (op.verb === 'delete') return `await client.${resource}.delete(${js(op.target, variables)});${comment}`;
  if (op.verb !== 'create') {
    return `await client.${resource}.update(${js(op.target, variables)}, ${js(op.body, variables)});${comment}`;
  }
  const call = `(await client.${resource}.create(${js(op.body, variables)})).id`;
  if (op.kind !== 'product') return `created.${resource}[${key}] = ${call};`;
  const variable = `product${variables.size + 1}`;
  variables.set(op.id, variable);
  return `const ${variable} = ${call};\ncreated.products[${key}] = ${variable};`;
}

/**
 * One move as a line: `move` (the script's frame) sends it and notes whether Paddle took it. The
 * target keys go in a comment; keys are the catalog's own pattern, JSON-quoted all the same.
 */
const moveLine = (op: MoveOperation, variables: ReadonlyMap<string, string>) =>
  `await move(${js(op.target, variables)}, ${js(op.body, variables)}); // to ${JSON.stringify(op.key)}`;

/** Operations of one change that follow each other; a move alone. */
function runs(operations: readonly AnyOperation[]): AnyOperation[][] {
  const groups: AnyOperation[][] = [];
  for (const op of operations) {
    const last = groups.at(-1);
    const before = last?.at(-1);
    if (last && before && !isMove(op) && !isMove(before) && before.change === op.change) last.push(op);
    else groups.push([op]);
  }
  return groups;
}

/**
 * Each run of a change's operations one statement, in order. A change's operations follow each other
 * unless moves stand between them (a replaced source price is archived after its subscribers moved).
 */
export function statements(plan: Plan, operations: readonly AnyOperation[]): Statement[] {
  const changes = changesInOrder(plan);
  const duplicateOf = new Map((plan.deduplication ?? []).map((c) => [c as Change, c.duplicateOf]));
  const variables = new Map<string, string>();
  return runs(operations).map((ops) => {
    const [first] = ops;
    const refs = ops.flatMap((op) => refsOf(op.body));
    if (first && isMove(first)) {
      return { key: first.key, calls: 1, code: moveLine(first, variables), ops, refs };
    }
    const catalogOps = ops as Operation[];
    const change = first && changes[(first as Operation).change];
    const kept = change && duplicateOf.get(change);
    const comment = kept ? ` // duplicate of ${JSON.stringify(kept)}` : '';
    const creates = catalogOps.filter((op) => op.verb === 'create').map((op) => op.id);
    const product = catalogOps.find((op) => op.verb === 'create' && op.kind === 'product');
    return {
      key: first?.key ?? '',
      calls: ops.length,
      code: catalogOps.map((op) => line(op, variables, comment)).join('\n'),
      ops,
      refs: refs.filter((ref) => !creates.includes(ref)),
      ...(product ? { opens: product.id } : {}),
    };
  });
}
