// The notices CSV, pure: a cell a spreadsheet would read as a formula made inert with a leading `'`
// (OWASP's CSV injection guidance), every cell quoted and a quote doubled (RFC 4180).
import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../src/notices/csv.js';

describe('notices CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['kim@example.com', '"kim@example.com"'],
    ['a=b', '"a=b"'],
    ['say "hi", then go', '"say ""hi"", then go"'],
    ['', '""'],
  ])('%j is written %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('a header and a line per row, CRLF-ended; null and numbers as cells', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          ['x', null],
          [3, '-1'],
        ],
      ),
    ).toBe('"a","b"\r\n"x",""\r\n"3","\'-1"\r\n');
  });
});
