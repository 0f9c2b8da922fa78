// apply --secrets-out: the signing secret of each of the catalog's notification destinations, as
// dotenv lines named by its key (PADDLE_WEBHOOK_SECRET_APP=pdl_ntfset_…), written to the one file
// asked for, readable by its owner only (0600). Read from the account once the writes are done, so
// a destination made or replaced by this run is there with its new secret. Nowhere else: not the
// id files (made to be shared), not stdout, --json, a saved plan, the step summary or a log.
import type { UnwrittenFile } from '../files/output-file.js';
import { tryWriteOutputFile } from '../files/output-file.js';
import type { KeyResult } from '../operations/results.js';

/** Owner read and write only. */
const SECRETS_FILE_MODE = 0o600;

/** `app` → `PADDLE_WEBHOOK_SECRET_APP`. */
const secretName = (key: string) => `PADDLE_WEBHOOK_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/** The dotenv lines of the destinations the run left in place, sorted; one without a secret read is left out. */
function secretLines(results: readonly KeyResult[], secrets: ReadonlyMap<string, string>): string[] {
  return results
    .filter((r) => r.kind === 'notification' && r.id && r.action !== 'delete' && r.status !== 'failed')
    .flatMap((r) => {
      const secret = secrets.get(r.id as string);
      return secret === undefined ? [] : [`${secretName(r.key)}=${secret}`];
    })
    .sort();
}

/** Reads the secrets (the port the CLI gives: its gateway) and writes the file; a failure to write is returned. */
export async function writeSecrets(
  path: string,
  file: string,
  results: readonly KeyResult[],
  readSecrets: () => Promise<ReadonlyMap<string, string>>,
): Promise<UnwrittenFile | undefined> {
  const lines = secretLines(results, await readSecrets());
  const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  return tryWriteOutputFile(path, file, text, { overwrite: true, mode: SECRETS_FILE_MODE });
}
