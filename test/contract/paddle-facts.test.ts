// Each Paddle fact the client relies on is written once, in src/paddle-facts/. The emulator keeps its
// own copy of some of them (its list page size, key prefixes, statuses, invoice link lifetime) on
// purpose: it stands in for Paddle, and a stand-in that read our client's assumptions would agree with
// them even when they are wrong, so no test against it could catch the mistake. Here both copies are
// held against Paddle's OpenAPI where it states the fact, and against each other where only Paddle's
// docs do (cited beside each constant).
import { describe, expect, it } from 'vitest';
import { keyAccount } from '../../src/emulator/auth.js';
import { CATALOG_LIST } from '../../src/emulator/list.js';
import { INVOICE_LINK_LIFETIME_MS } from '../../src/emulator/routes/invoice.js';
import { NOTIFICATION_SETTINGS_LIST } from '../../src/emulator/routes/notification-settings.js';
import { DISCOUNT_STATUSES as EMULATOR_DISCOUNT_STATUSES } from '../../src/emulator/rules/discount-status.js';
import { NOTIFICATION_TYPES, TRAFFIC_SOURCES } from '../../src/emulator/rules/notification-setting.js';
import { INVOICE_URL_LIFETIME_MS, MAX_PAGE_SIZE } from '../../src/paddle-facts/api.js';
import { API_KEY_PREFIX } from '../../src/paddle-facts/environments.js';
import {
  CATALOG_STATUSES,
  DISCOUNT_STATUSES,
  LAPSED_DISCOUNT_STATUSES,
  TRANSACTION_STATUSES,
} from '../../src/paddle-facts/statuses.js';
import { FULL_SPEC_FILE, readSpec } from '../support/openapi.js';

const spec = readSpec(FULL_SPEC_FILE);
const schemas = spec.components.schemas;

describe("Paddle's facts: ours, the emulator's own, and Paddle's OpenAPI agree", () => {
  it("the largest list page is the OpenAPI's per_page maximum, for us and for the emulator", () => {
    const maximum = spec.components.parameters.per_page_query.schema.maximum;
    expect(MAX_PAGE_SIZE).toBe(maximum);
    expect(CATALOG_LIST.maxPerPage).toBe(maximum);
  });

  it("the emulator's notification settings list pages and kinds are the OpenAPI's", () => {
    const perPage = spec.components.parameters.per_page_notification_settings_query.schema;
    expect(NOTIFICATION_SETTINGS_LIST.maxPerPage).toBe(perPage.maximum);
    expect(NOTIFICATION_SETTINGS_LIST.defaultPerPage).toBe(perPage.default);
    expect([...NOTIFICATION_TYPES].sort()).toEqual(
      [...schemas.notification_setting.properties.type.enum].sort(),
    );
    expect([...TRAFFIC_SOURCES].sort()).toEqual(
      [...schemas.notification_setting.properties.traffic_source.enum].sort(),
    );
  });

  it("product, price and customer statuses and transaction statuses are the OpenAPI's enums", () => {
    expect(CATALOG_STATUSES).toEqual(schemas.status.enum);
    expect(TRANSACTION_STATUSES).toEqual(schemas['status-transaction'].enum);
  });

  it("discount statuses are the OpenAPI's plus the two Paddle sets by itself, for us and for the emulator", () => {
    // the OpenAPI enum names only active and archived; docs/discount-statuses.md says why both more exist
    expect(DISCOUNT_STATUSES).toEqual([...schemas['status-discount'].enum, ...LAPSED_DISCOUNT_STATUSES]);
    expect(EMULATOR_DISCOUNT_STATUSES).toEqual(DISCOUNT_STATUSES);
  });

  it('the emulator tells sandbox keys from live keys by the prefixes the client refuses a key by', () => {
    expect(keyAccount(`${API_KEY_PREFIX.sandbox}apikey_x`)).toBe('sandbox');
    expect(keyAccount(`${API_KEY_PREFIX.production}apikey_x`)).toBe('live');
    expect(keyAccount('pdl_test_apikey_x')).toBeUndefined();
  });

  it('an invoice link lives one hour, in the client and in the emulator', () => {
    expect(INVOICE_URL_LIFETIME_MS).toBe(3_600_000);
    expect(INVOICE_LINK_LIFETIME_MS).toBe(INVOICE_URL_LIFETIME_MS);
  });
});
