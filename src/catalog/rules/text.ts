// Paddle's input rules for text and custom data (docs/rules.md has a section per id): required
// text must hold a character other than whitespace (Paddle's pattern `.*\S.*`), and custom data,
// when given, needs at least one key.
import { error, type Finding } from './finding.js';

const TEXT_RULE = {
  nameBlank: 'product-name-blank',
  descriptionBlank: 'price-description-blank',
  customDataEmpty: 'custom-data-empty',
} as const;

const blank = (value: string | undefined) => value !== undefined && value.trim() === '';

/** A product's name is shown at checkout; spaces alone are refused. */
export function productNameBlank(product: { name?: string }): Finding[] {
  if (!blank(product.name)) return [];
  return [error(TEXT_RULE.nameBlank, ['name'], 'name is blank: give the product a name customers will see')];
}

/** A price's description is required and must say something. */
export function priceDescriptionBlank(price: { description?: string }): Finding[] {
  if (!blank(price.description)) return [];
  return [
    error(TEXT_RULE.descriptionBlank, ['description'], 'description is blank: say what the price is for'),
  ];
}

/** `custom_data: {}`: Paddle takes custom data with at least one key, or none at all. */
export function customDataEmpty(object: { custom_data?: Record<string, unknown> }): Finding[] {
  if (object.custom_data === undefined || Object.keys(object.custom_data).length > 0) return [];
  return [
    error(
      TEXT_RULE.customDataEmpty,
      ['custom_data'],
      'custom_data is empty: Paddle needs at least one key; remove custom_data or add a key',
    ),
  ];
}
