// Runs a plan: a product before its prices, with the product's pro_ id;
// independent steps share a bounded pool. At the first failure that retrying cannot fix, or on
// an interrupt, nothing new starts; calls already in flight finish and are reported.

import type { RemoteError } from '../errors.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import { PADDLE_ID } from '../paddle-facts/ids.js';
import { keyIn, type Marker } from '../plan/marker.js';
import { DEDUPE_ORDER } from '../plan/summary.js';
import type {
  Adoption,
  Archival,
  Carrier,
  Change,
  ChangeBase,
  DiscountChange,
  DiscountState,
  InPlace,
  Plan,
  PriceChange,
  PriceState,
  ProductChange,
  ProductPlan,
  ProductState,
} from '../plan/types.js';
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
  type ResolveKey,
} from './bodies.js';
import type { Calls } from './calls.js';
import { Semaphore } from './semaphore.js';

export const DEFAULT_CONCURRENCY = 8;

export type StepStatus = 'applied' | 'unchanged' | 'failed' | 'skipped';

export interface StepResult {
  change: Change;
  status: StepStatus;
  /** the object's id after the step (a new id for create and replace) */
  id?: string;
  error?: RemoteError;
}

export interface Execution {
  steps: StepResult[];
  /** the failure that stopped the run */
  error?: RemoteError;
  interrupted: boolean;
}

export interface ExecuteOptions {
  concurrency: number;
  signal?: AbortSignal;
  onStep?: (result: StepResult) => void;
}

const succeeded = (r: StepResult) => r.status === 'applied' || r.status === 'unchanged';

export async function executePlan(
  plan: Plan,
  gateway: CatalogGateway,
  calls: Calls,
  options: ExecuteOptions,
): Promise<Execution> {
  const pool = new Semaphore(Math.max(1, options.concurrency));
  const steps: StepResult[] = [];
  let error: RemoteError | undefined;
  const stopped = () => error !== undefined || options.signal?.aborted === true;

  const record = (result: StepResult) => {
    steps.push(result);
    options.onStep?.(result);
    return result;
  };
  const skip = (change: Change) => record({ change, status: 'skipped', id: change.id });

  async function step(
    change: Change,
    productId: string | undefined,
    resolve?: ResolveKey,
  ): Promise<StepResult> {
    if (change.action === 'unchanged') return record({ change, status: 'unchanged', id: change.id });
    await pool.acquire();
    try {
      if (stopped()) return skip(change);
      const id = await perform(gateway, calls, plan.catalog, change, productId, resolve);
      return record({ change, status: 'applied', id });
    } catch (thrown) {
      error ??= thrown as RemoteError;
      return record({ change, status: 'failed', id: change.id, error: thrown as RemoteError });
    } finally {
      pool.release();
    }
  }

  async function runGroup(group: ProductPlan): Promise<void> {
    if (group.product.action === 'archive') {
      const prices = await Promise.all(group.prices.map((p) => step(p, group.product.id)));
      if (prices.every(succeeded)) await step(group.product, undefined);
      else skip(group.product);
      return;
    }
    const product = await step(group.product, undefined);
    await Promise.all(
      group.prices.map((p) =>
        succeeded(product) || p.action === 'unchanged' ? step(p, product.id) : skip(p),
      ),
    );
  }

  // --dedupe: the extra objects go first (prices before their products), so the rest runs on what is kept
  const extra = plan.deduplication ?? [];
  for (const kind of DEDUPE_ORDER) {
    await Promise.all(extra.filter((c) => c.kind === kind).map((c) => step(c, undefined)));
  }
  await Promise.all(plan.groups.map(runGroup));
  // Discounts last: restrict_to names products and prices by key, and a key created in this run
  // has its id only now.
  const idOf = liveIdsByKey(steps);
  await Promise.all(
    plan.discounts.map((d) => {
      const missing = (d.desired?.restrict_to ?? []).some((key) => !idOf.has(key) && !PADDLE_ID.test(key));
      return missing && d.action !== 'unchanged'
        ? skip(d)
        : step(d, undefined, (key) => idOf.get(key) ?? key);
    }),
  );
  return { steps, error, interrupted: options.signal?.aborted === true };
}

/** Product and price keys → their ids after the run (what was archived is no longer a target). */
function liveIdsByKey(steps: readonly StepResult[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { change, status, id } of steps) {
    if (change.kind === 'discount' || change.action === 'archive' || !id) continue;
    if (status === 'applied' || status === 'unchanged') ids.set(change.key, id);
  }
  return ids;
}

async function perform(
  gateway: CatalogGateway,
  calls: Calls,
  catalog: string,
  change: Change,
  productId: string | undefined,
  resolve: ResolveKey | undefined,
): Promise<string> {
  const marker: Marker = { key: change.key, catalog };
  if (change.kind === 'product') return performProduct(gateway, calls, marker, change);
  if (change.kind === 'price') return performPrice(gateway, calls, marker, change, productId as string);
  return performDiscount(gateway, calls, marker, change, resolve ?? ((key) => key));
}

