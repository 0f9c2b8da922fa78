// "Did you mean" for misspelt field names and enum values.

/** `unitPrice` → `unit_price`, `TaxCategory` → `tax_category`. */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** Edit distance (insert, delete, substitute), two rows at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitute);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate the user most likely meant: same spelling in another case or in snake_case, the
 * one candidate that begins with it, else the nearest by edit distance if it is close enough to be a typo (a third of the length, at least 2).
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const folded = toSnakeCase(input);
  const exact = candidates.find((c) => c.toLowerCase() === input.toLowerCase() || c === folded);
  if (exact) return exact;
  // a word cut short ("percent" for "percentage"), when only one candidate fits and the word is at
  // least half of it ("software" is not "software-programming-services")
  const longer = candidates.filter(
    (c) => folded.length >= 3 && folded.length * 2 >= c.length && c.startsWith(folded),
  );
  if (longer.length === 1) return longer[0];
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = Math.min(editDistance(folded, candidate), editDistance(input.toLowerCase(), candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined;
}

/** ` (did you mean "x"?)` or nothing. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const suggestion = closest(input, candidates);
  return suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
}
