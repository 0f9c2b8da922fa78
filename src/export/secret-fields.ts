// export writes the account's data as it is, to stdout and to a file alike: a key found in it is
// not masked (that would change the data on one of the two ways out) but named as a warning.

/** The dotted paths of the texts (values and map keys) in `value` for which `holds` is true. */
export function fieldsHolding(
  value: unknown,
  holds: (text: string) => boolean,
  path: string[] = [],
): string[] {
  const at = (segment: string | number) => [...path, String(segment)];
  if (typeof value === 'string') return holds(value) ? [path.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldsHolding(item, holds, at(index)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(holds(key) ? [at(key).join('.')] : []),
    ...fieldsHolding(item, holds, at(key)),
  ]);
}

/** The warning for each field of the exported catalog that holds the API key. */
export function secretFieldWarnings(catalog: unknown, holds: (text: string) => boolean): string[] {
  return fieldsHolding(catalog, holds).map(
    (field) =>
      `${field} holds an API key: it is exported as the account has it; remove it there and roll the key`,
  );
}