async function performDiscount(
  gateway: CatalogGateway,
  calls: Calls,
  marker: Marker,
  change: DiscountChange,
  resolve: ResolveKey,
): Promise<string> {
  const { key } = change;
  if (change.action === 'create') {
    const body = discountCreateBody(marker, change.desired, resolve);
    const created = await calls.run(
      'write',
      () => gateway.createDiscount(`create discount ${key}`, body),
      () =>
        gateway.findDiscount(
          `list discounts to find ${key}`,
          (d) => keyIn(marker.catalog, d.custom_data) === key,
        ),
    );
    return created.id;
  }
  const id = change.id as string;
  return patchInPlace<DiscountState, Patch<'updateDiscount'>>(
    change,
    (verb, patch) => calls.run('write', () => gateway.updateDiscount(`${verb} discount ${key}`, id, patch)),
    (purpose, desired) =>
      purpose === 'adopt'
        ? discountAdoptBody(marker, desired, change.fields, resolve)
        : discountUpdateBody(marker, desired, change.fields, resolve),
  );
}

type Patch<K extends 'updateProduct' | 'updatePrice' | 'updateDiscount'> = Parameters<CatalogGateway[K]>[2];

/** A change made in place on an object that exists, with `State` its kind's wanted state. */
type InPlaceChange<State> = ChangeBase & (InPlace<State> | Adoption<State> | Archival | Carrier);

/**
 * The changes made in place, the same for products and prices: each is one or two PATCHes of
 * the object's own id. `body` builds the kind's update or adoption body from the changed fields.
 */
async function patchInPlace<State, P>(
  change: InPlaceChange<State>,
  update: (verb: string, patch: P | { status: 'active' | 'archived' }) => Promise<unknown>,
  body: (purpose: 'update' | 'adopt', desired: State) => P,
): Promise<string> {
  const id = change.id as string;
  switch (change.action) {
    case 'unarchive':
      // first back to active: Paddle refuses changes to an archived object (entity_archived)
      await update('unarchive', { status: 'active' });
      if (change.fields.length > 0) await update('update', body('update', change.desired));
      return id;
    case 'update':
      await update('update', body('update', change.desired));
      return id;
    case 'adopt':
      if (change.archived) await update('unarchive', { status: 'active' });
      await update('adopt', body('adopt', change.desired));
      return id;
    case 'archive':
      await update('archive', { status: 'archived' });
      return id;
    default:
      return id;
  }
}

async function performProduct(
  gateway: CatalogGateway,
  calls: Calls,
  marker: Marker,
  change: ProductChange,
): Promise<string> {
  const { key } = change;
  if (change.action === 'create') {
    const desired = change.desired;
    const created = await calls.run(
      'write',
      () => gateway.createProduct(`create product ${key}`, productCreateBody(marker, desired)),
      () =>
        gateway.findProduct(
          `list products to find ${key}`,
          (p) => keyIn(marker.catalog, p.custom_data) === key,
        ),
    );
    return created.id;
  }
  const id = change.id as string;
  return patchInPlace<ProductState, Patch<'updateProduct'>>(
    change,
    (verb, patch) => calls.run('write', () => gateway.updateProduct(`${verb} product ${key}`, id, patch)),
    (purpose, desired) =>
      purpose === 'adopt'
        ? productAdoptBody(marker, desired, change.fields)
        : productUpdateBody(marker, desired, change.fields),
  );
}

async function createPrice(
  gateway: CatalogGateway,
  calls: Calls,
  marker: Marker,
  change: Extract<PriceChange, { action: 'create' | 'replace' }>,
  productId: string,
) {
  const { key, desired } = change;
  return calls.run(
    'write',
    () => gateway.createPrice(`create price ${key}`, priceCreateBody(marker, desired, productId)),
    () =>
      gateway.findPrice(
        `list prices to find ${key}`,
        productId,
        (p) => keyIn(marker.catalog, p.custom_data) === key && p.status === 'active',
      ),
  );
}

async function performPrice(
  gateway: CatalogGateway,
  calls: Calls,
  marker: Marker,
  change: PriceChange,
  productId: string,
): Promise<string> {
  const { key } = change;
  if (change.action === 'create') return (await createPrice(gateway, calls, marker, change, productId)).id;
  const id = change.id;
  const update = (verb: string, patch: Patch<'updatePrice'>) =>
    calls.run('write', () => gateway.updatePrice(`${verb} price ${key}`, id, patch));
  if (change.action === 'replace') {
    // the new price first, so the key never points at nothing (lukasaron#86)
    const created = await createPrice(gateway, calls, marker, change, productId);
    await update('archive', { status: 'archived' });
    return created.id;
  }
  return patchInPlace<PriceState, Patch<'updatePrice'>>(change, update, (purpose, desired) =>
    purpose === 'adopt'
      ? priceAdoptBody(marker, desired, change.fields)
      : priceUpdateBody(marker, desired, change.fields),
  );
}
