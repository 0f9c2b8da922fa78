// Field-level differences between two normalised states, as dotted paths. Structured fields
// (unit_price, billing_cycle, quantity, trial_period) are compared leaf by leaf so the plan can
// say `unit_price.amount "2400" → "2900"`; lists and custom_data are compared whole (Paddle
// replaces lists wholesale, and user data is opaque).
import type { FieldChange } from './types.js';

const OPAQUE = new Set(['custom_data', 'unit_price_overrides', 'country_codes']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON with sorted object keys: equal values give equal strings. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export function fieldChanges(before: object, after: object, prefix = ''): FieldChange[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    // own fields only: a key such as "constructor" on one side is absent on the other, not Object's
    const [x, y] = [Object.hasOwn(a, key) ? a[key] : undefined, Object.hasOwn(b, key) ? b[key] : undefined];
    if (isPlainObject(x) && isPlainObject(y) && !OPAQUE.has(key)) return fieldChanges(x, y, path);
    return stableJson(x) === stableJson(y) ? [] : [{ path, before: x ?? null, after: y ?? null }];
  });
}

/** The top-level fields touched by a set of changes: what a PATCH has to send. */
export function touchedFields(changes: readonly FieldChange[]): string[] {
  return [...new Set(changes.map((c) => c.path.split('.')[0] as string))];
}
