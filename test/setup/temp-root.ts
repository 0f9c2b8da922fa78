// Every temp folder of a run lives in one folder made for that run and removed at its end
// (TMPDIR, which os.tmpdir() and the CLI processes the tests start both read): a test that forgets
// its folder, or a process killed before it could clean up, leaves nothing in the system's temp
// folder, and two runs side by side never meet in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function tempRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'paddle-catalog-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
