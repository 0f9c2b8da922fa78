// The one escaping rule for text that came from outside the tool (a catalog, an account, an API
// answer) on its way to a terminal, a CI log, the step summary, an annotation or an output:
// - C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls and invisible
//   characters (zero-width space and joiners, the byte-order mark, the Mongolian vowel separator)
//   are shown as visible escapes (`\n`, `\r`, `\t`, `\x1b`, `\x9b`, `\u202e`, `\u200b`), so nothing
//   can move the cursor, clear the screen, set a window title, hide text, start a fake line or
//   make two different names look the same;
// - GitHub workflow commands are neutralised: a line that starts with `::` (after white space) or
//   holds `##[` anywhere is what the runner obeys, so `::` becomes `\::` and `##[` becomes `##\[`.
// --json documents stay exact JSON: `jsonText` escapes the same characters, and the `#` of `##[`,
// as `\uXXXX`.

/** Shown as escapes wherever they are: bidi controls and characters that take no room. */
export const INVISIBLE = '\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff';
const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE}]`, 'g');
const UNSAFE_BUT_NEWLINE = new RegExp(`[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${INVISIBLE}]`, 'g');
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * A workflow command the runner would obey in this line, made inert (and visibly so).
 * @internal Its own table test; escaping is where trust is decided.
 */
export function neutraliseCommands(line: string): string {
  return line.replace(/^(\s*)::/u, '$1\\::').replaceAll('##[', '##\\[');
}

/**
 * Text from outside the tool, safe to show. A single-line field (a name, a key, an error detail)
 * shows a newline as `\n`; with `multiline`, newlines stay and every line is neutralised.
 */
export function shown(text: string, options: { multiline?: boolean } = {}): string {
  if (!options.multiline) return neutraliseCommands(text.replace(UNSAFE, visible));
  return text.replace(UNSAFE_BUT_NEWLINE, visible).split('\n').map(neutraliseCommands).join('\n');
}

// SGR (colour) sequences are the only escape sequences the tool writes itself.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts every colour sequence
const SGR_PIECES = /(\u001b\[[0-9;]*m)/;

/**
 * The reporter's last line of defence for the text it writes: `shown(…, multiline)`, except that
 * with colour on it keeps the colour sequences of the tool's own styles.
 */
export function shownLines(text: string, keepColour: boolean): string {
  if (!keepColour) return shown(text, { multiline: true });
  return text
    .split(SGR_PIECES)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(UNSAFE_BUT_NEWLINE, visible)))
    .join('')
    .split('\n')
    .map(neutraliseCommands)
    .join('\n');
}

// JSON.stringify escapes C0 itself; `##[` can only stand inside a string, where no backslash of an
// escape precedes a `#`. A line-leading `::` cannot occur: every line of a document starts with
// white space, a bracket or a quote.
const UNSAFE_IN_JSON = new RegExp(`[\\u007f-\\u009f${INVISIBLE}]|##\\[`, 'g');

const jsonEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A JSON document as text: exactly what JSON.stringify writes, with the characters it leaves raw
 * that a terminal would act on (DEL, C1, separators, bidi and invisible characters) and the `##`
 * of a legacy workflow command (`##[`) as `\uXXXX` escapes — the same document to any JSON parser,
 * and nothing a CI runner obeys, in GitHub Actions or not.
 */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (match) =>
    match === '##[' ? `${jsonEscape('#')}${jsonEscape('#')}[` : jsonEscape(match),
  );
}
