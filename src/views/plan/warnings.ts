// The warnings under a change in the human plan: a look-alike, a discount code held by another, a
// tax_mode the account's default stored otherwise.
import { CODE_CONFLICT_WAY_OUT, describeCodeConflict } from '../../planner/code-conflict-words.js';
import { LOOKALIKE_WAYS_OUT, LOOKS_ALIKE_BY, nameLookalike } from '../../planner/lookalike-words.js';
import type { Change, CodeConflict, Lookalike } from '../../planner/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';

/** `! looks like product pro_01… "Addon Seats" (the same name), which this tool does not manage`, and the ways out. */
export function formatLookalike(kind: Change['kind'], lookalike: Lookalike, style: Style): string {
  return (
    style.yellow(
      `! looks like ${kind} ${nameLookalike(lookalike)} (${LOOKS_ALIKE_BY[kind]}), which this tool does not manage`,
    ) + style.dim(` (${LOOKALIKE_WAYS_OUT[kind]})`)
  );
}

/** The warning under a change, and the way out. */
export function formatCodeConflict(conflict: CodeConflict, style: Style): string {
  return (
    style.yellow(`! ${describeCodeConflict(conflict)}: Paddle keeps one discount per code in the account`) +
    style.dim(` (${CODE_CONFLICT_WAY_OUT})`)
  );
}

/**
 * `! price pro/monthly: tax_mode account_setting is stored as location …`: the account's default
 * tax setting turns account_setting into location on new prices, so the plan leaves it.
 */
export function storedTaxModeLines(change: Change, style: Style): string[] {
  if (change.kind !== 'price' || !change.storedTaxMode) return [];
  return [
    style.yellow(
      `! price ${shown(change.key)}: tax_mode account_setting is stored as location (the account's default tax setting is "Automatic based on location"), so it is left as it is`,
    ) + style.dim(' (write tax_mode: location, or leave tax_mode out, to match)'),
  ];
}
