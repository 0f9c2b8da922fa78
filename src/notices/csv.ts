// The notices file as CSV: every cell quoted per RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180:
// a quote inside a cell doubled, lines ended by CRLF), and a cell that a spreadsheet would read as a
// formula made inert with a leading `'`, as OWASP's CSV injection guidance says
// (https://owasp.org/www-community/attacks/CSV_Injection): an e-mail or a key comes from an account
// or a catalog, and the file is opened by whoever writes to the customers.

/** The first characters a spreadsheet takes as the start of a formula (OWASP's list). */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

/** One cell: inert if it would start a formula, then quoted. */
export function csvCell(value: string): string {
  const inert = FORMULA_START.some((start) => value.startsWith(start)) ? `'${value}` : value;
  return `"${inert.replaceAll('"', '""')}"`;
}

/** The header and one line per row, each cell quoted; null is an empty cell. */
export function csvText(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => csvCell(String(cell ?? ''))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
