// What an SDK entity class read as undefined: a field Paddle sends that the emulator lacks.

/**
 * Fields the SDK reads that Paddle's OpenAPI description does not document and that Paddle's own
 * examples leave out: a trial's requires_payment_method (its examples show a free trial as
 * {interval, frequency} only; whether Paddle always sends it is not known).
 */
const NOT_DOCUMENTED = /\.trialPeriod\.requiresPaymentMethod$/;

/** Every path under `value` (an SDK entity) whose value is undefined. */
export function undefinedFields(value: unknown, path = ''): string[] {
  if (value === undefined) return NOT_DOCUMENTED.test(path) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => undefinedFields(item, `${path}[${i}]`));
  // custom data is the user's own: the SDK passes it through as it is
  if (path.endsWith('.customData')) return [];
  return Object.entries(value).flatMap(([key, item]) => undefinedFields(item, `${path}.${key}`));
}
