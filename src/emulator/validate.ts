// Request-body shape checks in Paddle's style: every problem at once as
// `{field, message}`, `(root)` for a missing required field, dotted paths for nested ones.
import { AMOUNT_MAX, amountAboveMax, CUSTOM_DATA_MAX_BYTES, jsonBytes } from '../paddle-facts/limits.js';
import type { FieldError } from './api-error.js';

export type Body = Record<string, unknown>;

export function isObject(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON value's type as Paddle's messages name it: any number is `number` ("given: number" for 1). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export class FieldErrors {
  readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  /** Unknown properties (the API's schemas say additionalProperties: false). */
  onlyKnown(body: Body, known: readonly string[], prefix = ''): void {
    for (const key of Object.keys(body)) {
      if (!known.includes(key)) this.add(`${prefix}${key}`, `Additional property ${key} is not allowed`);
    }
  }

  required(body: Body, names: readonly string[]): void {
    for (const name of names) if (body[name] === undefined) this.add('(root)', `${name} is required`);
  }

  /** true when the value is a string (or null where allowed); checks its length. */
  string(field: string, value: unknown, min: number, max: number, nullable = false): boolean {
    if (value === undefined || (nullable && value === null)) return false;
    if (typeof value !== 'string') {
      this.add(field, `Invalid type. Expected: string, given: ${typeName(value)}`);
      return false;
    }
    if (value.length < min) this.add(field, `String length must be greater than or equal to ${min}`);
    else if (value.length > max)
      this.add(field, `maximum length of ${max} exceeded. provided value length ${value.length}`);
    return true;
  }

  /** Paddle's message lists the allowed values in alphabetical order. */
  oneOf(field: string, value: unknown, allowed: readonly string[]): void {
    if (value === undefined) return;
    if (typeof value !== 'string') {
      this.add(field, `Invalid type. Expected: string, given: ${typeName(value)}`);
    } else if (!allowed.includes(value)) {
      const listed = allowed.toSorted().map((v) => `"${v}"`);
      this.add(field, `must be one of the following: ${listed.join(', ')}`);
    }
  }

  integer(field: string, value: unknown): value is number {
    if (typeof value === 'number' && Number.isInteger(value)) return true;
    this.add(field, `Invalid type. Expected: integer, given: ${typeName(value)}`);
    return false;
  }

  boolean(field: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') {
      this.add(field, `Invalid type. Expected: boolean, given: ${typeName(value)}`);
    }
  }

  /** Required text: Paddle's pattern `.*\S.*`, so whitespace alone is refused. */
  notBlank(field: string, value: unknown): void {
    if (typeof value === 'string' && value.length > 0 && value.trim() === '') {
      this.add(field, 'must contain a character other than whitespace (pattern .*\\S.*)');
    }
  }

  /** custom_data: a JSON object with at least one key, or null, within the size bound. */
  customData(value: unknown): void {
    if (value === undefined || value === null) return;
    if (!isObject(value))
      this.add('custom_data', `Invalid type. Expected: object, given: ${typeName(value)}`);
    else if (Object.keys(value).length === 0) this.add('custom_data', 'must have at least 1 key');
    else if (jsonBytes(value) > CUSTOM_DATA_MAX_BYTES) {
      const provided = `provided size ${jsonBytes(value)}`;
      this.add('custom_data', `maximum size of ${CUSTOM_DATA_MAX_BYTES} bytes exceeded. ${provided}`);
    }
  }

  /** An amount already known to be digits: at most AMOUNT_MAX. */
  amountAtMost(field: string, digits: string): void {
    if (amountAboveMax(digits)) this.add(field, `Must be less than or equal to ${AMOUNT_MAX}`);
  }

  array(field: string, value: unknown): value is unknown[] {
    if (Array.isArray(value)) return true;
    this.add(field, `Invalid type. Expected: array, given: ${typeName(value)}`);
    return false;
  }

  object(field: string, value: unknown): value is Body {
    if (isObject(value)) return true;
    this.add(field, `Invalid type. Expected: object, given: ${typeName(value)}`);
    return false;
  }
}
