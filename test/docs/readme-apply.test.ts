// The line of docs/plan-and-apply.md about apply's --json document names every field apply prints, and a failed
// run's document has the one failure shape of every command (an `error` with its kind).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTempDir } from '../support/canary.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { page, paragraphIn } from './readme-text.js';

describe('docs/plan-and-apply.md: apply --json', () => {
  it('names every field of the document, and an unwritten id file is an error of kind user', () =>
    withTempDir('pc-readme-apply-', async (dir) => {
      writeFileSync(join(dir, 'blocker'), '');
      const catalog = join(ROOT, 'catalogs/saas-starter.yaml');
      const args = ['--json', 'apply', catalog, '--local', '--yes', '--ids-out', 'blocker/ids.json'];
      const run = await runCliInProcess(args, { cwd: dir });
      expect(run.code, run.stderr).toBe(1);
      const doc = JSON.parse(run.stdout);
      expect(doc).toMatchObject({ ok: false, verified: true, error: { kind: 'user' } });
      const [product] = Object.values(doc.products);
      const line = paragraphIn(page('docs/plan-and-apply.md'), '`apply --json` prints');
      const fields = [
        ...Object.keys(doc),
        ...Object.keys(product as object),
        'verification',
        'pending',
        'duplicates',
        'interrupted',
        'remaining',
        'deduplicated',
        'planFile',
      ];
      for (const field of fields) expect(line, field).toContain(`"${field}"`);
      for (const kind of ['api', 'interrupted', 'not-verified', 'user'])
        expect(line, kind).toContain(`\`${kind}\``);
    }));
});

describe('docs/ci.md: two runs at once', () => {
  it('says what holds: no lock, both runs of a plan read together both write, a later one is refused or already applied', () => {
    const line = paragraphIn(page('docs/ci.md'), '- Keep the `concurrency:` groups.');
    expect(line).not.toContain('the later one is refused');
    expect(line).toContain('Nothing in a Paddle account can be locked');
    expect(line).toContain("both pass the saved plan's check and both create the same new keys");
    expect(line).toContain('says the plan is applied already');
  });
});
