// What reading a catalog finds wrong, and the error that stops a command when any of it is an error.

import type { EnvironmentName } from '../paddle-facts/environments.js';
import { plural } from '../text/plural.js';
import type { RuleId } from './rules/ids.js';

/** One problem found in a catalog file, positioned at the node that causes it. */
export interface CatalogIssue {
  /** dotted path, list items by index: `products.pro.prices.monthly.unit_price_overrides.0.country_codes` */
  path: string;
  line: number;
  column: number;
  message: string;
  /** the id of the rule that found it (explained in docs/rules.md), e.g. `trial-paid-and-cardless` */
  rule: RuleId;
  severity: 'error' | 'warning';
}

/** The catalog has errors; nothing may be sent to the API. Shown by src/views/failure.ts. */
export class InvalidCatalogError extends Error {
  override name = 'InvalidCatalogError';
  constructor(
    readonly file: string,
    readonly issues: CatalogIssue[],
    /** the environment whose settings the rules used */
    readonly environment: EnvironmentName,
  ) {
    const errors = issues.filter((issue) => issue.severity === 'error').length;
    super(`${file}: ${plural(errors, 'error')} in the catalog`);
  }
}
