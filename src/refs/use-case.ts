// `refs`: the ids the code names, found in its files and checked against the account. The account
// is read only when there is an id to check, and only for those ids (in batches); the other
// environment is asked only about the ids this one does not have.

import type { IdsDocument } from '../ids/document.js';
import { sideEntries } from '../ids/document.js';
import type { CallStats, Calls } from '../paddle/calls.js';
import type { Target } from '../paddle/target.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { checkReferences, type OtherEnvironment, ownerOf, type Reference } from './check.js';
import { listFiles, type ScanTotals, scanFiles } from './files.js';
import { isChecked, lookUpIds } from './lookup.js';
import { prefixOf } from './scan.js';

export interface RefsRequest {
  paths: readonly string[];
  cwd: string;
  environment: EnvironmentName;
  /** opens the account's session (banner, key) the first time an id needs it */
  target: () => Promise<Target>;
  /** the other environment, when it can be asked: its account, or the ids of an id file */
  other?: { environment: EnvironmentName; source: string } & ({ target: Target } | { document: IdsDocument });
  calls: Calls;
}

export interface RefsResult {
  environment: EnvironmentName;
  totals: ScanTotals;
  references: Reference[];
  /** the other environment and how it was asked, when it was */
  other?: { environment: EnvironmentName; source: string };
  stats: CallStats;
}

/** Where a person watches: each stage runs inside its hook (e.g. under a spinner). */
export interface RefsHooks {
  scanning?: <T>(work: () => Promise<T>) => Promise<T>;
  lookingUp?: <T>(work: () => Promise<T>) => Promise<T>;
}

const plainly = <T>(work: () => Promise<T>) => work();

export async function checkRefs(request: RefsRequest, hooks: RefsHooks = {}): Promise<RefsResult> {
  const { environment, calls } = request;
  const { occurrences, totals } = await (hooks.scanning ?? plainly)(async () =>
    scanFiles(await listFiles(request.paths, request.cwd), request.cwd),
  );
  const checkable = [...new Set(occurrences.map((o) => o.id))].filter((id) => isChecked(prefixOf(id)));
  if (checkable.length === 0) {
    const references = checkReferences(occurrences, { environment, found: new Map(), unreadable: [] });
    return { environment, totals, references, stats: calls.stats };
  }
  // the session (its banner) opens between the stages, never under a spinner
  const target = await request.target();
  const { found, unreadable, other } = await (hooks.lookingUp ?? plainly)(async () => {
    const here = await lookUpIds(target, checkable, calls);
    const missing = checkable.filter((id) => !here.found.has(id));
    const there =
      request.other && missing.length > 0 ? await askOther(request.other, missing, calls) : undefined;
    return { ...here, other: there };
  });
  const references = checkReferences(occurrences, { environment, found, unreadable, other });
  const asked = request.other && { environment: request.other.environment, source: request.other.source };
  return { environment, totals, references, ...(asked ? { other: asked } : {}), stats: calls.stats };
}

async function askOther(
  other: NonNullable<RefsRequest['other']>,
  ids: string[],
  calls: Calls,
): Promise<OtherEnvironment> {
  const found: OtherEnvironment['found'] = new Map();
  if ('target' in other) {
    for (const object of (await lookUpIds(other.target, ids, calls)).found.values()) {
      found.set(object.id, { kind: object.kind, owner: ownerOf(object.marker) });
    }
  } else {
    const side = other.document.environments[other.environment];
    const catalog = other.document.catalog;
    for (const entry of side ? sideEntries(side) : []) {
      found.set(entry.id, { kind: entry.kind, owner: ownerOf({ key: entry.key, catalog }) });
    }
  }
  return { environment: other.environment, source: other.source, found };
}
