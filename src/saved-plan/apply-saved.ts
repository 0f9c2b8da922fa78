// `apply <plan-file>`: what the file holds, loaded in place of a catalog file, and the one check
// made once the account has been read (as a plan reads it, no more): the operations a plan makes now
// must be the saved ones, key by key, or nothing is written.
import { compileOperations } from '../apply/operations.js';
import { type LoadedCatalog, loadCatalog, readCatalogFile } from '../catalog/read.js';
import { settingsFor } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { Plan } from '../plan/types.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import type { SavedPlan } from './document.js';
import { driftOf } from './drift.js';
import { readSavedPlan } from './file.js';

export interface ApplyInput extends LoadedCatalog {
  /** set when the file is a saved plan: its catalog and options are the ones applied */
  saved?: SavedPlan;
}

/** The flags a saved plan decides itself: its options were fixed when it was made. */
const PLAN_OPTIONS = ['prune', 'adopt', 'dedupe'] as const;

export async function loadApplyInput(
  file: string,
  environment: EnvironmentName,
  cwd: string,
  flags: Partial<Record<(typeof PLAN_OPTIONS)[number] | 'local', boolean>>,
): Promise<ApplyInput> {
  const text = new TextDecoder().decode(await readCatalogFile(file, cwd));
  const saved = readSavedPlan(file, text);
  if (!saved) return loadCatalog(file, environment, cwd);
  const fixed = PLAN_OPTIONS.filter((option) => flags[option]);
  if (fixed.length > 0) {
    throw new UserError(
      `${fixed.map((o) => `--${o}`).join(', ')}: ${shown(file)} is a saved plan, made with the options it applies (${planOptions(saved)}).`,
      'Make the plan again with the options you want (plan <catalog> --out …).',
    );
  }
  if (saved.environment !== environment) {
    const flag = saved.environment === 'production' ? 'with --production' : 'without --production';
    throw new UserError(
      `${shown(file)} is a plan for ${saved.environment}; this apply targets ${environment}. Nothing was applied.`,
      `Apply it ${flag} (with that environment's key), or make a plan for ${environment}.`,
    );
  }
  if (flags.local) {
    throw new UserError(
      `--local: ${shown(file)} is a saved plan for an account that stays; the built-in emulator starts empty for each command.`,
    );
  }
  const { catalog } = saved;
  return { file, catalog, environment, settings: settingsFor(catalog, environment), warnings: [], saved };
}

function planOptions(saved: SavedPlan): string {
  const on = PLAN_OPTIONS.filter((o) => saved.options[o]).map((o) => `--${o}`);
  return on.length > 0 ? on.join(', ') : 'none';
}

/** Throws, naming every key a plan would now treat differently; returns when the saved plan still holds. */
export function refuseDrift(saved: SavedPlan, file: string, plan: Plan): void {
  const drift = driftOf(saved, { plan, operations: compileOperations(plan) });
  if (drift.length === 0) return;
  const list = drift.map((d) => `${d.kind} ${shown(d.key)}: ${d.reason}`).join('; ');
  throw new UserError(
    `Not applying ${shown(file)}: the account moved since the plan; ${plural(drift.length, 'key')} would now be planned differently: ${list}.`,
    'Nothing was written. Make the plan again from the catalog, review it, and apply the new plan file.',
    { drift },
  );
}
