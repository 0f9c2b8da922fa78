// The lines of docs/ids-and-refs.md about the --json documents of ids and refs name every field the commands print.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { page, paragraphIn } from './readme-text.js';

const idsPage = page('docs/ids-and-refs.md');

describe('docs/ids-and-refs.md: ids and refs', () => {
  it("names every field of ids' --json document", async () => {
    const { stdout } = await runCliInProcess([
      '--json',
      'ids',
      'catalogs/saas-starter.yaml',
      '--local',
      '--allow-missing',
    ]);
    const doc = JSON.parse(stdout);
    const line = paragraphIn(idsPage, '`ids --json` prints');
    for (const field of [
      ...Object.keys(doc),
      ...Object.keys(doc.ids),
      ...Object.keys(doc.missing[0]),
      'file',
      'written',
    ]) {
      expect(line, field).toContain(`"${field}"`);
    }
  });

  it("names every field of refs' --json document", async () => {
    const { stdout } = await runCliInProcess(['--json', 'refs', 'test/refs', '--local']);
    const doc = JSON.parse(stdout);
    const line = paragraphIn(idsPage, '- `--json`: `{"ok", "error"');
    const fields = [
      ...Object.keys(doc),
      ...Object.keys(doc.files),
      ...Object.keys(doc.files.skipped),
      ...Object.keys(doc.problems[0]),
      ...Object.keys(doc.references[0]),
      'kind',
      'owner',
      'other',
    ];
    for (const field of fields) expect(line, field).toContain(`"${field}"`);
  });
});
