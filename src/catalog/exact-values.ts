// What the catalog holds must reach Paddle as written, and Paddle takes JSON. YAML can say more
// than JSON carries exactly: .nan and .inf (JSON has no such number; they would be sent as null),
// integers past 2^53 (they would lose digits), and a `__proto__` key (it would vanish when the map
// becomes an object). Each is refused with its rule (docs/rules.md); tags are the reader's to check.
import { error, type Finding, type PathSegment } from './rules/finding.js';

const EXACT_RULE = { number: 'number-inexact', proto: 'proto-key' } as const;

/** A finding at a key rather than its value (see StructuralFinding). */
export type KeyedFinding = Finding & { atKey?: boolean };

function numberMessage(value: number): string {
  if (Number.isNaN(value) || !Number.isFinite(value)) {
    return `${value} is not a number JSON can carry (it would be sent as null); quote it to keep it as text`;
  }
  return `${value} is beyond the whole numbers JSON carries exactly (±${Number.MAX_SAFE_INTEGER}); quote it to keep every digit`;
}

const inexact = (value: number) =>
  !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));

// one path stack for the whole walk, copied only for a finding: valid catalogs are walked too
function walk(value: unknown, path: PathSegment[], found: KeyedFinding[]): void {
  if (typeof value === 'number') {
    if (inexact(value)) found.push(error(EXACT_RULE.number, [...path], numberMessage(value)));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      path.push(index);
      walk(item, path, found);
      path.pop();
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      if (key === '__proto__') found.push({ ...protoFinding([...path]), atKey: true });
      walk(item, path, found);
      path.pop();
    }
  }
}

function protoFinding(path: PathSegment[]): Finding {
  const message = '"__proto__" cannot be a key: it would vanish on its way to Paddle; rename it';
  return error(EXACT_RULE.proto, path, message);
}

/** Every value of a parsed catalog that JSON would not carry exactly, at its path. */
export function inexactValues(raw: unknown): KeyedFinding[] {
  const found: KeyedFinding[] = [];
  walk(raw, [], found);
  return found;
}
