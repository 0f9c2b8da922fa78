// The human form of a billing-history page: one row per transaction, amounts right-aligned.
import type { HistoryItem } from '../../billing/history.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';

const HEADERS = ['Billed', 'Status', 'Amount', 'Tax', 'Invoice', 'Transaction'] as const;
const RIGHT_ALIGNED = new Set([2, 3]);

/**
 * Terminal columns of a string: East Asian wide characters (CJK, fullwidth ￥ ₩ forms) take two.
 * @internal A table test of the width of wide characters.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6);
    width += wide ? 2 : 1;
  }
  return width;
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** `2024-05-01T10:00:00.123456Z` → `2024-05-01` (UTC, as the API gives it); unbilled → `—`. */
function billedDate(billedAt: string | null): string {
  return billedAt ? billedAt.slice(0, 10) : '—';
}

/** `cell` is the padded status. */
function statusCell(cell: string, style: Style): string {
  const status = cell.trim();
  if (status === 'past_due') return style.red(cell);
  if (status === 'canceled') return style.dim(cell);
  return cell;
}

/** The table's lines, header first. */
export function formatHistoryTable(items: readonly HistoryItem[], style: Style): string[] {
  const rows = items.map((item) =>
    [
      billedDate(item.billedAt),
      item.status,
      item.amount,
      item.tax,
      item.invoiceAvailable ? 'yes' : 'no',
      item.id,
    ].map((cell) => shown(cell)),
  );
  const widths = HEADERS.map((header, column) =>
    Math.max(displayWidth(header), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const line = (cells: readonly string[], styleCell: (cell: string, column: number) => string) =>
    cells
      .map((cell, column) => styleCell(pad(cell, widths[column] ?? 0, RIGHT_ALIGNED.has(column)), column))
      .join('  ')
      .trimEnd();
  return [
    line(HEADERS, (cell) => style.bold(cell)),
    ...rows.map((row) => line(row, (cell, column) => (column === 1 ? statusCell(cell, style) : cell))),
  ];
}
