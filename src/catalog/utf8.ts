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

/** The file's text, or the issue at its first byte that is not UTF-8. */
export function decodeCatalog(bytes: Uint8Array): { text: string } | { issue: CatalogIssue } {
  if (isUtf8(bytes)) return { text: decoder.decode(bytes) };
  return { issue: issueAt(bytes, firstInvalidByte(bytes)) };
}
