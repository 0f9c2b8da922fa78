// `apply <plan-file>`: what the file holds, loaded in place of a catalog file (the check made once
// the account has been read is check.ts).
import { type LoadedCatalog, loadCatalog, readCatalogFile } from '../catalog/read.js';
import { settingsFor } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { shown } from '../text/escape.js';
import type { SavedPlan } from './document.js';
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
  if (flags.local) {
    // --local is a sandbox emulator: a production plan is told so, not sent to the sandbox message
    throw new UserError(
      saved.environment === 'production'
        ? `--local: ${shown(file)} is a plan for production; --local runs a built-in sandbox emulator. Nothing was applied.`
        : `--local: ${shown(file)} is a saved plan for an account that stays; the built-in emulator starts empty for each command.`,
      saved.environment === 'production'
        ? 'Apply it with --production and a live key, without --local.'
        : undefined,
    );
  }
  if (saved.environment !== environment) {
    const flag = saved.environment === 'production' ? 'with --production' : 'without --production';
    throw new UserError(
      `${shown(file)} is a plan for ${saved.environment}; this apply targets ${environment}. Nothing was applied.`,
      `Apply it ${flag} (with that environment's key), or make a plan for ${environment}.`,
    );
  }
  const { catalog } = saved;
  return { file, catalog, environment, settings: settingsFor(catalog, environment), warnings: [], saved };
}

function planOptions(saved: SavedPlan): string {
  const on = PLAN_OPTIONS.filter((o) => saved.options[o]).map((o) => `--${o}`);
  return on.length > 0 ? on.join(', ') : 'none';
}
