// Fitting the plan's lines into a review of bounded size (a pull-request comment holds 65,536
// characters). When they do not fit, what carries risk is kept first: subscriber moves with their
// proration mode, archives and replacements, subscriber warnings and the plan's notes; then the
// other changes in plan order; what customers pay (the price previews) last. What is cut is said.
import { plural } from '../../text/plural.js';
import { blockLines, type PlanBlock } from './format.js';

/** A line longer than this is cut: one value (a custom_data, a name) must not take the review. */
export const LINE_LIMIT = 2_000;

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

/** The blocks' lines within `budget` characters, risky ones first, with a line for what was cut. */
export function fitBlocks(blocks: readonly PlanBlock[], budget: number): string[] {
  const all = blocks.flatMap(blockLines);
  if (size(all) <= budget) return all;
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
  const kept = blocks.flatMap((b, i) =>
    body[i] ? [...b.lines, ...(previews[i] ? b.previews : []), ...b.rest] : [],
  );
  const unpreviewed = blocks.filter((b, i) => body[i] && b.previews.length > 0 && !previews[i]).length;
  const left = blocks.filter((_, i) => !body[i]).flatMap(blockLines).length;
  return [
    ...kept,
    ...(unpreviewed > 0
      ? [`…what customers pay is left out under ${plural(unpreviewed, 'price')}: run plan to see it.`]
      : []),
    ...(left > 0 ? [`…and ${left} more lines: run plan to see them all.`] : []),
  ];
}
