// `plan --emit tool-server [--out dir]`: the plan's pending changes as execute scripts for Paddle's
// hosted tool server (src/tool-server/scripts.ts), printed or written as one .js file per script.
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PlanResult } from '../apply/use-case.js';
import { UserError } from '../errors.js';
import { writeOutputFile } from '../output-file.js';
import { hasChanges } from '../plan/summary.js';
import type { Reporter } from '../terminal/reporter.js';
import { EXIT_CHANGES_PENDING, EXIT_OK } from '../views/failure.js';
import * as scriptsView from '../views/plan/scripts.js';
import { show } from '../views/view.js';
import { toolServerScripts } from './scripts.js';

export const EMIT_FORMATS = ['tool-server'] as const;

export interface EmitFlags {
  emit?: (typeof EMIT_FORMATS)[number];
  out?: string;
  detailedExitcode?: boolean;
}

export async function emitPlan(reporter: Reporter, planned: PlanResult, flags: EmitFlags): Promise<number> {
  if (!flags.emit) throw new UserError('--out needs --emit tool-server.');
  const emission = toolServerScripts(planned.plan);
  const dir = flags.out ? resolve(reporter.io.cwd, flags.out) : undefined;
  const files = dir ? await writeScripts(dir, emission.scripts) : [];
  show(reporter, scriptsView, { ...planned, ...emission, format: flags.emit, files });
  for (const file of dir ? await leftoverScripts(dir, files) : []) {
    reporter.warn(
      `${file} is from an earlier plan: delete it; running it again would create its objects twice.`,
    );
  }
  return flags.detailedExitcode && hasChanges(planned.plan) ? EXIT_CHANGES_PENDING : EXIT_OK;
}

/** Script files (`01-pro.js`) in the folder that this run did not write. */
async function leftoverScripts(dir: string, written: readonly string[]): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names
    .filter((name) => /^\d{2,}-.*\.js$/.test(name))
    .map((name) => join(dir, name))
    .filter((file) => !written.includes(file));
}

/** A re-run rewrites the scripts: they describe the plan as it is now. */
async function writeScripts(dir: string, scripts: { name: string; code: string }[]): Promise<string[]> {
  return Promise.all(
    scripts.map(async (script) => {
      const file = join(dir, `${script.name}.js`);
      await writeOutputFile(file, file, script.code, { overwrite: true });
      return file;
    }),
  );
}
