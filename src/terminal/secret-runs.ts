// Any run of the key's secret part, however it is written. The text is read as a sequence of
// characters with their places: invisible characters, white space and dashes are dropped (so a
// zero-width space or a space between every character hides nothing), and `%41`, `%2541`, `&#65;`,
// `&#x41;`, `\x41` and `\u0041` are read as the character they encode; that sequence is also read
// as hex pairs (at both alignments). Wherever 12 or more characters of the secret part stand in a
// row, forwards or reversed, in any letter case, their places in the text are masked.
import { INVISIBLE } from '../text/escape.js';

/** Shorter runs are not masked: 12 characters of a random secret never occur by chance. */
const MIN_RUN = 12;
const REDACTED = '[redacted]';

const DROPPED = new RegExp(`[\\s\\-\\u00ad\\u2060-\\u2064${INVISIBLE}]`, 'u');
const ENCODED =
  /%(?:25)*([0-9a-f]{2})|&#x([0-9a-f]{1,6});?|&#(\d{1,7});?|\\x([0-9a-f]{2})|\\u([0-9a-f]{4})/iy;

/** `%`, `&` and `\`: where an encoded character may start (the others are read as they are). */
const ESCAPE_STARTS = new Set([0x25, 0x26, 0x5c]);

/** The characters read, lower-cased (ASCII only), one code unit each, with where each stood. */
interface Reading {
  chars: string;
  starts: Uint32Array;
  ends: Uint32Array;
}

function codeOf(match: RegExpExecArray): number {
  const hex = match[1] ?? match[2] ?? match[4] ?? match[5];
  return hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(match[3] as string, 10);
}

/** One code unit per character, ASCII lower-cased; an astral one cannot be in a key and stands as a non-match. */
const unitOf = (code: number) => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code > 0xffff ? 0xffff : code);

/** The character codes as a string, a slice at a time (a spread of millions would overflow the stack). */
function textOf(codes: Uint16Array, length: number): string {
  const slices: string[] = [];
  for (let i = 0; i < length; i += 8192)
    slices.push(String.fromCharCode(...codes.subarray(i, Math.min(i + 8192, length))));
  return slices.join('');
}

/** Whether a character is dropped: ASCII is tested by its code, the rest by the expression. */
const dropped = (code: number) =>
  (code > 0x7e || code <= 0x20 || code === 0x2d) &&
  DROPPED.test(String.fromCodePoint(Math.min(code, 0x10ffff)));

function decoded(text: string): Reading {
  const codes = new Uint16Array(text.length);
  const starts = new Uint32Array(text.length);
  const ends = new Uint32Array(text.length);
  let count = 0;
  for (let i = 0; i < text.length; ) {
    ENCODED.lastIndex = i;
    const match = ESCAPE_STARTS.has(text.charCodeAt(i)) ? ENCODED.exec(text) : null;
    const code = match ? codeOf(match) : (text.codePointAt(i) as number);
    const end = match ? i + match[0].length : i + (code > 0xffff ? 2 : 1);
    if (!dropped(code)) {
      codes[count] = unitOf(code);
      starts[count] = i;
      ends[count] = end;
      count += 1;
    }
    i = end;
  }
  return { chars: textOf(codes, count), starts, ends };
}

const HEX_VALUE = (code: number) =>
  code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1;

/** The same characters read as hex pairs from `offset`: a pair that is not hex stands as a non-match. */
function asHex(reading: Reading, offset: 0 | 1): Reading {
  const count = Math.max(0, Math.floor((reading.chars.length - offset) / 2));
  const codes = new Uint16Array(count);
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  for (let n = 0; n < count; n++) {
    const i = offset + 2 * n;
    const high = HEX_VALUE(reading.chars.charCodeAt(i));
    const low = HEX_VALUE(reading.chars.charCodeAt(i + 1));
    codes[n] = high < 0 || low < 0 ? 0xffff : unitOf(high * 16 + low);
    starts[n] = reading.starts[i] as number;
    ends[n] = reading.ends[i + 1] as number;
  }
  return { chars: textOf(codes, count), starts, ends };
}

/**
 * The part of a key that is secret: after `pdl_<env>_apikey_<id>_` for a key of Paddle's shape,
 * after `pdl_<env>_` for another; the whole value otherwise. Read as the text is.
 */
function secretPart(key: string): string {
  const part = /^pdl_[a-z]+_(?:apikey_[a-z0-9]+_)?(.+)$/i.exec(key)?.[1] ?? key;
  return decoded(part).chars;
}

/** Every run of MIN_RUN characters of the secret, forwards and reversed. */
function runsOf(secret: string): Set<string> {
  const runs = new Set<string>();
  for (const text of [secret, [...secret].reverse().join('')]) {
    for (let i = 0; i + MIN_RUN <= text.length; i++) runs.add(text.slice(i, i + MIN_RUN));
  }
  return runs;
}

/** Where the runs stand in the text: [start, end) of each, in no order. */
function spansIn(reading: Reading, runs: Set<string>): [number, number][] {
  const spans: [number, number][] = [];
  for (const run of runs) {
    for (let at = reading.chars.indexOf(run); at !== -1; at = reading.chars.indexOf(run, at + 1)) {
      spans.push([reading.starts[at] as number, reading.ends[at + MIN_RUN - 1] as number]);
    }
  }
  return spans;
}

/** The runs of each key, made once: a JSON document is masked value by value, each value a call. */
const runsByKey = new Map<string, Set<string>>();

/** `text` with every run of `key`'s secret part (MIN_RUN characters or more) masked. */
export function maskSecretRuns(text: string, key: string): string {
  // a text reads as no more characters than it has
  if (text.length < MIN_RUN) return text;
  const runs = runsByKey.get(key) ?? runsOf(secretPart(key));
  runsByKey.set(key, runs);
  if (runs.size === 0) return text;
  const reading = decoded(text);
  // a run in hex is 24 hex digits or more in a row
  const hex = /[0-9a-f]{24}/.test(reading.chars) ? [asHex(reading, 0), asHex(reading, 1)] : [];
  const spans = [reading, ...hex].flatMap((r) => spansIn(r, runs)).sort(([a], [b]) => a - b);
  if (spans.length === 0) return text;
  // overlapping and touching runs are one mask
  let out = '';
  let maskedTo = -1;
  for (const [start, end] of spans) {
    if (start > maskedTo) out += `${text.slice(Math.max(maskedTo, 0), start)}${REDACTED}`;
    maskedTo = Math.max(maskedTo, end);
  }
  return out + text.slice(maskedTo);
}
