// country-codes-invalid: the euro zone typed as one code. Paddle takes countries one by one and the
// catalog sends what it says, so a group is refused with its countries to paste, never expanded.
import { describe, expect, it } from 'vitest';
import { EURO_AREA, EUROPEAN_UNION, SUPPORTED_COUNTRY_CODES } from '../../src/paddle-facts/countries.js';
import { catalogWith, errorsOf, PRICE } from '../support/catalog-rules.js';

const withCountries = (...codes: string[]) =>
  catalogWith({
    price: {
      unit_price_overrides: [{ country_codes: codes, unit_price: { amount: '900', currency_code: 'EUR' } }],
    },
  });

const EURO_LIST =
  '[AT, BE, BG, CY, DE, EE, ES, FI, FR, GR, HR, IE, IT, LT, LU, LV, MT, NL, PT, SI, SK] (21 countries)';

describe('country-codes-invalid: a group of countries written as a code', () => {
  it.each(['EUROZONE', 'eurozone', 'euro-zone', 'EURO', 'euro area'])(
    '%s lists the euro area to paste',
    (code) => {
      const errors = errorsOf(withCountries(code));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        rule: 'country-codes-invalid',
        path: `${PRICE}.unit_price_overrides.0.country_codes.0`,
      });
      expect(errors[0]?.message).toBe(
        `${JSON.stringify(code)} is a group, not a country: Paddle takes country codes one by one. For the euro area write country_codes: ${EURO_LIST}`,
      );
    },
  );

  it('EU lists the 27 members of the European Union, and the euro area beside them', () => {
    const [error] = errorsOf(withCountries('GB', 'EU'));
    expect(error?.message).toMatch(
      /^"EU" is a group, not a country: .* For the European Union write country_codes: \[AT, BE, BG, CY, CZ, DE, DK, .*\] \(27 countries\); the euro area, which pays in EUR, is \[AT, /,
    );
    expect(error?.message).toContain(EURO_LIST);
  });

  it('the lists are countries Paddle sells to, and pasting one validates', () => {
    expect(EURO_AREA).toHaveLength(21);
    expect(EUROPEAN_UNION).toHaveLength(27);
    for (const code of EUROPEAN_UNION) expect(SUPPORTED_COUNTRY_CODES).toContain(code);
    expect(errorsOf(withCountries(...EURO_AREA))).toEqual([]);
  });
});
