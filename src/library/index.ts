// `paddle-catalog`: check a catalog file from an app or a script, as `paddle-catalog validate` does
// (offline: structure and every local rule, each issue with its line and column).
import type { CatalogIssue } from '../catalog/issue.js';
import { readCatalog, readCatalogFile } from '../catalog/read.js';
import { ENVIRONMENTS, type EnvironmentName } from '../paddle-facts/environments.js';

export type { CatalogIssue, EnvironmentName };

export interface ValidateOptions {
  /** whose account settings the rules use (approved tax categories, cardless trials); default: sandbox */
  environment?: EnvironmentName | undefined;
}

export interface ValidationResult {
  /** no errors (warnings allowed): the catalog can be planned and applied */
  ok: boolean;
  /** errors and warnings, in file order */
  issues: CatalogIssue[];
}

/** Rejects when the file cannot be read (missing, a directory); a bad catalog resolves with its issues. */
export async function validateCatalogFile(
  path: string,
  options: ValidateOptions = {},
): Promise<ValidationResult> {
  const environment = options.environment ?? 'sandbox';
  if (!ENVIRONMENTS.includes(environment))
    throw new TypeError(`environment must be "sandbox" or "production", not ${JSON.stringify(environment)}`);
  const { catalog, issues } = readCatalog(path, await readCatalogFile(path), { environment });
  return { ok: catalog !== undefined, issues };
}
