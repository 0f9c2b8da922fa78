// `ids`: the same account read as plan, turned into the key → id maps of the catalog's objects.
// Nothing is written to the account.

import type { IdEntry } from '../catalog/env-names.js';
import { catalogName } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { type PlanHooks, type PlanRequest, planAccount } from '../planning/account.js';
import { type IdsSide, idsFromPlan, idsSide, type MissingKey } from './document.js';

export interface IdsRequest extends Omit<PlanRequest, 'options'> {
  /** the API the account was read from, for the file (never the key) */
  baseUrl: string;
  now: () => Date;
}

export interface IdsResult {
  environment: EnvironmentName;
  catalog: string;
  entries: IdEntry[];
  side: IdsSide;
  missing: MissingKey[];
}

export async function readIds(request: IdsRequest, hooks: PlanHooks = {}): Promise<IdsResult> {
  const { environment, catalog, gateway, baseUrl, now, settings } = request;
  const { plan } = await planAccount({ environment, catalog, gateway, options: {}, settings }, hooks);
  const { entries, missing } = idsFromPlan(plan);
  return {
    environment,
    catalog: catalogName(catalog),
    entries,
    side: idsSide(entries, baseUrl, now()),
    missing,
  };
}
