// The yaml package (a document with positions) is required the first time it is needed, not
// imported: a valid catalog is settled by js-yaml alone (the quick read in read.ts), and loading
// yaml costs about 80 ms of CPU, a sixth of a `validate` run. Only a full read (a catalog with an
// issue) and positions need it. Its types come in through `import type`, which loads nothing.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

let loaded: Yaml | undefined;

/** The yaml package, loaded on the first call. */
export function yamlLib(): Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as Yaml;
  return loaded;
}
