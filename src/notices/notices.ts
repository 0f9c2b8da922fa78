// plan --notices-out: the customers to tell of the plan's subscriber moves, written as CSV or JSON.
// The subscriptions are the ones the plan listed on the moves' source prices (no second read); their
// customers are read by id, a page of ids per request, through the run's paced caller. The file is
// checked before the account is read and written as every output file is (src/files).
import { extname, resolve } from 'node:path';
import type { Catalog } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import { checkOutputFile, refuseInputAsOutput, writeOutputFile } from '../files/output-file.js';
import type { Calls } from '../paddle/calls.js';
import type { CustomersByIdGateway } from '../paddle/customers-gateway.js';
import type { SubscriptionRecord } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import { csvText } from './csv.js';
import { NOTICE_COLUMNS, type Notice, type Notices, noticedMoves, noticesOf } from './rows.js';

export const NOTICES_FORMATS = ['.csv', '.json'] as const;

/** The file's format by its extension; anything else is refused before the account is read. */
function formatOf(file: string): (typeof NOTICES_FORMATS)[number] {
  const ext = extname(file).toLowerCase();
  const format = NOTICES_FORMATS.find((f) => f === ext);
  if (format === undefined)
    throw new UserError(
      `--notices-out ${shown(file)}: the file must end in .csv or .json; nothing was written`,
    );
  return format;
}

/** Before the run: a known format, not the catalog, not a folder, FIFO or device (it is replaced if it exists). */
export async function checkNoticesFile(cwd: string, file: string, catalogFile: string): Promise<void> {
  formatOf(file);
  await refuseInputAsOutput(cwd, file, '--notices-out', catalogFile);
  await checkOutputFile(resolve(cwd, file), shown(file), true, '', 'notices.csv');
}

export interface NoticesRequest {
  plan: Plan;
  catalog: Catalog;
  /** the subscriptions the plan listed on the moves' sources; absent when it could not */
  listed: readonly SubscriptionRecord[] | undefined;
  customers: CustomersByIdGateway;
  calls: Calls;
  now: number;
}

/**
 * The rows, each subscription's customer read by id, and how many were left out (a cancel comes
 * first); refused when the subscriptions were not listed.
 */
export async function readNotices(request: NoticesRequest): Promise<Notices> {
  const moves = noticedMoves(request.plan.moves ?? []);
  if (moves.length > 0 && request.listed === undefined)
    throw new UserError(
      'The customers to tell were not written: the subscriptions on the source prices could not be listed (the API key needs subscription.read).',
    );
  const sources = new Set(moves.map((move) => move.fromId));
  const touched = (request.listed ?? []).filter((s) => s.items.some((i) => sources.has(i.price_id)));
  const ids = [...new Set(touched.flatMap((s) => (s.customer_id ? [s.customer_id] : [])))];
  const customers =
    ids.length === 0
      ? []
      : await request.calls.runPaced((pace) =>
          request.customers.read('read the customers of the moved subscriptions', ids, pace),
        );
  const emails = new Map(customers.map((c) => [c.id, c.email]));
  return noticesOf(moves, touched, { catalog: request.catalog, emails, now: request.now });
}

/**
 * The file's text: CSV (a header, a row per notice) or JSON ({"notices": [...]}).
 * @internal The read-list test writes a notices file in each format and reads it back.
 */
export function noticesText(file: string, notices: readonly Notice[]): string {
  if (formatOf(file) === '.json') return `${JSON.stringify({ notices }, null, 2)}\n`;
  return csvText(
    NOTICE_COLUMNS,
    notices.map((notice) => NOTICE_COLUMNS.map((column) => notice[column])),
  );
}

/** What plan says of the file: its name (as given, escaped), its rows, and the subscriptions left out (a cancel comes first). */
export interface NoticesWritten {
  file: string;
  rows: number;
  left_out: number;
}

export async function writeNotices(cwd: string, file: string, notices: readonly Notice[]): Promise<void> {
  await writeOutputFile(resolve(cwd, file), shown(file), noticesText(file, notices), { overwrite: true });
}
