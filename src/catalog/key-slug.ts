// Catalog keys made from names: what `export` and `init` offer when a name is all they have.

const KEY_MAX = 63;

/** `Pro Plan (EUR)` → `pro-plan-eur`; accents folded, at most 63 characters; '' when nothing is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, KEY_MAX)
    .replace(/-+$/, '');
}

/** The first candidate not taken yet (`fallback` when all are empty); else the first with `-2`, `-3`, … (≤ 63 characters). */
export function uniqueKey(
  candidates: readonly string[],
  taken: ReadonlySet<string>,
  fallback: string,
): string {
  const usable = candidates.filter((c) => c !== '');
  if (usable.length === 0) usable.push(fallback);
  const free = usable.find((c) => !taken.has(c));
  if (free !== undefined) return free;
  const base = usable[0] as string;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const key = `${base.slice(0, KEY_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(key)) return key;
  }
}
