// The notices file as CSV: every cell quoted per RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180:
// a quote inside a cell doubled, lines ended by CRLF), and a cell that a spreadsheet would read as a
// formula made inert with a leading `'`, as OWASP's CSV injection guidance says
// (https://owasp.org/www-community/attacks/CSV_Injection): an e-mail or a key comes from an account
// or a catalog, and the file is opened by whoever writes to the customers.

/** The first characters a spreadsheet takes as the start of a formula (OWASP's list). */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

/**
 * One cell: inert if it would start a formula, then quoted.
 * @internal A table test of CSV cell quoting and formula neutralising.
 */
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

/** One cell as read, where it starts (1-based), its value unquoted and a made-inert `'` taken off. */
export interface CsvCell {
  value: string;
  line: number;
  column: number;
}

/** Why the text is not CSV, and where. */
export interface CsvProblem {
  line: number;
  column: number;
  message: string;
}

/** A cell's value as written before csvCell made it inert (a `'` before a formula's first character). */
const unInert = (value: string) =>
  value.startsWith("'") && FORMULA_START.some((start) => value.slice(1).startsWith(start))
    ? value.slice(1)
    : value;

/**
 * The rows of CSV text (RFC 4180: quoted or bare cells, `""` a quote inside a quoted one, lines ended
 * by CRLF or LF; a quoted cell may span lines), each cell with where it starts; a final empty line is
 * no row. A quote left open, or text after a closing quote, is a problem at its place.
 */
export function csvRows(text: string): CsvCell[][] | CsvProblem {
  const rows: CsvCell[][] = [];
  let row: CsvCell[] = [];
  let at = 0;
  let line = 1;
  let lineStart = 0;
  while (at <= text.length) {
    const start = { line, column: at - lineStart + 1 };
    let value = '';
    if (text[at] === '"') {
      let end = at + 1;
      for (;;) {
        const quote = text.indexOf('"', end);
        if (quote === -1) return { ...start, message: 'a quoted cell is never closed' };
        value += text.slice(end, quote);
        if (text[quote + 1] !== '"') {
          end = quote + 1;
          break;
        }
        value += '"';
        end = quote + 2;
      }
      for (const char of text.slice(at, end)) if (char === '\n') line += 1;
      if (text.lastIndexOf('\n', end) > at) lineStart = text.lastIndexOf('\n', end) + 1;
      at = end;
      const next = text[at];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
        return { line, column: at - lineStart + 1, message: 'text after a closing quote' };
    } else {
      const end = text.slice(at).search(/[,\r\n]/);
      value = end === -1 ? text.slice(at) : text.slice(at, at + end);
      at = end === -1 ? text.length : at + end;
    }
    row.push({ ...start, value: unInert(value) });
    if (text[at] === ',') {
      at += 1;
      continue;
    }
    at += text.startsWith('\r\n', at) ? 2 : 1;
    if (!(row.length === 1 && row[0]?.value === '' && at > text.length)) rows.push(row);
    row = [];
    line += 1;
    lineStart = at;
  }
  return rows;
}
