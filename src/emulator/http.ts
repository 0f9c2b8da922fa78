// node:http plumbing: JSON bodies in, Paddle envelopes out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure } from './api-error.js';

const MAX_BODY_BYTES = 1_000_000;

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

/** The JSON body of a write; anything but a JSON object is invalid_json. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8') || 'null');
  } catch {
    throw new ApiFailure(400, 'invalid_json', 'Invalid JSON in your request.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiFailure(400, 'invalid_json', 'Invalid JSON in your request.');
  }
  return value as Record<string, unknown>;
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
