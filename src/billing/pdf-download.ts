// Saving an invoice PDF from its (one-hour) URL: invoice --download.
import { randomBytes } from 'node:crypto';
import { link, rename, rm, writeFile } from 'node:fs/promises';
import { UserError } from '../errors.js';

const TIMEOUT_MS = 60_000;

/**
 * Downloads `url` to `file` (via a temporary file, so a failure leaves no half PDF); returns the
 * size. Without `replace`, a file that appeared at `file` meanwhile is kept and this fails.
 */
export async function downloadPdf(url: string, file: string, replace: boolean): Promise<number> {
  let bytes: Buffer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok)
      throw new UserError(`The invoice PDF could not be downloaded: HTTP ${response.status}.`);
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`The invoice PDF could not be downloaded: ${(error as Error).message}.`);
  }
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new UserError(
      'The invoice URL did not return a PDF.',
      'The link may have expired: ask for a new one.',
    );
  }
  const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(temporary, bytes);
    // link() never replaces: the no-clobber move that rename() cannot do
    await (replace ? rename(temporary, file) : link(temporary, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UserError(`${file} already exists; nothing was written`, 'Use --force to replace it.');
    }
    throw new UserError(`Could not write ${file}: ${(error as Error).message}`);
  } finally {
    await rm(temporary, { force: true });
  }
  return bytes.length;
}
