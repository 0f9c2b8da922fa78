// Where a rise stands (src/rollout/standing.ts), as rollout and its dry run show it: per move how
// many moved (a dry run: move now), wait for a date by week, wait for payment (each, since when),
// will not move (the review's words, verdict-lines.ts) and are not predicted; the day the last one is
// due; the notices still ahead. Lines for a person, a --json part, and Markdown for the step summary
// or an issue kept up to date (every string from outside as an inline code span, markdown.ts).
import type { NoticesStanding } from '../rollout/notices-ahead.js';
import type { MoveStanding, RolloutStanding } from '../rollout/standing.js';
import type { WeekCount } from '../rollout/weeks.js';
import type { Style } from '../terminal/style.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import { inlineCode, markdownTable, SUMMARY_ROW_LIMIT } from './plan/markdown.js';
import { refusedLine, unpredictedLine } from './plan/verdict-lines.js';

const weekWords = (weeks: readonly WeekCount[]) =>
  weeks.map((w) => `week of ${w.week}: ${w.count}`).join(', ');

const sinceWords = (since: string | null) => (since ? ` since ${shown(since.slice(0, 10))}` : '');

/** The lines of one move: what moved, what waits and why, what will not move, what is not predicted. */
function moveLines(move: MoveStanding, dryRun: boolean, style: Style): string[] {
  const lines = [`  ${shown(move.from)} → ${shown(move.to)} (${move.proration})`];
  lines.push(`    ${dryRun ? 'moves now' : 'moved'}: ${move.moved}`);
  const dated = move.waitsForDate;
  if (dated.count > 0)
    lines.push(
      `    waits for a date: ${dated.count} (${weekWords(dated.weeks)}; ${dated.reasons.map((r) => shown(r)).join('; ')}): the last is due ${move.lastDue}`,
    );
  for (const p of move.waitsForPayment)
    lines.push(`    waits for payment: ${shown(p.id)}${sinceWords(p.since)}`);
  for (const group of move.willNotMove) lines.push(refusedLine(group, move.proration, style));
  for (const group of move.notPredicted) lines.push(unpredictedLine(group, 'a run', style));
  return lines;
}

/** `12 notices still ahead (…)`, or that none is. */
function noticeLines(notices: NoticesStanding): string[] {
  const ahead = notices.ahead.length;
  const lines = [
    `Notices: ${plural(notices.rows, 'row')}; the list records no sending, so those whose new price first bills after ${notices.today} (the account's day) are still ahead: ${ahead === 0 ? 'none' : `${ahead} (${weekWords(notices.weeks)})`}`,
  ];
  for (const u of notices.undated)
    lines.push(
      `  ${shown(u.subscription_id)} (${shown(u.from)} → ${shown(u.to)}): no day in the list: ${shown(u.words)}`,
    );
  return lines;
}

/** The standing as lines for a person (stdout). */
export function standingLines(standing: RolloutStanding, dryRun: boolean, style: Style): string[] {
  if (standing.moves.length === 0 && !standing.notices) return [];
  const lines = [
    dryRun ? 'Where the rise stands (dry run: what a run now would do):' : 'Where the rise stands:',
  ];
  for (const move of standing.moves) lines.push(...moveLines(move, dryRun, style));
  if (standing.lastDue) lines.push(`The last one waiting for a date is due ${standing.lastDue}.`);
  if (standing.notices) lines.push(...noticeLines(standing.notices));
  return lines;
}

/** The --json part: `standing`, its fields in snake_case (docs/commands.md). */
export function standingJson(standing: RolloutStanding, dryRun: boolean) {
  return {
    dry_run: dryRun,
    moves: standing.moves.map((m) => ({
      from: m.from,
      to: m.to,
      proration: m.proration,
      moved: m.moved,
      waits_for_date: m.waitsForDate,
      waits_for_payment: m.waitsForPayment,
      will_not_move: m.willNotMove,
      not_predicted: m.notPredicted,
      last_due: m.lastDue,
    })),
    last_due: standing.lastDue,
    ...(standing.notices ? { notices: standing.notices } : {}),
  };
}

const code = (text: string) => inlineCode(text);

function moveMarkdown(move: MoveStanding): string[] {
  const lines = ['', `**${code(move.from)} → ${code(move.to)}** (${code(move.proration)})`, ''];
  for (const w of move.waitsForDate.weeks) lines.push(`- waits for a date, week of ${w.week}: ${w.count}`);
  for (const p of move.waitsForPayment.slice(0, SUMMARY_ROW_LIMIT))
    lines.push(`- waits for payment: ${code(p.id)}${p.since ? ` since ${code(p.since.slice(0, 10))}` : ''}`);
  for (const g of move.willNotMove)
    lines.push(
      `- will not move with this mode: ${plural(g.subscriptions.length, 'subscription')} (${code(g.reason)}, Paddle's ${code(g.code)})${g.modes.length > 0 ? `; ${g.modes.map(code).join(' or ')} would move them` : ''}`,
    );
  for (const g of move.notPredicted)
    lines.push(
      `- not predicted: ${plural(g.subscriptions.length, 'subscription')} (${code(g.reason)}): a run asks Paddle`,
    );
  return lines.length > 3 ? lines : [];
}

/** The standing in Markdown: a table of the moves, each one's details, the last day due, the notices. */
export function standingMarkdown(standing: RolloutStanding, dryRun: boolean): string[] {
  const header = [
    dryRun ? 'move (dry run)' : 'move',
    dryRun ? 'moves now' : 'moved',
    'waits for a date',
    'waits for payment',
    'will not move',
    'not predicted',
  ];
  const count = (groups: ReadonlyArray<{ subscriptions: string[] }>) =>
    String(groups.reduce((n, g) => n + g.subscriptions.length, 0));
  const rows = standing.moves.map((m) => [
    `${m.from} → ${m.to}`,
    String(m.moved),
    String(m.waitsForDate.count),
    String(m.waitsForPayment.length),
    count(m.willNotMove),
    count(m.notPredicted),
  ]);
  const lines = standing.moves.length > 0 ? markdownTable(header, rows) : [];
  for (const move of standing.moves) lines.push(...moveMarkdown(move));
  if (standing.lastDue) lines.push('', `The last one waiting for a date is due **${standing.lastDue}**.`);
  const notices = standing.notices;
  if (notices) {
    lines.push(
      '',
      `**Notices** (${plural(notices.rows, 'row')}): the list records no sending; still ahead (the new price first bills after ${notices.today}): ${notices.ahead.length}`,
    );
    for (const w of notices.weeks) lines.push(`- week of ${w.week}: ${w.count}`);
    for (const u of notices.undated.slice(0, SUMMARY_ROW_LIMIT))
      lines.push(`- ${code(u.subscription_id)}: no day in the list: ${code(u.words)}`);
  }
  return lines;
}
