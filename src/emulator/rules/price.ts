// Price bodies (OpenAPI price-create / price-update) and Paddle's price rules,
// enforced on the price as it would be stored, so a PATCH cannot get round them.
import { SUPPORTED_COUNTRY_CODES } from '../../paddle-facts/countries.js';
import { OVERRIDES_MAX, QUANTITY_MAX, TAX_MODES } from '../../paddle-facts/prices.js';
import { badRequest, domainError } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors, isObject } from '../validate.js';
import { checkTrialRules } from './trial.js';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
// the API's country_code_supported enum: countries Paddle does not sell to are refused
const COUNTRIES: ReadonlySet<unknown> = new Set(SUPPORTED_COUNTRY_CODES);
const CREATE_FIELDS = [
  'description',
  'product_id',
  'unit_price',
  'name',
  'type',
  'billing_cycle',
  'trial_period',
  'tax_mode',
  'unit_price_overrides',
  'quantity',
  'custom_data',
] as const;
/**
 * The tax_mode Paddle stores for a new price. On an account whose default is "Automatic based on
 * location", a price created with tax_mode left out or account_setting is stored as location
 * (https://developer.paddle.com/changelog/2025/default-automatic-tax-setting). An update is stored
 * as sent: the changelog speaks of new prices only.
 */
export function createdTaxMode(requested: unknown, settings: AccountSettings): unknown {
  const asked = requested ?? 'account_setting';
  return asked === 'account_setting' && settings.defaultTaxMode === 'location' ? 'location' : requested;
}

// product_id is immutable: it is not an update field, so sending it is an unknown property
const UPDATE_FIELDS = [...CREATE_FIELDS.filter((f) => f !== 'product_id'), 'status'] as const;

function checkMoney(errors: FieldErrors, field: string, value: unknown, settings: AccountSettings): void {
  if (!errors.object(field, value)) return;
  errors.onlyKnown(value, ['amount', 'currency_code'], `${field}.`);
  if (value.amount === undefined) errors.add(field, 'amount is required');
  else if (typeof value.amount !== 'string') errors.add(`${field}.amount`, 'Invalid type. Expected: string');
  else if (value.amount.startsWith('-')) errors.add(`${field}.amount`, 'The amount cannot be negative');
  else if (!/^\d+$/.test(value.amount)) errors.add(`${field}.amount`, 'must be a string of digits');
  else errors.amountAtMost(`${field}.amount`, value.amount);
  if (typeof value.currency_code !== 'string' || !settings.currencies.has(value.currency_code)) {
    errors.add(`${field}.currency_code`, 'must be a supported currency code');
  }
}

function checkOverrides(errors: FieldErrors, field: string, value: unknown, settings: AccountSettings): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    errors.add(field, 'Invalid type. Expected: array');
    return;
  }
  if (value.length > OVERRIDES_MAX) errors.add(field, `must have at most ${OVERRIDES_MAX} items`);
  value.forEach((override: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!errors.object(at, override)) return;
    errors.onlyKnown(override, ['country_codes', 'unit_price'], `${at}.`);
    const codes = override.country_codes;
    if (!Array.isArray(codes) || codes.length === 0)
      errors.add(`${at}.country_codes`, 'must have at least 1 item');
    else if (codes.some((c) => !COUNTRIES.has(c))) {
      errors.add(`${at}.country_codes`, 'must be supported ISO 3166-1 alpha-2 country codes');
    } else if (new Set(codes).size !== codes.length)
      errors.add(`${at}.country_codes`, 'items must be unique');
    checkMoney(errors, `${at}.unit_price`, override.unit_price, settings);
  });
}

function checkCycle(errors: FieldErrors, field: string, value: unknown): void {
  if (value === undefined || value === null || !errors.object(field, value)) return;
  errors.oneOf(`${field}.interval`, value.interval, INTERVALS);
  if (value.interval === undefined) errors.add(field, 'interval is required');
  errors.integer(`${field}.frequency`, value.frequency);
}

