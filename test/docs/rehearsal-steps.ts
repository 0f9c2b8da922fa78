// The steps of docs/emulator.md's "Rehearsing a price rise", read from the page itself, so the
// rehearsal test runs what a reader runs and the page cannot drift from it. A fenced block follows
// an HTML comment that says what it is: `<!-- rehearsal: run -->` (shell lines to run, in order) or
// `<!-- rehearsal: docs/examples/… -->` (a file shown, held to the file). The shell is read only in
// the forms the page uses: `paddle-catalog …`, `curl …`, `export …`, a `for … in …; do … done` over
// days, `[ "$day" = … ] && …` and `[ $? = 2 ] || break`; any other line is an error, not skipped.
import { expect } from 'vitest';

export type Block = { kind: 'run'; text: string } | { kind: 'file'; path: string; text: string };

const MARKED = /<!-- rehearsal: (\S+) -->\n\s*```[a-z]*\n([\s\S]*?)\n\s*```/g;

/** The text of `page` under `heading`, up to the next heading (a subsection ends it too). */
export function section(page: string, heading: string): string {
  const start = page.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const from = start + heading.length + 1;
  const next = page.slice(from).search(/\n#{1,3} /);
  return page.slice(start, next < 0 ? undefined : from + next);
}

/** Removes the indentation a list item gives its fenced block. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** The marked blocks of a section, in order. */
export function blocks(text: string): Block[] {
  return [...text.matchAll(MARKED)].map(([, mark = '', body = '']) =>
    mark === 'run' ? { kind: 'run', text: dedent(body) } : { kind: 'file', path: mark, text: dedent(body) },
  );
}

/** Shell words of one line as the shell splits them, with `vars` expanded; `#…` is the comment. */
export function words(line: string, vars: Record<string, string>): { words: string[]; comment: string } {
  const out: string[] = [];
  let word: string | null = null;
  const add = (s: string) => {
    word = (word ?? '') + s;
  };
  const expand = (rest: string): [string, number] => {
    const m = rest.match(/^\$(?:\{(\w+)\}|(\w+|\?))/);
    if (!m) return ['$', 1];
    const name = (m[1] ?? m[2]) as string;
    if (!(name in vars)) throw new Error(`the rehearsal test has no value for $${name}: ${line}`);
    return [vars[name] as string, m[0].length];
  };
  for (let i = 0; i < line.length; ) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t') {
      if (word !== null) out.push(word);
      word = null;
      i += 1;
    } else if (c === '#' && word === null) {
      return { words: out, comment: line.slice(i + 1).trim() };
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      add(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      add('');
      for (i += 1; line[i] !== '"'; ) {
        if (i >= line.length) throw new Error(`unclosed quote: ${line}`);
        if (line[i] === '\\' && '"\\$'.includes(line[i + 1] as string)) {
          add(line[i + 1] as string);
          i += 2;
        } else if (line[i] === '$') {
          const [value, length] = expand(line.slice(i));
          add(value);
          i += length;
        } else add(line[i++] as string);
      }
      i += 1;
    } else if (c === '$') {
      const [value, length] = expand(line.slice(i));
      add(value);
      i += length;
    } else if (c === ';' || c === '&' || c === '|') {
      if (word !== null) out.push(word);
      word = null;
      const op = line.slice(i, i + 2) === c + c ? c + c : c;
      out.push(op);
      i += op.length;
    } else add(line[i++] as string);
  }
  if (word !== null) out.push(word);
  return { words: out, comment: '' };
}

/** A word's brace range, as bash expands it: `2027-02-{01..03}` is 2027-02-01 2027-02-02 2027-02-03. */
export function braces(word: string): string[] {
  const m = word.match(/^(.*)\{(\d+)\.\.(\d+)\}(.*)$/);
  if (!m) return [word];
  const [, before = '', from = '', to = '', after = ''] = m;
  const width = from.startsWith('0') || to.startsWith('0') ? Math.max(from.length, to.length) : 0;
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++)
    out.push(`${before}${String(n).padStart(width, '0')}${after}`);
  return out;
}

/** The lines of a block as the shell reads them, trimmed: a line ending in `\` goes on on the next. */
export function logicalLines(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A curl command line as a request: method, URL, headers and body (only the flags the page uses). */
export function curlRequest(args: string[]): {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
} {
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-s' || arg === '-g') continue;
    if (arg === '-X') method = args[++i];
    else if (arg === '-d') body = args[++i];
    else if (arg === '-H') {
      const [name = '', ...value] = (args[++i] as string).split(':');
      headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (/^https?:\/\//.test(arg) && url === undefined) url = arg;
    else throw new Error(`the rehearsal test does not read curl's ${arg}: ${args.join(' ')}`);
  }
  if (url === undefined) throw new Error(`curl without a URL: ${args.join(' ')}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}
