// The log of API requests that tests and benchmarks read (GET /__emulator/requests). It is
// bounded in every dimension: an emulator left running, or sent large requests by anyone who can
// reach its port, would otherwise keep them until its heap ran out. A request without a valid key
// keeps no body (anyone may send one), nor does one nested deeper than the API takes (serving it
// would overflow the stack). An entry keeps at most maxEntryChars of its path and query. Past the
// byte budget the oldest bodies go; past the count, or the character budget of paths and queries,
// the oldest entries (method, path, status: what tests and benchmarks count) go.
import { jsonDepth, MAX_BODY_DEPTH } from './http.js';
import type { RecordedRequest, RequestLogLimits } from './types.js';

/** A benchmark's 3,000 products with 3 prices each makes about 13,000 requests. */
export const REQUEST_LOG_LIMITS: RequestLogLimits = {
  maxEntries: 50_000,
  maxBodyBytes: 16 * 1024 * 1024,
  maxEntryChars: 2048,
  maxTextChars: 8 * 1024 * 1024,
};

type Target = Pick<RecordedRequest, 'path' | 'query' | 'truncated'>;

/** A request body as the log keeps it: its JSON, or its text when it is not JSON; undefined when too deep. */
function jsonOrText(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (jsonDepth(text) > MAX_BODY_DEPTH) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The path and query, cut to `budget` characters in all (the path first, then each name and value). */
function bounded(url: URL, budget: number): { target: Target; chars: number } {
  let left = budget;
  const take = (text: string) => {
    const kept = text.slice(0, Math.max(left, 0));
    left -= text.length;
    return kept;
  };
  const target: Target = { path: take(url.pathname), query: {} };
  for (const [name, value] of url.searchParams) {
    if (left <= 0) {
      left = -1;
      break;
    }
    target.query[take(name)] = take(value);
  }
  if (left < 0) target.truncated = true;
  return { target, chars: budget - Math.max(left, 0) };
}

export class RequestLog {
  private entries: RecordedRequest[] = [];
  /** body sizes, by entry, of the entries that still keep one */
  private readonly bodyBytes = new Map<RecordedRequest, number>();
  private keptBodyBytes = 0;
  /** characters of each entry's path and query, and of all of them */
  private readonly textChars = new Map<RecordedRequest, number>();
  private keptTextChars = 0;

  constructor(private readonly limits: RequestLogLimits = REQUEST_LOG_LIMITS) {}

  /** Logs a request as it arrives; its body only when it came with a valid key. */
  add(method: string, url: URL, raw: Buffer, authenticated: boolean, at: Date): RecordedRequest {
    const { target, chars } = bounded(url, this.limits.maxEntryChars);
    const entry: RecordedRequest = { method, ...target, at: at.toISOString(), status: 0 };
    if (raw.length > 0) this.keepBody(entry, raw, authenticated);
    this.entries.push(entry);
    this.textChars.set(entry, chars);
    this.keptTextChars += chars;
    this.trim();
    return entry;
  }

  private keepBody(entry: RecordedRequest, raw: Buffer, authenticated: boolean): void {
    const body = authenticated && raw.length <= this.limits.maxBodyBytes ? jsonOrText(raw) : undefined;
    if (body === undefined) {
      entry.bodyDropped = true;
      return;
    }
    entry.body = body;
    this.bodyBytes.set(entry, raw.length);
    this.keptBodyBytes += raw.length;
  }

  private trim(): void {
    let gone = 0;
    const over = () =>
      this.entries.length - gone > this.limits.maxEntries ||
      (this.keptTextChars > this.limits.maxTextChars && this.entries.length - gone > 1);
    while (over()) this.forget(this.entries[gone++] as RecordedRequest);
    this.entries.splice(0, gone);
    for (const entry of this.entries) {
      if (this.keptBodyBytes <= this.limits.maxBodyBytes) break;
      if (this.bodyBytes.has(entry)) {
        this.forgetBody(entry);
        delete entry.body;
        entry.bodyDropped = true;
      }
    }
  }

  private forget(entry: RecordedRequest): void {
    this.forgetBody(entry);
    this.keptTextChars -= this.textChars.get(entry) ?? 0;
    this.textChars.delete(entry);
  }

  private forgetBody(entry: RecordedRequest): void {
    this.keptBodyBytes -= this.bodyBytes.get(entry) ?? 0;
    this.bodyBytes.delete(entry);
  }

  /** Copies of the entries kept, oldest first. */
  list(): RecordedRequest[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
    this.bodyBytes.clear();
    this.keptBodyBytes = 0;
    this.textChars.clear();
    this.keptTextChars = 0;
  }
}
