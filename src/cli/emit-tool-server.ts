// `plan --emit tool-server [--out dir]`: the plan's pending changes as execute scripts for Paddle's
// hosted tool server (src/tool-server/scripts.ts), printed or written as one .js file per script.
import { join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { shown } from '../output/escape.js';
import { nameLookalike } from '../output/plan-format.js';
import { plural } from '../output/plural.js';
import type { Reporter } from '../output/reporter.js';
import { lookalikeOf } from '../plan/lookalikes.js';
import { changesInOrder, hasChanges } from '../plan/summary.js';
import type { Plan } from '../plan/types.js';
import { toolServerScripts } from '../tool-server/scripts.js';
import { EXIT_CHANGES_PENDING, EXIT_OK } from './handle-error.js';
import { writeOutputFile } from './output-file.js';

export const EMIT_FORMATS = ['tool-server'] as const;

export interface EmitFlags {
  emit?: (typeof EMIT_FORMATS)[number];
  out?: string;
  detailedExitcode?: boolean;
}

export async function emitPlan(
  reporter: Reporter,
  plan: Plan,
  environment: string,
  flags: EmitFlags,
): Promise<number> {
  if (!flags.emit) throw new UserError('--out needs --emit tool-server.');
  const { scripts, deferred } = toolServerScripts(plan);
  const files = flags.out ? await writeScripts(resolve(reporter.io.cwd, flags.out), scripts) : [];
  reporter.document({
    ok: true,
    environment,
    format: flags.emit,
    scripts: scripts.map((s, i) => ({ ...s, ...(files[i] ? { file: files[i] } : {}) })),
    deferred,
  });
  if (scripts.length === 0) reporter.info('No changes: no scripts to emit.');
  scripts.forEach((script, i) => {
    const head = `// ===== ${script.name}.js: script ${i + 1} of ${scripts.length}, ${script.calls} API calls =====`;
    if (files[i]) reporter.result(`${files[i]}  (${script.calls} API calls)`);
    else reporter.result(`${head}\n${script.code}`);
  });
  if (scripts.length > 0) {
    reporter.info(
      `Run the scripts in order with the execute tool of the ${environment} tool server; each prints the ids it created. Then run plan again: "No changes." means done.`,
    );
  }
  warnLookalikes(reporter, plan);
  if (deferred.length > 0) {
    reporter.warn(
      `${plural(deferred.length, 'change')} wait for ids these scripts create (${deferred.join(', ')}: prices that did not fit beside their new product, discounts restricted to new products or prices): after the scripts ran, run plan --emit tool-server again for them.`,
    );
  }
  return flags.detailedExitcode && hasChanges(plan) ? EXIT_CHANGES_PENDING : EXIT_OK;
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

/** The scripts create what the plan creates: a create beside an unmanaged twin is named, as apply would refuse it. */
function warnLookalikes(reporter: Reporter, plan: Plan): void {
  const twins = changesInOrder(plan).flatMap((change) => {
    const lookalike = lookalikeOf(change);
    return lookalike ? [`${change.kind} ${shown(change.key)} looks like ${nameLookalike(lookalike)}`] : [];
  });
  if (twins.length === 0) return;
  reporter.warn(
    `${plural(twins.length, 'create')} in these scripts would stand beside an object this tool does not manage (${twins.join('; ')}); apply refuses that. plan --adopt --emit tool-server takes them over instead.`,
  );
}
