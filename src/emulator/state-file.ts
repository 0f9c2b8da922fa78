// `--state <file>`: both accounts and every key in one JSON file, loaded at start and written
// after every change. The file is seed data (the same sections and records) plus the two keys the
// emulator announces, so a saved account can also be used as a seed. Writes go to a temporary file
// that is renamed over the old one: a kill at any moment leaves either the old state or the new.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
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
        notification: z.looseObject({ id: z.string(), status: z.string() }),
        logs: z.array(z.looseObject({ id: z.string() })),
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
  /** the notifications not delivered yet, with their logs: sent after a restart (notifications/outbox.ts) */
  notification_queue?: QueuedNotification[];
}

/** Room for accounts far larger than any test or demo makes; a FIFO or /dev/zero is refused. */
const STATE_FILE = { kind: 'state file', maxBytes: 256 * 1024 * 1024 };

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

/** Writes the whole state atomically (temporary file in the same folder, then rename). */
export function writeStateFile(file: string, state: SavedState): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UserError(`Cannot write the state file ${file}: ${(error as Error).message}`);
  }
}
