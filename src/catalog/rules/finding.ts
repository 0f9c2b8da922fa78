// What a rule returns: a problem at a path relative to the object the rule looked at. The reader
// prefixes the path and turns it into a positioned CatalogIssue.
import type { EnvironmentName } from '../../paddle-facts/environments.js';
import type { EnvironmentSettings } from '../schema.js';
import type { RuleId } from './ids.js';

export type PathSegment = string | number;

export interface Finding {
  path: PathSegment[];
  message: string;
  /** the rule's id, explained in docs/rules.md, e.g. `trial-paid-and-cardless` */
  rule: RuleId;
  severity: 'error' | 'warning';
}

export interface RuleContext {
  environment: EnvironmentName;
  /** the target's settings; undefined when `environments` itself is invalid (then such rules stay quiet) */
  settings: EnvironmentSettings | undefined;
  /** the other environment's settings, for warnings about what will fail there */
  otherSettings: EnvironmentSettings | undefined;
  /** for dates in the catalog (a discount that has already expired) */
  now: Date;
  /**
   * what the target is, where known (src/paddle/target-kind.ts): Paddle cannot deliver a webhook to
   * this machine, the emulator can; absent: not known yet, and such rules stay quiet
   */
  target?: 'paddle' | 'emulator';
}

export function error(rule: RuleId, path: PathSegment[], message: string): Finding {
  return { path, message, rule, severity: 'error' };
}

export function warning(rule: RuleId, path: PathSegment[], message: string): Finding {
  return { path, message, rule, severity: 'warning' };
}

export function otherEnvironment(environment: EnvironmentName): EnvironmentName {
  return environment === 'sandbox' ? 'production' : 'sandbox';
}
