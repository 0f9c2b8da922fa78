// utf8-invalid (docs/rules.md): a catalog is UTF-8 text. A lenient decoder would turn a stray byte
// into U+FFFD and send that to Paddle in a customer-visible name, so the reader refuses the file
// instead and points at the first bad byte.
import { isUtf8 } from 'node:buffer';
import type { CatalogIssue } from './issue.js';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The bytes a UTF-8 sequence starting with `lead` takes; 0 when no sequence starts so. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** The offset of the first byte that does not start a valid UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  let offset = 0;
  while (offset < bytes.length) {
    const length = sequenceLength(bytes[offset] ?? 0);
    if (length === 0 || !isUtf8(bytes.subarray(offset, offset + length))) return offset;
    offset += length;
  }
  return offset;
}

function issueAt(bytes: Uint8Array, offset: number): CatalogIssue {
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  const line = bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;
  const column = decoder.decode(bytes.subarray(lineStart, offset)).length + 1;
  const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
  return {
    path: '',
    line,
    column,
    message: `invalid UTF-8 (byte 0x${byte}): save the file as UTF-8; the byte would reach Paddle as a replacement character`,
    rule: 'utf8-invalid',
    severity: 'error',
  };
}

// YAML allows no raw control character but tab, line feed, carriage return and NEL (its
// c-printable set); a parser that lets NUL or ESC through a plain scalar would send it to Paddle.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_YAML_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/;

/** The issue at the first raw character YAML does not allow, if any. */
function controlIssue(text: string): CatalogIssue | undefined {
  const found = NOT_YAML_PRINTABLE.exec(text);
  if (!found) return undefined;
  const before = text.slice(0, found.index);
  const code = found[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase();
  return {
    path: '',
    line: before.split('\n').length,
    column: found.index - before.lastIndexOf('\n'),
    message: `a raw control character (U+${code}) is not allowed in YAML; inside double quotes, write it as an escape ("\\u${code.toLowerCase()}")`,
    rule: 'yaml-syntax',
    severity: 'error',
  };
}

/** The file's text, or the issue at its first byte that is not UTF-8 or character YAML does not allow. */
export function decodeCatalog(bytes: Uint8Array): { text: string } | { issue: CatalogIssue } {
  if (!isUtf8(bytes)) return { issue: issueAt(bytes, firstInvalidByte(bytes)) };
  const text = decoder.decode(bytes);
  const issue = controlIssue(text);
  return issue ? { issue } : { text };
}
