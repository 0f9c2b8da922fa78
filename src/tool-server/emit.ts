// `plan --emit tool-server [--out dir]`: the plan's pending changes as execute scripts for Paddle's
// hosted tool server (scripts.ts), written as one .js file per script when a folder is given. The
// plan command shows them (src/views/plan/scripts.ts) and decides the exit code. A plan that moves
// subscribers reads the subscriptions on its source prices now, as apply does when it runs
// (compileRun), so the scripts send what apply would send at this moment.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeOutputFile } from '../files/output-file.js';
import { compileRun } from '../moves/stage.js';
import { refuseStrandedTwins } from '../moves/twin-refusal.js';
import type { AccountTime } from '../paddle/account-time.js';
import {
  type CallerSettings,
  type Calls,
  createPacedCalls,
  DEFAULT_CALLER_SETTINGS,
} from '../paddle/calls.js';
import type { SubscriptionsGateway } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { scriptable } from './script-moves.js';
import { printScripts, type ToolServerEmission } from './scripts.js';

export const EMIT_FORMATS = ['tool-server'] as const;

export interface EmittedScripts extends ToolServerEmission {
  /** the files the scripts went to, in order (none without a folder) */
  files: string[];
  /** script files in the folder from an earlier plan, which this run did not write */
  leftovers: string[];
  /** keys whose archive the scripts leave out: subscriptions are still on the price (apply archives it later) */
  held: string[];
}

export interface EmitRequest {
  plan: Plan;
  /** the folder for one .js file per script; absent: none is written */
  dir?: string;
  /** where the subscriptions on the source prices are read; needed when the plan moves subscribers */
  subscriptions?: SubscriptionsGateway;
  /** how that read is paced and retried, and the clock that says when it was made */
  settings?: CallerSettings;
  /** the run's paced caller, when the run read the account through it already (plan --emit) */
  calls?: Calls;
  /** the time the scripts' moves are judged by: the account's (src/paddle/account-time.ts); absent: the settings' clock */
  accountTime?: AccountTime;
}

/** The plan's scripts, with a move per subscription on a source price now, written into `dir` when there is one. */
export async function emitToolServerScripts(request: EmitRequest): Promise<EmittedScripts> {
  const { plan, dir } = request;
  const settings = request.settings ?? DEFAULT_CALLER_SETTINGS;
  // the subscriptions are read, and the moves judged, at the account's time
  const time = request.accountTime ?? settings.clock;
  const readAt = new Date(time.now()).toISOString();
  const calls = request.calls ?? createPacedCalls(settings);
  const compiled = await compileRun(plan, calls, request.subscriptions, time.now());
  // only moves that are right whenever the scripts run (script-moves.ts); the others are apply's
  const { run, held } = scriptable(compiled, time.now());
  // the scripts would archive a twin its subscribers cannot leave, as apply refuses to
  refuseStrandedTwins(run.plan, run.left);
  const read = plan.moves?.length ? { readAt, left: run.left } : undefined;
  const emission = printScripts(plan, run.operations, read);
  const files = dir ? await writeScripts(dir, emission.scripts) : [];
  const leftovers = dir ? await leftoverScripts(dir, files) : [];
  return { ...emission, files, leftovers, held };
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
