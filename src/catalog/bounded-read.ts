// A catalog path comes from a pull request as much as from its author: a symlink to /dev/zero or a
// FIFO committed in its place would be read without end or block the run. So the path must lead to
// a regular file no larger than MAX_CATALOG_BYTES, checked on the opened file before any byte is
// read; opening does not wait for a FIFO's writer.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { UserError } from '../errors.js';

/** 16 MiB: a catalog of 3,000 products with 3 prices each is under 2 MiB. */
export const MAX_CATALOG_BYTES = 16 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The bytes of the regular file at `path` (shown as `file`), or a UserError saying why not. */
export async function readRegularFile(
  path: string,
  file: string,
  maxBytes = MAX_CATALOG_BYTES,
): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    // as opening a directory fails where the system refuses it (the caller names it)
    if (stat.isDirectory()) throw Object.assign(new Error(`${file} is a directory`), { code: 'EISDIR' });
    if (!stat.isFile()) {
      throw new UserError(
        `${file} is not a regular file (a device, a FIFO or a socket); a catalog must be a YAML file`,
      );
    }
    const tooLarge = () =>
      new UserError(`${file} is larger than ${maxBytes / MIB} MiB, more than any catalog; it was not read`);
    if (stat.size > maxBytes) throw tooLarge();
    // all of it in one read, normally; more reads only if the file grew since it was measured
    const chunks: Buffer[] = [];
    let length = 0;
    let size = stat.size + 1;
    for (;;) {
      const chunk = Buffer.alloc(size);
      const { bytesRead } = await handle.read(chunk, 0, size, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) throw tooLarge();
      size = 64 * 1024;
    }
    return Buffer.concat(chunks, length);
  } finally {
    await handle.close();
  }
}
