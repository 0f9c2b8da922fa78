// What Paddle fills in for a price created without these fields, and the tax modes it knows
// (https://developer.paddle.com/api-reference/prices/create-price).

/** A price without quantity allows 1 to 100 per checkout. */
export const DEFAULT_QUANTITY = { minimum: 1, maximum: 100 } as const;

export const TAX_MODES = ['account_setting', 'external', 'internal', 'location'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** A price without tax_mode takes the account's setting. */
export const DEFAULT_TAX_MODE: TaxMode = 'account_setting';

/** A price's quantity bounds go up to this many (the OpenAPI's `quantity.minimum`/`maximum` maximum). */
export const QUANTITY_MAX = 999_999_999;

/** A price takes at most this many unit_price_overrides (the OpenAPI's `maxItems`). */
export const OVERRIDES_MAX = 250;
