// The notices list read back (rollout --notices): what plan --notices-out writes reads back as it
// was (CSV, cells made inert included, and JSON), and anything else is refused in one line naming
// the file, line:column and the field.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRows, csvText } from '../../src/notices/csv.js';
import { noticesText } from '../../src/notices/notices.js';
import { loadNoticesList } from '../../src/notices/read-list.js';
import { NOTICE_COLUMNS, type Notice } from '../../src/notices/rows.js';
import { tempDir } from '../support/catalog-files.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (fields: Partial<Notice> = {}): Notice => ({
  subscription_id: 'sub_1',
  customer_id: 'ctm_1',
  email: '=HYPERLINK("x")@example.com',
  currency_code: 'USD',
  quantity: 3,
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  verdict: 'waits',
  reason: 'bills_from 2027-02-01 not reached, "quoted"\nover two lines',
  unit_amount_now: '1000',
  unit_amount_now_formatted: '$10.00',
  unit_amount_after: '1200',
  unit_amount_after_formatted: '$12.00',
  next_billed_at: '2027-01-10T00:00:00Z',
  new_price_first_bills: '2027-02-10',
  ...fields,
});

const load = async (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return loadNoticesList(dir, name);
};
const refusal = (name: string, text: string) =>
  load(name, text).then(
    () => 'read',
    (e: Error) => e.message,
  );

describe('the notices list plan wrote reads back as it was written', () => {
  it.each(['notices.csv', 'notices.json'])('%s', async (name) => {
    const rows = [row(), row({ subscription_id: 'sub_2', customer_id: null, quantity: null, email: null })];
    expect(await load(name, noticesText(name, rows))).toEqual(rows);
  });

  it('an empty list', async () => {
    expect(await load('empty.csv', csvText(NOTICE_COLUMNS, []))).toEqual([]);
  });
});

describe('CSV cells as read, with where each starts', () => {
  it.each([
    [
      'bare and quoted cells, LF lines',
      'a,"b"\nc,d\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a doubled quote, a comma and CRLF inside a quoted cell',
      '"x""y","p,q\r\nr"\r\n',
      [['x"y', 'p,q\r\nr']],
    ],
    ['no final line end', 'a,b', [['a', 'b']]],
    ['an empty cell', 'a,,c\r\n', [['a', '', 'c']]],
  ])('%s', (_title, text, values) => {
    const rows = csvRows(text);
    expect(Array.isArray(rows) && rows.map((r) => r.map((c) => c.value))).toEqual(values);
  });

  it('the line and column of a cell after a quoted cell that spans lines', () => {
    const rows = csvRows('"a\nb",c\nd\n');
    expect(Array.isArray(rows) && rows.map((r) => r.map((c) => [c.line, c.column]))).toEqual([
      [
        [1, 1],
        [2, 4],
      ],
      [[3, 1]],
    ]);
  });

  it.each([
    ['a quote never closed', 'a,"b\n', { line: 1, column: 3, message: 'a quoted cell is never closed' }],
    ['text after a closing quote', '"a"b,c\n', { line: 1, column: 4, message: 'text after a closing quote' }],
  ])('%s', (_title, text, problem) => {
    expect(csvRows(text)).toEqual(problem);
  });
});

describe('anything else is refused: file, line:column, field', () => {
  const header = NOTICE_COLUMNS.map((c) => `"${c}"`).join(',');
  const good = csvText(NOTICE_COLUMNS, [NOTICE_COLUMNS.map((c) => String(row()[c]))]);
  it.each([
    ['another extension', 'notices.txt', good, '--notices notices.txt: the file must end in .csv or .json'],
    [
      'a header that is not plan’s',
      'h.csv',
      good.replace('"email"', '"mail"'),
      'h.csv:1:33: header: expected email',
    ],
    [
      'an extra column',
      'x.csv',
      `${header},"sent"\r\n`,
      `x.csv:1:${header.length + 2}: header: sent is not a column`,
    ],
    [
      'a row short of cells',
      'r.csv',
      `${header}\r\n"sub_1","ctm_1"\r\n`,
      'r.csv:2:1: row: 2 cells, the header has 15',
    ],
    ['no subscription', 's.csv', good.replace('"sub_1"', '""'), 's.csv:2:1: subscription_id: empty'],
    [
      'a quantity that is no whole number',
      'q.csv',
      good.replace('"3"', '"three"'),
      'q.csv:2:56: quantity: not a whole number',
    ],
    ['CSV broken', 'b.csv', `${header}\r\n"sub_1`, 'b.csv:2:1: file: a quoted cell is never closed'],
    ['not JSON', 'n.json', '{"notices": [', 'n.json:1:14: file: not JSON'],
    ['no list', 'l.json', '{"rows": []}', 'l.json:1:1: notices: expected {"notices": [ … ]}'],
    ['a row that is no object', 'o.json', '{"notices": [1]}', 'o.json:1:14: notices[0]: not an object'],
    [
      'a field plan does not write',
      'f.json',
      '{"notices": [{"sent": true}]}',
      'f.json:1:15: notices[0].sent: not a field',
    ],
    [
      'a field of the wrong type',
      't.json',
      JSON.stringify({ notices: [{ ...row(), quantity: '3' }] }),
      't.json:1:',
    ],
  ])('%s', async (_title, name, text, message) => {
    const said = await refusal(name, text);
    expect(said).toContain(message);
    expect(said).not.toContain('\n');
  });
});
