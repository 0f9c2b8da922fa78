// Product, price and discount keys are their stable identity, so they are kept to a safe alphabet.
import { KEY_PATTERN } from '../schema.js';

/**
 * `Pro Plan!` → `pro-plan`; undefined when nothing usable is left.
 * @internal A table test of the key suggested for a name.
 */
export function suggestKey(key: string): string | undefined {
  const slug = key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 63);
  return KEY_PATTERN.test(slug) ? slug : undefined;
}

export function invalidKeyMessage(kind: 'product' | 'price' | 'discount' | 'catalog', key: string): string {
  const suggestion = suggestKey(key);
  return (
    `${kind} ${kind === 'catalog' ? 'name' : 'key'} ${JSON.stringify(key)} must be 1–63 lower-case letters, digits, "-" or "_", ` +
    `starting with a letter or digit${suggestion ? ` (e.g. "${suggestion}")` : ''}`
  );
}
