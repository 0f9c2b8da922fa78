// The one escaping rule for outside text (src/text/escape.ts), as a table.
import { describe, expect, it } from 'vitest';
import { jsonText, neutraliseCommands, shown, shownLines } from '../../src/text/escape.js';

describe('shown: outside text, safe to show', () => {
  it.each([
    ['plain text is unchanged', 'Pro – Teams (€) 日本', 'Pro – Teams (€) 日本'],
    ['ESC of a CSI sequence', 'a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['an OSC window title ended by BEL', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['the C1 CSI U+009B', 'a\u009b31mb', 'a\\x9b31mb'],
    ['DEL and NUL', 'a\u007fb\u0000', 'a\\x7fb\\x00'],
    ['CR, LF and TAB by name', 'a\rb\nc\td', 'a\\rb\\nc\\td'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['bidirectional overrides', 'abc\u202edcba\u2066', 'abc\\u202edcba\\u2066'],
    [
      'invisible characters',
      'a\u200b\u200d\ufeff\u200e\u061c\u180e',
      'a\\u200b\\u200d\\ufeff\\u200e\\u061c\\u180e',
    ],
    ['a workflow command at the start', '::error::x', '\\::error::x'],
    ['a workflow command after white space', '  ::add-mask::v', '  \\::add-mask::v'],
    ['`::` elsewhere is left alone', 'std::string', 'std::string'],
    ['a legacy ##[command] anywhere', 'x ##[error]y', 'x ##\\[error]y'],
    ['a newline cannot start a command line', 'Plain\n::error title=x::y', 'Plain\\n::error title=x::y'],
  ])('%s', (_what, input, output) => {
    expect(shown(input)).toBe(output);
  });

  it('is idempotent: escaping twice shows the same', () => {
    const text = 'a\u001b[2J\n::error::x ##[y]';
    expect(shown(shown(text))).toBe(shown(text));
  });

  it('multiline keeps newlines and neutralises every line', () => {
    expect(shown('ok\n::error::x\n\u001b[1A', { multiline: true })).toBe('ok\n\\::error::x\n\\x1b[1A');
  });

  it('neutraliseCommands touches nothing else', () => {
    expect(neutraliseCommands('a: b :: c')).toBe('a: b :: c');
  });
});

describe('shownLines: the reporter’s last line of defence', () => {
  it('keeps the colour sequences of the tool’s own styles when colour is on', () => {
    expect(shownLines('\u001b[32m+ create\u001b[39m x\u001b[2J', true)).toBe(
      '\u001b[32m+ create\u001b[39m x\\x1b[2J',
    );
  });

  it('escapes every ESC when colour is off', () => {
    expect(shownLines('\u001b[32mx\u001b[39m', false)).toBe('\\x1b[32mx\\x1b[39m');
  });
});

describe('jsonText: --json stays exact JSON', () => {
  const hostile = { name: 'Pro \u001b[2J\u009b31m\u007f\u2028\u202e\n::error::x' };

  it('writes the # of ##[ as \\u0023, so no runner obeys it, and parses back the same', () => {
    const text = jsonText({ name: 'a ##[error]b \\##[x] ###[y]' });
    expect(text).not.toContain('##[');
    expect(text).toContain('a \\u0023\\u0023[error]b');
    expect(JSON.parse(text)).toEqual({ name: 'a ##[error]b \\##[x] ###[y]' });
  });

  it('parses back to exactly the same value', () => {
    expect(JSON.parse(jsonText(hostile))).toEqual(hostile);
  });

  it('holds no raw control, C1, DEL, separator or bidi character', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(jsonText(hostile)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202e]/);
    expect(jsonText(hostile)).toContain('\\u009b31m');
  });
});
