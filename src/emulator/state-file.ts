// `--state <file>`: both accounts and every key in one JSON file, loaded at start and written
// after every change. The file is seed data (the same sections and records) plus the two keys the
// emulator announces, so a saved account can also be used as a seed. Writes go to a temporary file
// that is renamed over the old one: a kill at any moment leaves either the old state or the new.
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { readRegularFileSync } from '../files/bounded-read.js';
import { keyAccount } from './auth.js';
import { checkSeed, seedSchema } from './seed-file.js';
import { ACCOUNTS, type EmulatorSeed, type QueuedNotification } from './types.js';

export const STATE_FORMAT = 'paddle-catalog-emulator-state';

const stateSchema = seedSchema.extend({
  format: z.literal(STATE_FORMAT),
  version: z.literal(1),
  api_key: z.string().refine((k) => keyAccount(k) === 'sandbox', 'must be a sandbox key (pdl_sdbx_)'),
  live_api_key: z.string().refine((k) => keyAccount(k) === 'live', 'must be a live key (pdl_live_)'),
  notification_queue: z
    .array(
      z.strictObject({
        account: z.enum(ACCOUNTS),
        notification: z.looseObject({
          id: z.string(),
          status: z.string(),
          payload: z.looseObject({
            event_id: z.string(),
            event_type: z.string(),
            occurred_at: z.string(),
            data: z.looseObject({}),
          }),
        }),
        logs: z.array(z.looseObject({ id: z.string() })),
        second_copy_owed: z.literal(true).optional(),
      }),
    )
    .optional(),
});

export interface SavedState extends EmulatorSeed {
  format: typeof STATE_FORMAT;
  version: 1;
  /** the sandbox key the emulator announces */
  api_key: string;
  /** the live key the emulator announces */
  live_api_key: string;
  /**
   * the notifications not delivered yet (or owed a second copy), with their logs: sent after a
   * restart (notifications/outbox.ts); written from each one's JSON text (writeStateFile's queue)
   */
  notification_queue?: QueuedNotification[];
}

/**
 * Room for accounts far larger than any test or demo makes, and for the notifications owed (the
 * outbox's bound, MAX_WEIGHT, is 256 MiB of them); under V8's longest string (2^29 − 24 characters),
 * which the file's text must fit. A FIFO or /dev/zero is refused.
 */
const STATE_FILE = { kind: 'state file', maxBytes: 511 * 1024 * 1024 };

/** The saved state, or undefined when the file does not exist yet. Anything else unreadable is an error. */
export function readStateFile(file: string): SavedState | undefined {
  let text: string;
  try {
    text = readRegularFileSync(file, file, STATE_FILE).toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`Cannot read the state file ${file}: ${(error as Error).message}`);
  }
  // JSON only: it is what we write, it is fast, and a YAML parse would let a truncated file pass
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `The state file ${file} is not valid JSON (${(error as Error).message}); it was left as it is.`,
      'Move it away to start afresh, or pass another --state file.',
    );
  }
  return checkSeed(stateSchema, file, data, 'state file') as SavedState;
}

/** What one write of the state file takes at most: the queue's entries are joined up to it. */
const WRITE_CHUNK = 1024 * 1024;

/**
 * Writes the whole state atomically (temporary file in the same folder, then rename). `queue`, each
 * notification_queue entry as JSON text (saved-queue.ts), is written after the rest a chunk at a time,
 * so 70,000 queued notifications are never one string.
 */
export function writeStateFile(
  file: string,
  state: Omit<SavedState, 'notification_queue'>,
  queue: readonly string[],
): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeJoined(fd, JSON.stringify(state), queue);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UserError(`Cannot write the state file ${file}: ${(error as Error).message}`);
  }
}

/** `state`'s text with `queue` as its last key, notification_queue, when it has any entry. */
function writeJoined(fd: number, state: string, queue: readonly string[]): void {
  if (queue.length === 0) {
    writeFileSync(fd, state);
    return;
  }
  let chunk = `${state.slice(0, -1)},"notification_queue":[`;
  for (const [i, entry] of queue.entries()) {
    chunk += i === 0 ? entry : `,${entry}`;
    if (chunk.length >= WRITE_CHUNK) {
      writeFileSync(fd, chunk);
      chunk = '';
    }
  }
  writeFileSync(fd, `${chunk}]}`);
}
