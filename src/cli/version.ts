// The version is read from package.json at run time, so a release changes it in one place.
import { readFileSync } from 'node:fs';

/** The package's version, for --version and for the plans a run saves. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
