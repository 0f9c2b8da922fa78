// Two keys whose dotenv names meet (`a` + price `b_c` and `a_b` + price `c` both give
// PADDLE_PRICE_A_B_C; discounts `vip-5` and `vip_5` both give PADDLE_DISCOUNT_VIP_5): dotenv keeps
// one of the two lines, so an app would silently use the other key's id. Refused before anything runs.
import { envNameClashes } from '../env-names.js';
import type { CatalogKind } from '../schema.js';
import { error, type Finding, type PathSegment } from './finding.js';
import type { RuleInput } from './rule-input.js';

const pathOf = (kind: CatalogKind, key: string): PathSegment[] => {
  if (kind === 'discount') return ['discounts', key];
  if (kind === 'discount_group') return ['discount_groups', key];
  if (kind === 'notification') return ['notifications', key];
  const [product = '', price] = key.split('/');
  return price === undefined ? ['products', product] : ['products', product, 'prices', price];
};

const words = (kind: CatalogKind) => kind.replace('_', ' ');

export function envNamesDistinct(input: RuleInput): Finding[] {
  const keys = [
    ...input.products.map((p) => ({ kind: 'product' as const, key: p.key })),
    ...input.products.flatMap((p) =>
      p.prices.map((price) => ({ kind: 'price' as const, key: `${p.key}/${price.key}` })),
    ),
    ...input.discounts.map((d) => ({ kind: 'discount' as const, key: d.key })),
    ...(input.discountGroups ?? []).map(({ key }) => ({ kind: 'discount_group' as const, key })),
    ...(input.notifications ?? []).map(({ key }) => ({ kind: 'notification' as const, key })),
  ];
  return envNameClashes(keys).map((clash) =>
    error(
      'env-name-collision',
      pathOf(clash.kind, clash.second),
      `${words(clash.kind)} ${clash.second} and ${words(clash.firstKind)} ${clash.first} both become ${clash.name} in dotenv files (apply --env-out, ids --format env), which keep only one; rename one of the keys`,
    ),
  );
}
