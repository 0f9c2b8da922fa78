// One catalog operation sent to Paddle: its update, or its create with the lookup by marker that
// recovers a create whose outcome is unknown (the scheduling around it is execute.ts's).
import { InternalError } from '../errors.js';
import type { AnyOperation } from '../moves/compile.js';
import type { Operation } from '../operations/compile.js';
import type { Calls } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import { keyIn } from '../planner/marker.js';
import type {
  DiscountGroupWrite,
  DiscountWrite,
  NotificationWrite,
  PriceWrite,
  ProductWrite,
} from '../planner/remote.js';
import { textKeyIn } from '../planner/text-marker.js';

/** An operation that names what the run does not have (an id, a reference): a bug of ours. */
export function missing(op: AnyOperation, id: string): never {
  throw new InternalError(`${op.id} waits for ${id}, which is not an earlier operation`);
}

/** One operation's call; returns the id of the object written (for a create, the new one). */
export async function perform(
  gateway: CatalogGateway,
  calls: Calls,
  op: Operation,
  { target, body }: { target: string | undefined; body: unknown },
): Promise<string> {
  const operation = `${op.verb} ${op.kind} ${op.key}`;
  if (op.verb === 'create') return (await create(gateway, calls, op, operation, body)).id;
  const id = target ?? missing(op, 'a target');
  const write: Record<Operation['kind'], () => Promise<unknown>> = {
    product: () => gateway.updateProduct(operation, id, body as ProductWrite),
    price: () => gateway.updatePrice(operation, id, body as PriceWrite),
    discount: () => gateway.updateDiscount(operation, id, body as DiscountWrite),
    discount_group: () => gateway.updateDiscountGroup(operation, id, body as DiscountGroupWrite),
    notification: () =>
      op.verb === 'delete'
        ? gateway.deleteNotification(operation, id)
        : gateway.updateNotification(operation, id, body as NotificationWrite),
  };
  await calls.run('write', write[op.kind]);
  return id;
}

/** A create whose outcome is unknown is looked up by its marker before it is sent again (calls.ts). */
function create(gateway: CatalogGateway, calls: Calls, op: Operation, operation: string, body: unknown) {
  const { kind, key, recover } = op;
  const lookup = `list ${kind}s to find ${key}`;
  const ours = (custom: Parameters<typeof keyIn>[1]) =>
    recover !== null && keyIn(recover.catalog, custom) === key;
  if (kind === 'product') {
    const find = () => gateway.findProduct(lookup, (p) => ours(p.custom_data));
    return calls.run('write', () => gateway.createProduct(operation, body as ProductWrite), find);
  }
  if (kind === 'discount') {
    const find = () => gateway.findDiscount(lookup, (d) => ours(d.custom_data));
    return calls.run('write', () => gateway.createDiscount(operation, body as DiscountWrite), find);
  }
  // these carry their marker at the end of a text (src/planner/text-marker.ts)
  const oursByText = (text: string) => recover !== null && textKeyIn(recover.catalog, text) === key;
  if (kind === 'discount_group') {
    const find = () => gateway.findDiscountGroup(lookup, (g) => oursByText(g.name));
    return calls.run('write', () => gateway.createDiscountGroup(operation, body as DiscountGroupWrite), find);
  }
  if (kind === 'notification') {
    const find = () => gateway.findNotification(lookup, (n) => oursByText(n.description));
    return calls.run('write', () => gateway.createNotification(operation, body as NotificationWrite), find);
  }
  const price = body as PriceWrite;
  const productId = price.product_id ?? missing(op, 'a product_id');
  const find = () =>
    gateway.findPrice(lookup, productId, (p) => ours(p.custom_data) && p.status === 'active');
  return calls.run('write', () => gateway.createPrice(operation, price), find);
}
