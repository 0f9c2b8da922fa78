// A value the test knows is there (a fixture's key, a list's first item), narrowed with a check
// that fails the test by name instead of a non-null assertion the type checker takes on trust.
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${value}`);
  return value;
}
