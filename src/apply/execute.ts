// Runs a plan's operations (src/operations/compile.ts decides what they are and what each waits for):
// each one once what it waits for has succeeded, independent ones side by side in a bounded pool. When
// Paddle refuses one object (a request error: this product's category is not approved), what waits for
// it is skipped and everything else still runs; the run fails at its end. On any other failure that
// retrying cannot fix (the key, the network, the server), or on an interrupt, no new change starts;
// calls already in flight finish and are reported, and so does the rest of a change already begun (an
// unarchive's update). No subscriber move starts after any failure: a move changes what a customer
// pays, and a run that failed is reviewed again first; the first move goes alone (FirstMoveAlone), so a
// refusal about every subscription stops the moves after one request.
import { RemoteError } from '../errors.js';
import type { MoveCheck } from '../moves/batches.js';
import { type AnyOperation, isMove, type MoveBody, type MoveOperation } from '../moves/compile.js';
import { FirstMoveAlone, type MoveResult, sendMove, skippedMove } from '../moves/send.js';
import { isRef, type Operation } from '../operations/compile.js';
import type { ChangeStatus } from '../operations/results.js';
import type { Calls } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import type { SubscriptionsGateway } from '../planner/subscribers.js';
import { changesInOrder } from '../planner/summary.js';
import type { Change, Plan } from '../planner/types.js';
import { Semaphore } from './semaphore.js';
import { missing, perform } from './write.js';

export const DEFAULT_CONCURRENCY = 8;

/** How one change of the plan ended: all its operations done, one failed, or not (all) started. */
export interface ChangeResult {
  change: Change;
  status: ChangeStatus;
  /** the object's id after the change (a new id for create and replace) */
  id?: string;
  error?: RemoteError;
  /** skipped on purpose: an archive held while subscriptions are still on the price (why, in words) */
  held?: string;
}

/**
 * How one operation ended; `id` is the object's id (for a create, the new one). `left`: a subscription
 * Paddle will not change now (src/moves/send.ts); what waits for it goes on.
 */
export interface OperationResult {
  op: string;
  status: 'applied' | 'failed' | 'skipped' | 'left';
  id?: string;
  held?: string;
}

export interface Execution {
  /** per change of the plan, in the order they ended */
  changeResults: ChangeResult[];
  /** what was run (the catalog's operations; moves are in `moves`) */
  operations: readonly Operation[];
  /** how each subscriber move ended, in the order they were compiled */
  moves: MoveResult[];
  /** how each operation ended, in the order of `operations` */
  operationResults: OperationResult[];
  /** the failure that stopped the run */
  error?: RemoteError;
  interrupted: boolean;
}

/** How far the subscriber moves of a run are: `ended` (moved, left, failed or skipped) of `of`. */
export interface MoveCount {
  ended: number;
  of: number;
}

export interface ExecuteOptions {
  concurrency: number;
  signal?: AbortSignal;
  onChangeEnded?: (result: ChangeResult) => void;
  /** each subscriber move as it ends, with how many have ended of how many (for a progress line) */
  onMove?: (result: MoveResult, count: MoveCount) => void;
  /** where subscriber moves are sent; needed only when there are some */
  subscriptions?: SubscriptionsGateway;
  /** asked before each attempt to send a move: its batch's fresh read, and why not (changed since) */
  checkMove?: MoveCheck;
  /** asked just before an archive is sent: why it is held (subscriptions still on the price) */
  checkArchive?: (op: Operation) => Promise<string | undefined>;
}

/** Runs `operations` (compiled from `plan`, maybe earlier: a saved plan runs what was reviewed). */
export async function executeOperations(
  plan: Plan,
  operations: readonly AnyOperation[],
  gateway: CatalogGateway,
  calls: Calls,
  options: ExecuteOptions,
): Promise<Execution> {
  const run = new Run(plan, operations, options);
  const pool = new Semaphore(Math.max(1, options.concurrency));
  const settled = new Map<string, Promise<OperationResult>>();
  const byId = new Map(operations.map((op) => [op.id, op]));

  async function start(op: AnyOperation): Promise<OperationResult> {
    const waits = await Promise.all(op.after.map((id) => settled.get(id) ?? missing(op, id)));
    if (waits.some((w) => w.status === 'failed' || w.status === 'skipped'))
      return { op: op.id, status: 'skipped' };
    // the rest of a change already begun is finished even after a stop
    const begun = !isMove(op) && op.after.some((id) => changeOf(byId.get(id)) === op.change);
    if (isMove(op)) await run.firstMove.before(op.id);
    await pool.acquire();
    try {
      if ((isMove(op) ? run.failed() : run.stopped()) && !begun) return { op: op.id, status: 'skipped' };
      if (isMove(op)) return await run.move(op, calls, options.subscriptions);
      const held = op.verb === 'archive' ? await options.checkArchive?.(op) : undefined;
      if (held !== undefined) return { op: op.id, status: 'skipped', held };
      const id = await perform(gateway, calls, op, run.resolve(op));
      return { op: op.id, status: 'applied', id };
    } catch (thrown) {
      run.fail(op, thrown);
      return { op: op.id, status: 'failed' };
    } finally {
      pool.release();
    }
  }

  for (const op of operations) {
    const result = start(op).then((r) => run.settle(op, r));
    settled.set(op.id, result);
  }
  await Promise.all(settled.values());
  return run.finish();
}

