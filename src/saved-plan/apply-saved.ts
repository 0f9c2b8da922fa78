// `apply <plan-file>`: what the file holds, loaded in place of a catalog file (the check made once
// the account has been read is check.ts).
import { dottedPath } from '../catalog/positions.js';
import { catalogRuleErrors, type LoadedCatalog, loadCatalog, readCatalogFile } from '../catalog/read.js';
import { settingsFor } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
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
  refuseBrokenCatalog(saved, file, environment);
  const { catalog } = saved;
  return { file, catalog, environment, settings: settingsFor(catalog, environment), warnings: [], saved };
}

/**
 * A saved plan's catalog goes through every rule validate runs before anything is compared: plan
 * wrote only a catalog that passed them, so one that breaks a rule was edited after (its digest
 * made again), and what it would do (a move billed now beside bills_from, say) was never reviewed.
 */
function refuseBrokenCatalog(saved: SavedPlan, file: string, environment: EnvironmentName): void {
  const errors = catalogRuleErrors(saved.catalog, { environment });
  const [first] = errors;
  if (first === undefined) return;
  const more = errors.length > 1 ? ` (and ${plural(errors.length - 1, 'more error')})` : '';
  throw new UserError(
    `${shown(file)} was edited after plan wrote it: its catalog breaks a rule validate checks, at catalog.${dottedPath(first.path)}: ${shown(first.message)} [${first.rule}]${more}. Nothing was applied.`,
    `plan writes only a catalog that passes validate. Fix the catalog file, then make the plan again (plan ${shown(saved.catalog_file)} --out ${shown(file)}) and review it.`,
  );
}

function planOptions(saved: SavedPlan): string {
  const on = PLAN_OPTIONS.filter((o) => saved.options[o]).map((o) => `--${o}`);
  return on.length > 0 ? on.join(', ') : 'none';
}
