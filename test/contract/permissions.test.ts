// The permission each call needs, as the tool names it in a 403's hint, held against Paddle's OpenAPI
// (`x-permissions` per operation, `x-enum-permissions` per include value) with what came after it
// (discount groups, from their reference pages: test/support/openapi-overlay.ts) and the emulator's
// routes, which keep their own copy on purpose (it stands in for Paddle).
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../src/emulator/router.js';
import {
  ENDPOINT_PERMISSIONS,
  INCLUDE_PERMISSIONS,
  permissionsOf,
} from '../../src/paddle-facts/permissions.js';
import { currentSpec } from '../support/openapi.js';

const spec = currentSpec();

/** The OpenAPI path of ours: `/subscriptions/{id}` is `/subscriptions/{subscription_id}` there. */
function specOperation(method: string, path: string) {
  const pattern = new RegExp(`^${path.replace(/\{id\}/g, '\\{[a-z_]+\\}')}$`);
  const specPath = Object.keys(spec.paths).find((p) => pattern.test(p));
  return specPath === undefined ? undefined : spec.paths[specPath][method.toLowerCase()];
}

describe("the permission of each call the tool makes is the one Paddle's reference lists", () => {
  it('every entry matches the OpenAPI x-permissions of its operation, and the emulator asks the same', () => {
    expect(ENDPOINT_PERMISSIONS.length).toBeGreaterThan(20);
    for (const { method, path, permission } of ENDPOINT_PERMISSIONS) {
      expect(specOperation(method, path)?.['x-permissions'], `${method} ${path}`).toEqual([permission]);
      const concrete = path.replace(/\{id\}/g, 'x_01');
      expect(matchRoute(method, concrete).route.permission, `emulator ${method} ${path}`).toBe(permission);
    }
  });

  it("every include's permission is the OpenAPI's x-enum-permissions of that include value", () => {
    const entries = Object.entries(INCLUDE_PERMISSIONS).flatMap(([resource, values]) =>
      Object.entries(values).map(([value, permission]) => ({ resource, value, permission })),
    );
    expect(entries.length).toBe(4);
    for (const { resource, value, permission } of entries) {
      // a list's include, or a get's where the list has none (subscriptions)
      const parameters: { $ref?: string }[] = [
        ...(specOperation('GET', `/${resource}/{id}`)?.parameters ?? []),
        ...(specOperation('GET', `/${resource}`)?.parameters ?? []),
      ];
      const include = parameters
        .map((p) => (p.$ref ? spec.components.parameters[p.$ref.split('/').pop() as string] : p))
        .find((p) => p.name === 'include');
      expect(include?.schema.items['x-enum-permissions'][value], `${resource} ${value}`).toEqual([
        permission,
      ]);
    }
  });

  it('a call reads as its endpoint and includes; one Paddle lists none for gives none', () => {
    expect(permissionsOf('PATCH', '/subscriptions/sub_01')).toEqual(['subscription.write']);
    expect(permissionsOf('PATCH', '/subscriptions/sub_01/preview')).toEqual(['subscription.read']);
    expect(permissionsOf('GET', '/products?include=prices&status=active')).toEqual([
      'product.read',
      'price.read',
    ]);
    expect(permissionsOf('GET', '/subscriptions/sub_01?include=next_transaction')).toEqual([
      'subscription.read',
      'transaction.read',
    ]);
    expect(permissionsOf('GET', '/currencies')).toEqual([]);
  });
});
