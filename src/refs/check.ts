// The verdict on each id the code names, from what the account (and, when it can be asked, the
// other environment's account or id file) says. Pure: table-tested.
import { DEFAULT_CATALOG } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { Marker } from '../planner/marker.js';
import type { FoundObject, ObjectKind, Unreadable } from './lookup.js';
import { isChecked } from './lookup.js';
import { type Occurrence, prefixOf } from './scan.js';

/**
 * What is wrong with an id; stable names, matched on in --json and shown as the annotation's title.
 * @internal The docs test holds docs/rules.md to each problem.
 */
export type Problem = 'unknown-id' | 'archived' | 'other-environment' | 'product-archived';

type Verdict = 'ok' | Problem | 'not-checked';

export interface Reference extends Occurrence {
  verdict: Verdict;
  kind?: ObjectKind;
  /** `pro/monthly`, or `billing:pro/monthly` for a catalog other than default */
  owner?: string;
  /** for a problem, or an id not checked: why, in words */
  message?: string;
  /** an archived price: the price that replaced it (`pro/monthly-2027`), when its archive said so */
  replacedBy?: string;
}

/** The other environment, when it could be asked: the ids it has (from its key or an id file). */
export interface OtherEnvironment {
  environment: EnvironmentName;
  /** how it was asked, for messages: `PADDLE_PRODUCTION_API_KEY` or the id file's name */
  source: string;
  found: Map<string, { kind: ObjectKind; owner?: string }>;
}

export const ownerOf = (marker: Marker | undefined): string | undefined =>
  marker && (marker.catalog === DEFAULT_CATALOG ? marker.key : `${marker.catalog}:${marker.key}`);

const named = (kind: string, owner: string | undefined) => (owner ? ` (${kind} ${owner})` : ` (${kind})`);

/** How to let refs tell an unknown id from one of the other environment. */
export function askOtherHint(environment: EnvironmentName): string {
  const other = environment === 'sandbox' ? 'production' : 'sandbox';
  return `set PADDLE_${other.toUpperCase()}_API_KEY (a key of the ${other} account) or give --ids-file with ${other}'s ids`;
}

export interface CheckInput {
  environment: EnvironmentName;
  found: Map<string, FoundObject>;
  unreadable: readonly Unreadable[];
  other?: OtherEnvironment;
}

export function checkReferences(occurrences: readonly Occurrence[], input: CheckInput): Reference[] {
  return occurrences.map(({ side, ...occurrence }) => ({
    ...occurrence,
    // the other side of an id file of ids is there for the other environment, by design
    ...(side && side !== input.environment
      ? { verdict: 'not-checked' as const, message: `the ${side} side of an id file` }
      : verdictOf(occurrence.id, input)),
  }));
}

function verdictOf(id: string, input: CheckInput): Omit<Reference, keyof Occurrence> {
  const { environment, found, unreadable } = input;
  const prefix = prefixOf(id);
  if (!isChecked(prefix)) return { verdict: 'not-checked', message: `${prefix}_ ids are not looked up` };
  const denied = unreadable.find((u) => u.prefix === prefix);
  if (denied) return { verdict: 'not-checked', message: `the key lacks ${denied.permission}` };
  const object = found.get(id);
  if (!object) return missingVerdict(id, input);
  const owner = ownerOf(object.marker);
  const where = `${named(object.kind, owner)} in the ${environment} account`;
  if (object.status !== 'active') {
    const replaced = object.replacedBy ? `; it was replaced by ${object.replacedBy}` : '';
    const message = `${id} is ${object.status}${where}${replaced}`;
    return { verdict: 'archived', kind: object.kind, owner, message, ...replacement(object) };
  }
  if (object.product?.status !== undefined && object.product.status !== 'active') {
    return {
      verdict: 'product-archived',
      kind: object.kind,
      owner,
      message: `${id}${named('price', owner)} is active, but its product ${object.product.id} is ${object.product.status}: it cannot be bought`,
    };
  }
  return { verdict: 'ok', kind: object.kind, owner };
}

/** An archived price's replacement, as its catalog key (with the catalog of its marker). */
function replacement(object: FoundObject): { replacedBy?: string } {
  if (!object.replacedBy) return {};
  return {
    replacedBy: ownerOf({ key: object.replacedBy, catalog: object.marker?.catalog ?? DEFAULT_CATALOG }),
  };
}

function missingVerdict(id: string, input: CheckInput): Omit<Reference, keyof Occurrence> {
  const { environment, other } = input;
  const there = other?.found.get(id);
  if (other && there) {
    return {
      verdict: 'other-environment',
      kind: there.kind,
      owner: there.owner,
      message: `${id} is a ${other.environment} id${named(there.kind, there.owner)}, not in the ${environment} account`,
    };
  }
  const message = other
    ? `${id} is in neither account: not in ${environment}, nor in ${other.environment} (${other.source})`
    : `${id} is not in the ${environment} account`;
  return { verdict: 'unknown-id', message };
}

export const isProblem = (reference: Reference): boolean =>
  reference.verdict !== 'ok' && reference.verdict !== 'not-checked';
