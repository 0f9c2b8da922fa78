// What `plan <file>` checks before the account is read: the flag combinations it refuses, a saved
// plan given in place of a catalog (said in words, not as a catalog's unknown fields), the files it
// will write, then the catalog loaded. Each refusal is a UserError, and nothing is read or written.
import { type LoadedCatalog, loadCatalog, readCatalogFile } from '../catalog/read.js';
import { UserError } from '../errors.js';
import { refuseInputAsOutput } from '../files/output-file.js';
import { checkNoticesFile } from '../notices/notices.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { savedPlanFields } from '../saved-plan/file.js';
import { shown } from '../text/escape.js';

/** The flags plan's checks read. */
export interface PlanInputFlags {
  /** --format */
  format?: string;
  /** --json */
  json: boolean;
  emit?: string;
  /** the saved plan's file; with --emit, the scripts' folder */
  out?: string;
  local?: boolean;
  noticesOut?: string;
}

export async function loadPlanInput(
  file: string,
  environment: EnvironmentName,
  cwd: string,
  flags: PlanInputFlags,
): Promise<LoadedCatalog> {
  refusePlanFlags(flags);
  await refuseSavedPlan(file, cwd);
  const saveTo = savedPlanFile(flags);
  if (saveTo) await refuseInputAsOutput(cwd, saveTo, '--out', file);
  if (flags.noticesOut) await checkNoticesFile(cwd, flags.noticesOut, file);
  return loadCatalog(file, environment, cwd);
}

/** --out names the saved plan's file, except with --emit, where it is the scripts' folder. */
export const savedPlanFile = (flags: Pick<PlanInputFlags, 'out' | 'emit'>): string | undefined =>
  flags.out && !flags.emit ? flags.out : undefined;

function refusePlanFlags(flags: PlanInputFlags): void {
  if (flags.format === 'markdown' && (flags.json || flags.emit)) {
    throw new UserError('--format markdown is its own output: leave out --json and --emit.');
  }
  if (savedPlanFile(flags) && flags.local) {
    throw new UserError(
      '--out with --local: a saved plan is for an account that stays; the built-in emulator starts empty for each command.',
    );
  }
}

/** A saved plan given to plan: said in words, not as a catalog's unknown fields. */
async function refuseSavedPlan(file: string, cwd: string): Promise<void> {
  const saved = savedPlanFields(new TextDecoder().decode(await readCatalogFile(file, cwd)));
  if (!saved) return;
  const from =
    typeof saved.catalog_file === 'string' ? ` (it was made from ${shown(saved.catalog_file)})` : '';
  throw new UserError(
    `${shown(file)} is a saved plan, not a catalog${from}.`,
    `Apply it with apply ${shown(file)}, or plan the catalog file.`,
  );
}
