// invoice's views: the URL (and where the PDF went), or the --json document `{url}` / `{url, file}`.

import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';

/** A transaction's invoice URL (an error goes through src/views/billing-error.ts). */
export interface InvoiceResult {
  url: string;
  /** when the URL stops working */
  expires: Date;
  /** --download: the file written and its size in bytes */
  download?: { file: string; size: number };
  /** --local: the emulator, and the link with it, stops with this command */
  local: boolean;
}

export function renderJson(result: InvoiceResult) {
  return result.download ? { url: result.url, file: result.download.file } : { url: result.url };
}

export function renderHuman(result: InvoiceResult, out: Reporter): void {
  const { url, expires, download } = result;
  out.result(shown(url));
  if (!out.json) {
    out.info(`valid for 1 hour, until ${expires.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    if (result.local && !download) {
      out.info(
        '(--local: the emulator stops with this command, and the link with it; add --download <file>)',
      );
    }
  }
  if (download) out.info(`saved the PDF to ${download.file} (${download.size} bytes)`);
}