const changeOf = (op: AnyOperation | undefined) => (op === undefined || isMove(op) ? undefined : op.change);

/**
 * Paddle's request errors (400, 404, 409, 422) are about the request sent: another object's request
 * may well succeed. Authentication and permission (401, 403), rate limits, server errors and the
 * network are about every request.
 */
function refusesOneObject(error: RemoteError): boolean {
  return [400, 404, 409, 422].includes(error.details.status ?? 0);
}

/** The state of one run: ids made so far, the first failure, and the changes as their operations end. */
class Run {
  readonly results = new Map<string, OperationResult>();
  readonly changeResults: ChangeResult[] = [];
  private error?: RemoteError;
  private halted = false;
  private bug?: unknown;
  private readonly changes: Change[];
  private readonly pending = new Map<number, number>();
  private readonly failures = new Map<number, RemoteError>();
  private readonly operations: readonly Operation[];
  private readonly moves: readonly MoveOperation[];
  private readonly moveResults = new Map<string, MoveResult>();
  readonly firstMove = new FirstMoveAlone();

  constructor(
    plan: Plan,
    all: readonly AnyOperation[],
    private readonly options: ExecuteOptions,
  ) {
    this.operations = all.filter((op): op is Operation => !isMove(op));
    this.moves = all.filter(isMove);
    const operations = this.operations;
    this.changes = changesInOrder(plan);
    for (const op of operations) this.pending.set(op.change, (this.pending.get(op.change) ?? 0) + 1);
    this.changes.forEach((change, index) => {
      if (!this.pending.has(index) && change.action === 'unchanged') {
        this.record({ change, status: 'unchanged', id: change.id });
      }
    });
  }

  /** No new change starts: a failure of more than one object, a bug, or an interrupt. */
  stopped = () => this.halted || this.bug !== undefined || this.options.signal?.aborted === true;

  /** Something failed, or the run stopped. */
  failed = () => this.error !== undefined || this.stopped();

  /** Only the HTTP layer makes a RemoteError; anything else thrown is ours, and stops the run as a bug. */
  fail(op: AnyOperation, thrown: unknown): void {
    if (!(thrown instanceof RemoteError)) {
      this.bug ??= thrown;
      return;
    }
    this.error ??= thrown;
    if (!refusesOneObject(thrown)) this.halted = true;
    if (!isMove(op)) this.failures.set(op.change, thrown);
  }

  /** Sends one subscriber move; a subscription Paddle will not change now is `left`, not a failure. */
  async move(op: MoveOperation, calls: Calls, gateway: SubscriptionsGateway | undefined) {
    const body = this.resolve(op).body as MoveBody;
    const result = await sendMove(op, body, calls, gateway, this.options.checkMove);
    this.moveResults.set(op.id, result);
    return { op: op.id, status: result.status === 'left' ? 'left' : 'applied', id: op.target } as const;
  }

  /** The body with every reference replaced by the id its create made. */
  resolve(op: AnyOperation): { target: string | undefined; body: unknown } {
    const swap = (value: unknown): unknown => {
      if (isRef(value)) return this.results.get(value.$ref)?.id ?? missing(op, value.$ref);
      if (Array.isArray(value)) return value.map(swap);
      if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
      }
      return value;
    };
    return { target: op.target === null ? undefined : (swap(op.target) as string), body: swap(op.body) };
  }

  settle(op: AnyOperation, result: OperationResult): OperationResult {
    this.results.set(op.id, result);
    if (isMove(op)) {
      this.firstMove.ended(op.id);
      const ended =
        this.moveResults.get(op.id) ?? skippedMove(op, result.status === 'failed' ? 'failed' : 'skipped');
      this.moveResults.set(op.id, ended);
      this.options.onMove?.(ended, { ended: this.moveResults.size, of: this.moves.length });
      return result;
    }
    const change = this.changes[op.change];
    if (!change) missing(op, `change ${op.change}`);
    const left = (this.pending.get(op.change) ?? 1) - 1;
    this.pending.set(op.change, left);
    if (left === 0) this.record(this.changeResultOf(change, op.change));
    return result;
  }

  private changeResultOf(change: Change, index: number): ChangeResult {
    const mine = this.operations.filter((op) => op.change === index).map((op) => this.results.get(op.id));
    const error = this.failures.get(index);
    if (mine.some((r) => r?.status === 'failed')) return { change, status: 'failed', id: change.id, error };
    const held = mine.find((r) => r?.held !== undefined)?.held;
    if (mine.some((r) => r?.status !== 'applied'))
      return { change, status: 'skipped', id: change.id, ...(held ? { held } : {}) };
    const created = this.operations.find((op) => op.change === index && op.verb === 'create');
    return { change, status: 'applied', id: created ? this.results.get(created.id)?.id : change.id };
  }

  private record(step: ChangeResult): void {
    this.changeResults.push(step);
    this.options.onChangeEnded?.(step);
  }

  finish(): Execution {
    if (this.bug !== undefined) throw this.bug;
    const operationResults = this.operations.map(
      (op) => this.results.get(op.id) ?? { op: op.id, status: 'skipped' as const },
    );
    return {
      changeResults: this.changeResults,
      operations: this.operations,
      moves: this.moves.map((op) => this.moveResults.get(op.id) ?? skippedMove(op, 'skipped')),
      operationResults,
      error: this.error,
      interrupted: this.options.signal?.aborted === true,
    };
  }
}
