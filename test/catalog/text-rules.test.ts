// Paddle's input rules in validate: blank required text and empty custom data, each with its rule
// id and the position of the field (docs/rules.md has a section per id).
import { describe, expect, it } from 'vitest';
import { catalogWith, errorsOf, PRICE } from '../support/catalog-rules.js';

describe('text and custom data rules', () => {
  it.each([
    ['product-name-blank', { product: { name: '   ' } }, 'products.pro.name', 'name is blank'],
    [
      'price-description-blank',
      { price: { description: '    ' } },
      `${PRICE}.description`,
      'description is blank',
    ],
    [
      'custom-data-empty',
      { product: { custom_data: {} } },
      'products.pro.custom_data',
      'custom_data is empty',
    ],
    ['custom-data-empty', { price: { custom_data: {} } }, `${PRICE}.custom_data`, 'custom_data is empty'],
  ])('%s: %j is an error at its field, with line and column', (rule, change, path, message) => {
    const [issue, ...rest] = errorsOf(catalogWith(change));
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ rule, path, message: expect.stringContaining(message) });
    expect(issue?.line).toBeGreaterThan(0);
    expect(issue?.column).toBeGreaterThan(0);
  });

  it('text with a character besides spaces, and custom data with a key, pass', () => {
    const text = catalogWith({
      product: { name: ' P ', custom_data: { a: 1 } },
      price: { description: ' ok' },
    });
    expect(errorsOf(text)).toEqual([]);
  });
});
