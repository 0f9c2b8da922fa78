// End-to-end tests spawn bin/, which runs dist/. Build once before the run so dist/ is never stale.
// The build is incremental (tsconfig.build.json): with nothing changed it takes a second, not ten.
// tsc emits even when it reports type errors; those fail `npm run typecheck`, not the test run.
import { spawnSync } from 'node:child_process';

export default function buildOnce(): void {
  if (process.env.PADDLE_CATALOG_SKIP_BUILD === '1') return;
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (tsc.status !== 0) process.stderr.write(`build-once: tsc reported problems\n${tsc.stdout}${tsc.stderr}`);
}
