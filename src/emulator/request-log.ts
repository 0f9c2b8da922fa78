// The log of API requests that tests and benchmarks read (GET /__emulator/requests). It is
// bounded: an emulator left running, or sent large bodies by anyone who can reach its port, would
// otherwise keep every body until its heap ran out. A request without a valid key keeps no body
// (anyone may send one); past the byte budget the oldest bodies go, past the count the oldest
// entries (method, path, status: what tests and benchmarks count) go.
import type { RecordedRequest, RequestLogLimits } from './types.js';

/** A benchmark's 3,000 products with 3 prices each makes about 13,000 requests. */
export const REQUEST_LOG_LIMITS: RequestLogLimits = { maxEntries: 50_000, maxBodyBytes: 16 * 1024 * 1024 };

/** A request body as the log keeps it: its JSON, or its text when it is not JSON. */
function jsonOrText(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class RequestLog {
  private entries: RecordedRequest[] = [];
  /** body sizes, by entry, of the entries that still keep one */
  private readonly bodyBytes = new Map<RecordedRequest, number>();
  private keptBodyBytes = 0;

  constructor(private readonly limits: RequestLogLimits = REQUEST_LOG_LIMITS) {}

  /** Logs a request as it arrives; its body only when it came with a valid key. */
  add(entry: RecordedRequest, raw: Buffer, authenticated: boolean): RecordedRequest {
    if (raw.length > 0) {
      if (authenticated && raw.length <= this.limits.maxBodyBytes) {
        entry.body = jsonOrText(raw);
        this.bodyBytes.set(entry, raw.length);
        this.keptBodyBytes += raw.length;
      } else entry.bodyDropped = true;
    }
    this.entries.push(entry);
    this.trim();
    return entry;
  }

  private trim(): void {
    if (this.entries.length > this.limits.maxEntries) {
      const gone = this.entries.splice(0, this.entries.length - this.limits.maxEntries);
      for (const entry of gone) this.forgetBody(entry);
    }
    for (const entry of this.entries) {
      if (this.keptBodyBytes <= this.limits.maxBodyBytes) break;
      if (this.bodyBytes.has(entry)) {
        this.forgetBody(entry);
        delete entry.body;
        entry.bodyDropped = true;
      }
    }
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
  }
}
