// End-to-end tests spawn bin/, which runs dist/. Build once before the run so dist/ is never stale.
// The build is incremental (tsconfig.build.json), yet even with nothing changed tsc parses every
// source and declaration (about 4 s before any test starts): when no source or config file is newer
// than the last build's info file, dist/ is what the build would write, and tsc is not started.
// tsc emits even when it reports type errors; those fail `npm run typecheck`, not the test run.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_INFO = 'dist/.tsbuildinfo';
const INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function builtSinceLastChange(): boolean {
  let built: number;
  try {
    built = statSync(BUILD_INFO).mtimeMs;
  } catch {
    return false;
  }
  const sources = readdirSync('src', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  return [...INPUTS, ...sources].every((file) => statSync(file).mtimeMs <= built);
}

export default function buildOnce(): void {
  if (process.env.PADDLE_CATALOG_SKIP_BUILD === '1' || builtSinceLastChange()) return;
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (tsc.status !== 0) process.stderr.write(`build-once: tsc reported problems\n${tsc.stdout}${tsc.stderr}`);
  // tsc leaves the info file alone when a file was only touched: mark dist/ as checked now
  else utimesSync(BUILD_INFO, new Date(), new Date());
}
