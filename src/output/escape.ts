// The one escaping rule for text that came from outside the tool (a catalog, an account, an API
// answer) on its way to a terminal, a CI log, the step summary, an annotation or an output:
// - C0 and C1 controls, DEL, line and paragraph separators and bidirectional overrides are shown
//   as visible escapes (`\n`, `\r`, `\t`, `\x1b`, `\x9b`, `\u202e`), so nothing can move the
//   cursor, clear the screen, set a window title, hide text or start a fake line;
// - GitHub workflow commands are neutralised: a line that starts with `::` (after white space) or
//   holds `##[` anywhere is what the runner obeys, so `::` becomes `\::` and `##[` becomes `##\[`.
// --json documents stay exact JSON: `jsonText` escapes the same characters as `\uXXXX`.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same, newlines aside
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/** A workflow command the runner would obey in this line, made inert (and visibly so). */
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

const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A JSON document as text: exactly what JSON.stringify writes, with the characters it leaves raw
 * that a terminal would act on (DEL, C1, separators, bidi overrides) as `\uXXXX` escapes — the
 * same document to any JSON parser.
 */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    UNSAFE_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
