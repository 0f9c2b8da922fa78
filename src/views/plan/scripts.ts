// plan --emit tool-server's views: the scripts (or the files they went to), or the --json document;
// on stderr how to run them, the look-alikes they would stand beside, what waits for a next round,
// and the subscriber moves: when their subscriptions were read, each as a dashboard step, and those
// no move takes.

import type { PlanResult } from '../../plan-use-case/account.js';
import { nameLookalike } from '../../planner/lookalike-words.js';
import { lookalikeOf } from '../../planner/lookalikes.js';
import { changesInOrder } from '../../planner/summary.js';
import type { Plan } from '../../planner/types.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import type { EmittedScripts } from '../../tool-server/emit.js';
import type { EmittedMoves } from '../../tool-server/scripts.js';
import { moveStep } from '../apply/steps.js';
import { leftDocument } from '../apply/subscribers.js';

/** What the spinner says while plan --emit reads the subscriptions its moves take. */
export const READING_SUBSCRIPTIONS = 'Reading the subscriptions to move…';

/** The plan as scripts, the files they were written to (none without --out), and older files beside them. */
export interface ScriptsResult extends PlanResult, EmittedScripts {
  format: 'tool-server';
  /** the requests the run sent to Paddle */
  requests: number;
}

export function renderJson({
  environment,
  format,
  scripts,
  files,
  deferred,
  moves,
  held,
  requests,
}: ScriptsResult) {
  return {
    ok: true,
    environment,
    format,
    scripts: scripts.map((s, i) => ({ ...s, ...(files[i] ? { file: files[i] } : {}) })),
    deferred,
    ...(held.length > 0 ? { held } : {}),
    ...(moves ? { subscriptions: movesDocument(moves) } : {}),
    requests,
  };
}

/** `subscriptions` of the --json document: when they were read, how many move now or later, and why not. */
function movesDocument(moves: EmittedMoves) {
  return {
    read_at: moves.readAt,
    moving: moves.emitted.length,
    deferred: moves.deferred.length,
    left: moves.left.map(leftDocument),
    dashboard: moves.emitted.map(moveStep),
  };
}

export function renderHuman(result: ScriptsResult, out: Reporter): void {
  const { environment, scripts, files, deferred } = result;
  if (scripts.length === 0) out.info('No changes: no scripts to emit.');
  scripts.forEach((script, i) => {
    const calls = plural(script.calls, 'API call');
    const head = `// ===== ${script.name}.js: script ${i + 1} of ${scripts.length}, ${calls} =====`;
    if (files[i]) out.result(`${files[i]}  (${calls})`);
    else out.result(`${head}\n${script.code}`);
  });
  if (scripts.length > 0) {
    out.info(
      `Run the scripts in order with the execute tool of the ${environment} tool server; each prints the ids it created. Then run plan again: "No changes." means done.`,
    );
  }
  if (result.moves) renderMoves(result.moves, result.held, out);
  warnLookalikes(out, result.plan);
  if (deferred.length > 0) {
    out.warn(
      `${plural(deferred.length, 'change')} ${deferred.length === 1 ? 'waits' : 'wait'} for ids these scripts create (${deferred.map((key) => shown(key)).join(', ')}: prices that did not fit beside their new product, discounts restricted to new products or prices, archives after subscriber moves that wait): after the scripts ran, run plan --emit tool-server again for them.`,
    );
  }
  for (const file of result.leftovers) {
    out.warn(`${file} is from an earlier plan: delete it; running it again would create its objects twice.`);
  }
}

/** When the subscriptions were read, each move as a dashboard step, the moves for a next round and those left. */
function renderMoves(moves: EmittedMoves, held: readonly string[], out: Reporter): void {
  const { emitted, deferred, left } = moves;
  out.info(
    `Subscriptions on the source prices read at ${moves.readAt}: ${plural(emitted.length, 'subscription')} ${emitted.length === 1 ? 'moves' : 'move'} in these scripts. One that joined a source price since is not in them: make the scripts again rather than run old ones.`,
  );
  if (emitted.length > 0) {
    out.info('Each move by hand in the Paddle dashboard instead:');
    emitted.forEach((op, n) => {
      out.info(`  ${n + 1}. ${moveStep(op)}`);
    });
  }
  if (deferred.length > 0) {
    const targets = [...new Set(deferred.map((op) => shown(op.key)))].join(', ');
    out.warn(
      `${plural(deferred.length, 'subscription')} ${deferred.length === 1 ? 'waits' : 'wait'} to move to a price these scripts create (${targets}): after the scripts ran, run plan --emit tool-server again for them.`,
    );
  }
  for (const l of left) {
    out.warn(`${shown(l.subscription.id)} is in no script: ${shown(l.reason)}.`);
  }
  for (const key of held) {
    out.warn(
      `${shown(key)} is not archived in these scripts: subscriptions are still on it (above); apply archives it once they have moved.`,
    );
  }
}

/** The scripts create what the plan creates: a create beside an unmanaged twin is named, as apply would refuse it. */
function warnLookalikes(out: Reporter, plan: Plan): void {
  const twins = changesInOrder(plan).flatMap((change) => {
    const lookalike = lookalikeOf(change);
    return lookalike ? [`${change.kind} ${shown(change.key)} looks like ${nameLookalike(lookalike)}`] : [];
  });
  if (twins.length === 0) return;
  out.warn(
    `${plural(twins.length, 'create')} in these scripts would stand beside an object this tool does not manage (${twins.join('; ')}); apply refuses that. plan --adopt --emit tool-server takes them over instead.`,
  );
}
