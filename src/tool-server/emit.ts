// `plan --emit tool-server [--out dir]`: the plan's pending changes as execute scripts for Paddle's
// hosted tool server (scripts.ts), written as one .js file per script when a folder is given. The
// plan command shows them (src/views/plan/scripts.ts) and decides the exit code.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeOutputFile } from '../files/output-file.js';
import type { Plan } from '../plan/types.js';
import { type ToolServerEmission, toolServerScripts } from './scripts.js';

export const EMIT_FORMATS = ['tool-server'] as const;

export interface EmittedScripts extends ToolServerEmission {
  /** the files the scripts went to, in order (none without a folder) */
  files: string[];
  /** script files in the folder from an earlier plan, which this run did not write */
  leftovers: string[];
}

/** The plan's scripts, written into `dir` when there is one. */
export async function emitToolServerScripts(plan: Plan, dir: string | undefined): Promise<EmittedScripts> {
  const emission = toolServerScripts(plan);
  const files = dir ? await writeScripts(dir, emission.scripts) : [];
  const leftovers = dir ? await leftoverScripts(dir, files) : [];
  return { ...emission, files, leftovers };
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
