// Reading back the notices list `plan --notices-out` wrote (rollout --notices): CSV or JSON by its
// extension, checked as every input is before the account is read. The columns must be the ones plan
// writes, in its order (CSV) or as its fields (JSON), each row one of its rows; anything else is one
// line naming the file, line:column and the field, exit 1.
import { extname, resolve } from 'node:path';
import { NodeIndex } from '../catalog/positions.js';
import { yamlLib } from '../catalog/yaml-lib.js';
import { UserError } from '../errors.js';
import { type FileLimits, readRegularFile } from '../files/bounded-read.js';
import { shown } from '../text/escape.js';
import { type CsvCell, csvRows } from './csv.js';
import { NOTICES_FORMATS } from './notices.js';
import { NOTICE_COLUMNS, type Notice } from './rows.js';

/** 10,000 rows of notices are about 4 MiB. */
const NOTICES_FILE: FileLimits = { kind: 'notices list', maxBytes: 64 * 1024 * 1024 };

/** A row as read back: who is told, of which move, and the day its new price first bills. */
export type ListedNotice = Notice & { subscription_id: string; from: string; to: string };

type Column = (typeof NOTICE_COLUMNS)[number];
/** Columns that must hold something: who and which move. */
const REQUIRED: readonly Column[] = ['subscription_id', 'from', 'to'];

const refuse = (file: string, line: number, column: number, field: string, message: string) =>
  new UserError(
    `${shown(file)}:${line}:${column}: ${field}: ${message}; nothing was read from the account`,
    'Give --notices the file plan --notices-out wrote (.csv or .json), as it wrote it.',
  );

/** A cell's value for its column: quantity a whole number or empty, the rest text (empty: null). */
function cellValue(column: Column, text: string): string | number | null | undefined {
  if (text === '') return REQUIRED.includes(column) ? undefined : null;
  if (column !== 'quantity') return text;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function csvNotice(file: string, cells: readonly CsvCell[], header: CsvCell): ListedNotice {
  if (cells.length !== NOTICE_COLUMNS.length)
    throw refuse(
      file,
      header.line,
      header.column,
      'row',
      `${cells.length} cells, the header has ${NOTICE_COLUMNS.length}`,
    );
  const row: Record<string, unknown> = {};
  NOTICE_COLUMNS.forEach((column, index) => {
    const cell = cells[index] as CsvCell;
    const value = cellValue(column, cell.value);
    if (value === undefined)
      throw refuse(
        file,
        cell.line,
        cell.column,
        column,
        column === 'quantity' ? 'not a whole number' : 'empty',
      );
    row[column] = value;
  });
  return row as ListedNotice;
}

function fromCsv(file: string, text: string): ListedNotice[] {
  const rows = csvRows(text);
  if (!Array.isArray(rows)) throw refuse(file, rows.line, rows.column, 'file', rows.message);
  const [header = [], ...body] = rows;
  NOTICE_COLUMNS.forEach((column, index) => {
    const cell = header[index];
    if (cell?.value !== column)
      throw refuse(
        file,
        cell?.line ?? 1,
        cell?.column ?? 1,
        'header',
        `expected ${column} (the columns plan --notices-out writes)`,
      );
  });
  const extra = header[NOTICE_COLUMNS.length];
  if (extra)
    throw refuse(
      file,
      extra.line,
      extra.column,
      'header',
      `${shown(extra.value)} is not a column plan --notices-out writes`,
    );
  return body.map((cells) => csvNotice(file, cells, cells[0] as CsvCell));
}

/** A JSON value's check against its column: what it must be, or undefined when it is that. */
function jsonProblem(column: Column, value: unknown): string | undefined {
  if (REQUIRED.includes(column))
    return typeof value === 'string' && value !== '' ? undefined : 'a non-empty string';
  if (value === null) return undefined;
  if (column === 'quantity')
    return Number.isInteger(value) && (value as number) >= 0 ? undefined : 'a whole number or null';
  return typeof value === 'string' ? undefined : 'a string or null';
}

function fromJson(file: string, text: string): ListedNotice[] {
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, schema: 'json' });
  const [bad] = doc.errors;
  if (bad) {
    const at = lineCounter.linePos(bad.pos[0]);
    throw refuse(file, at.line, at.col, 'file', 'not JSON');
  }
  const index = new NodeIndex(doc, lineCounter);
  const at = (path: Array<string | number>, field: string, message: string, atKey = false) => {
    const { line, column } = atKey ? index.locateKey(path) : index.locate(path);
    return refuse(file, line, column, field, message);
  };
  const value = doc.toJS() as unknown;
  const list = (value as { notices?: unknown } | null)?.notices;
  if (!Array.isArray(list))
    throw at(['notices'], 'notices', 'expected {"notices": [ … ]}, as plan --notices-out writes');
  return list.map((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      throw at(['notices', i], `notices[${i}]`, 'not an object');
    for (const key of Object.keys(entry))
      if (!(NOTICE_COLUMNS as readonly string[]).includes(key))
        throw at(
          ['notices', i, key],
          `notices[${i}].${shown(key)}`,
          'not a field plan --notices-out writes',
          true,
        );
    for (const column of NOTICE_COLUMNS) {
      const problem = jsonProblem(column, (entry as Record<string, unknown>)[column]);
      if (problem) throw at(['notices', i, column], `notices[${i}].${column}`, `expected ${problem}`);
    }
    return entry as ListedNotice;
  });
}

/** The notices list at `file` (relative to `cwd`), read and checked; a UserError names what is wrong. */
export async function loadNoticesList(cwd: string, file: string): Promise<ListedNotice[]> {
  const ext = extname(file).toLowerCase();
  if (!(NOTICES_FORMATS as readonly string[]).includes(ext))
    throw new UserError(
      `--notices ${shown(file)}: the file must end in .csv or .json; nothing was read from the account`,
    );
  let text: string;
  try {
    text = (await readRegularFile(resolve(cwd, file), shown(file), NOTICES_FILE)).toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(
      `cannot read ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`,
    );
  }
  return ext === '.json' ? fromJson(file, text) : fromCsv(file, text);
}
