// node:http plumbing: JSON bodies in, Paddle envelopes out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure } from './api-error.js';

const MAX_BODY_BYTES = 1_000_000;

/**
 * The deepest a request body may nest. Paddle documents no limit; real bodies nest a few levels
 * (custom_data a few more), and a body thousands deep would overflow the stack of every recursive
 * step after parsing (copying, checking, logging, saving). Deeper is refused as a body the API
 * cannot read: 400 invalid_json (https://developer.paddle.com/errors/shared/invalid_json).
 */
export const MAX_BODY_DEPTH = 512;

/** How deep a JSON text nests (its deepest `{`/`[`), read without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

const invalidJson = () => new ApiFailure(400, 'invalid_json', 'Invalid JSON in your request.');

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        reject(new ApiFailure(413, 'request_body_too_large', 'The provided request body is too large.'));
      } else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** The JSON body of a write; anything but a JSON object, or one nested too deep, is invalid_json. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8') || 'null';
  if (jsonDepth(text) > MAX_BODY_DEPTH) throw invalidJson();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidJson();
  return value as Record<string, unknown>;
}

/**
 * The answer's `Date` header on the emulator's clock, not the machine's (Node's default): a client
 * that takes the account's time from it (the tool does: src/paddle/account-time.ts) then judges
 * renewals, locks and trials by the clock the emulator renews them by. A clock that reads no time
 * sends no Date at all rather than the machine's.
 */
export function stampDate(res: ServerResponse, now: Date): void {
  if (Number.isFinite(now.getTime())) res.setHeader('date', now.toUTCString());
  else {
    res.removeHeader('date');
    res.sendDate = false;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store, max-age=0',
    'request-id': requestId,
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** 204 No Content: Paddle's answer to a delete, its Request-Id header and no body. */
export function sendNoContent(res: ServerResponse, requestId: string): void {
  res.writeHead(204, { 'request-id': requestId });
  res.end();
}
