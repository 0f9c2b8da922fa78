// Fitting the plan's lines into a review of bounded size (a pull-request comment holds 65,536
// characters). When they do not fit, what carries risk is kept first: subscriber moves with their
// proration mode, archives and replacements, subscriber warnings and the plan's notes; then the
// other changes in plan order; what customers pay (the price previews) last. What is cut is said.
import type { CustomerPrice } from '../../planner/customer-prices.js';
import { plural } from '../../text/plural.js';

/**
 * A change, move or note of a plan with the lines under it: what customers pay (`previews`) apart,
 * and `risk` where it touches subscribers or archives, which a cut review keeps first. `table`: the
 * figures the previews show, for a review that shows them as a table (a move's: `from` now, `price` after).
 */
export interface PlanBlock {
  lines: string[];
  previews: string[];
  rest: string[];
  risk: boolean;
  table?: { price: string; from?: string; customers: readonly CustomerPrice[] };
}

export const block = (lines: string[], risk: boolean): PlanBlock => ({ lines, previews: [], rest: [], risk });

export const blockLines = (b: PlanBlock) => [...b.lines, ...b.previews, ...b.rest];

/** A line longer than this is cut: one value (a custom_data, a name) must not take the review. */
const LINE_LIMIT = 2_000;

const size = (lines: readonly string[]) => lines.reduce((n, line) => n + line.length + 1, 0);

/** Room kept for the lines that say what was cut. */
const NOTE_ROOM = 200;

function capped(line: string): string {
  if (line.length <= LINE_LIMIT) return line;
  return `${line.slice(0, LINE_LIMIT)}… (${(line.length - LINE_LIMIT).toLocaleString('en-US')} more characters)`;
}

/** The blocks with every over-long line cut. */
export const cappedBlocks = (blocks: readonly PlanBlock[]): PlanBlock[] =>
  blocks.map((b) => ({
    ...b,
    lines: b.lines.map(capped),
    previews: b.previews.map(capped),
    rest: b.rest.map(capped),
  }));

/** What fits: the blocks kept, in order (previews emptied where they were cut), and lines saying what was cut. */
export interface Fitted {
  blocks: PlanBlock[];
  cut: string[];
}

/** The blocks within `budget` characters, risky ones first, previews last, with lines for what was cut. */
export function fitBlocks(blocks: readonly PlanBlock[], budget: number): Fitted {
  if (size(blocks.flatMap(blockLines)) <= budget) return { blocks: [...blocks], cut: [] };
  let used = 0;
  const take = (lines: readonly string[]) => {
    const fits = used + size(lines) <= budget - NOTE_ROOM;
    if (fits) used += size(lines);
    return fits;
  };
  const body = blocks.map(() => false);
  for (const risk of [true, false]) {
    blocks.forEach((b, i) => {
      if (b.risk === risk) body[i] = take([...b.lines, ...b.rest]);
    });
  }
  const previews = blocks.map((b, i) => body[i] === true && b.previews.length > 0 && take(b.previews));
  const kept = blocks.flatMap((b, i) => {
    if (!body[i]) return [];
    return [previews[i] ? b : { ...b, previews: [], table: undefined }];
  });
  const unpreviewed = blocks.filter((b, i) => body[i] && b.previews.length > 0 && !previews[i]).length;
  const left = blocks.filter((_, i) => !body[i]).flatMap(blockLines).length;
  return {
    blocks: kept,
    cut: [
      ...(unpreviewed > 0
        ? [`…what customers pay is left out under ${plural(unpreviewed, 'price')}: run plan to see it.`]
        : []),
      ...(left > 0 ? [`…and ${left} more lines: run plan to see them all.`] : []),
    ],
  };
}