function checkTrialShape(errors: FieldErrors, value: unknown, settings: AccountSettings): void {
  if (value === undefined || value === null) return;
  checkCycle(errors, 'trial_period', value);
  if (!isObject(value)) return;
  errors.onlyKnown(
    value,
    ['interval', 'frequency', 'unit_price', 'unit_price_overrides', 'requires_payment_method'],
    'trial_period.',
  );
  if (value.unit_price !== undefined)
    checkMoney(errors, 'trial_period.unit_price', value.unit_price, settings);
  checkOverrides(errors, 'trial_period.unit_price_overrides', value.unit_price_overrides, settings);
  errors.boolean('trial_period.requires_payment_method', value.requires_payment_method);
}

function checkQuantity(errors: FieldErrors, value: unknown): void {
  if (value === undefined || !errors.object('quantity', value)) return;
  errors.onlyKnown(value, ['minimum', 'maximum'], 'quantity.');
  for (const bound of ['minimum', 'maximum'] as const) {
    const n = value[bound];
    if (!errors.integer(`quantity.${bound}`, n)) continue;
    if (n < 1) errors.add(`quantity.${bound}`, 'Must be greater than or equal to 1');
    if (n > QUANTITY_MAX) errors.add(`quantity.${bound}`, `Must be less than or equal to ${QUANTITY_MAX}`);
  }
  if (
    typeof value.minimum === 'number' &&
    typeof value.maximum === 'number' &&
    value.minimum > value.maximum
  ) {
    errors.add('quantity', 'Invalid request.');
  }
}

export function checkPriceBody(body: Body, mode: 'create' | 'update', settings: AccountSettings): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS);
  if (mode === 'create') errors.required(body, ['description', 'product_id', 'unit_price']);
  errors.string('description', body.description, 2, 500);
  errors.notBlank('description', body.description);
  errors.string('name', body.name, 1, 150, true);
  if (body.product_id !== undefined && typeof body.product_id !== 'string')
    errors.add('product_id', 'invalid input');
  if (body.unit_price !== undefined) checkMoney(errors, 'unit_price', body.unit_price, settings);
  errors.oneOf('type', body.type, ['standard', 'custom']);
  checkCycle(errors, 'billing_cycle', body.billing_cycle);
  checkTrialShape(errors, body.trial_period, settings);
  errors.oneOf('tax_mode', body.tax_mode, TAX_MODES);
  checkOverrides(errors, 'unit_price_overrides', body.unit_price_overrides, settings);
  checkQuantity(errors, body.quantity);
  errors.customData(body.custom_data);
  if (mode === 'update') errors.oneOf('status', body.status, ['active', 'archived']);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

function checkFrequencies(price: WireRecord): void {
  const cycle = price.billing_cycle;
  if (cycle && cycle.frequency < 1) {
    throw domainError(
      'price_billing_cycle_frequency_below_1',
      'billing_cycle.frequency must be equal to or higher than 1',
      'prices',
    );
  }
  if (cycle && cycle.frequency > 999) {
    throw domainError(
      'price_billing_cycle_frequency_greater_than_maximum',
      'billing_cycle.frequency must be equal to or lower than 999',
      'prices',
    );
  }
  if (price.trial_period && price.trial_period.frequency < 1) {
    throw domainError(
      'price_trial_period_frequency_below_1',
      'trial_period.frequency must be 1 or greater',
      'prices',
    );
  }
}

function checkDuplicateOverrides(overrides: WireRecord[]): void {
  const seen = new Set<string>();
  for (const override of overrides) {
    for (const country of override.country_codes as string[]) {
      const key = `${country}/${override.unit_price.currency_code}`;
      if (seen.has(key)) {
        throw domainError(
          'price_duplicate_currency_override_for_country',
          `duplicate currency override for country: '${country}' and currency code: '${override.unit_price.currency_code}'`,
          'prices',
        );
      }
      seen.add(key);
    }
  }
}

/** Paddle's rules on a whole price (as it will be stored). */
export function checkPriceRules(price: WireRecord, settings: AccountSettings): void {
  checkFrequencies(price);
  checkDuplicateOverrides(price.unit_price_overrides ?? []);
  checkTrialRules(price, settings);
}
