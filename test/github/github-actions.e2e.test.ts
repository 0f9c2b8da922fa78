// In GitHub Actions (GITHUB_ACTIONS=true): plan and apply append to $GITHUB_STEP_SUMMARY and
// $GITHUB_OUTPUT, and a catalog error becomes an annotation on the diff.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let dir: string;
let summary: string;
let output: string;

const actionsEnv = () => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_WORKSPACE: dir,
  GITHUB_STEP_SUMMARY: summary,
  GITHUB_OUTPUT: output,
});
const read = (file: string) => readFileSync(file, 'utf8');
/** The value of one step output in the `name<<delimiter` form. */
function outputValue(text: string, name: string): string | undefined {
  const match = new RegExp(`^${name}<<(\\S+)\\n([\\s\\S]*?)\\n\\1$`, 'm').exec(text);
  return match?.[2];
}

beforeEach(() => {
  dir = tempDir();
  summary = join(dir, 'summary.md');
  output = join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
});

describe('GitHub Actions', () => {
  it('plan --local: the review in the step summary (as --format markdown prints it), has_changes=true in the step outputs', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(['plan', file, '--local'], { env: actionsEnv() });
    expect(result.code).toBe(0);
    const md = read(summary);
    expect(md).toContain('### paddle-catalog plan');
    expect(md).toContain('**sandbox** · Plan: 3 to create, 0 to update, 0 to archive.');
    expect(md).toContain('\n```diff\n+ create product pro  "Pro" (saas)\n');
    const printed = await runCliInProcess(['plan', file, '--local', '--format', 'markdown']);
    expect(`${printed.stdout}`).toBe(md);
    expect(outputValue(read(output), 'has_changes')).toBe('true');
    expect(`${md}${read(output)}`).not.toMatch(/apikey|pdl_/);
  });

  it('apply --local --yes: the ids in the summary; applied, verified and ids_file in the outputs', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(['apply', file, '--local', '--yes', '--ids-out', 'ids.json'], {
      env: actionsEnv(),
      cwd: dir,
    });
    expect(result.code).toBe(0);
    const md = read(summary);
    expect(md).toContain('### paddle-catalog apply');
    expect(md).toContain('3 changes applied · ✅ verified · ids written to `ids.json`');
    expect(md).toMatch(/\| `pro\/monthly` \| `price` \| `pri_\w+` \| `create` \| `applied` \|/);
    const out = read(output);
    expect(outputValue(out, 'has_changes')).toBe('true');
    expect(outputValue(out, 'applied')).toBe('true');
    expect(outputValue(out, 'verified')).toBe('true');
    expect(outputValue(out, 'ids_file')).toBe('ids.json');
    expect(`${md}${out}`).not.toMatch(/apikey|pdl_/);
  });

  it('plan with an invalid catalog: the errors as ::error annotations with file, line and col', async () => {
    const file = writeCatalog(
      dir,
      PRO_CATALOG().replace('tax_category: saas', 'tax_category: sas'),
      'bad.yaml',
    );
    const result = await runCliInProcess(['plan', file, '--local'], { env: actionsEnv() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^::error file=bad\.yaml,line=5,col=\d+,title=[^:]+::/m);
    expect(read(summary)).toBe('');
  });

  it('outside Actions nothing is written and no annotation is printed', async () => {
    const file = writeCatalog(
      dir,
      PRO_CATALOG().replace('tax_category: saas', 'tax_category: sas'),
      'bad.yaml',
    );
    const env = { ...actionsEnv(), GITHUB_ACTIONS: '' };
    const result = await runCliInProcess(['plan', file, '--local'], { env });
    expect(result.stderr).not.toContain('::error');
    const good = writeCatalog(dir, PRO_CATALOG());
    expect((await runCliInProcess(['plan', good, '--local'], { env })).code).toBe(0);
    expect(read(summary)).toBe('');
    expect(read(output)).toBe('');
  });
});

describe('plan --emit tool-server', () => {
  it('--out writes one .js file per script; --json lists {name, calls, code}', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(
      ['--json', 'plan', file, '--local', '--emit', 'tool-server', '--out', 'scripts'],
      {
        cwd: dir,
      },
    );
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox', format: 'tool-server', deferred: [] });
    expect(doc.scripts).toHaveLength(1);
    expect(doc.scripts[0]).toMatchObject({
      name: '01-pro',
      calls: 3,
      file: join(dir, 'scripts', '01-pro.js'),
    });
    expect(read(join(dir, 'scripts', '01-pro.js'))).toBe(doc.scripts[0].code);
  });

  it('without --out the scripts go to stdout, each under a clear separator', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const result = await runCliInProcess(['plan', file, '--local', '--emit', 'tool-server']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('// ===== 01-pro.js: script 1 of 1, 3 API calls =====');
    expect(result.stdout).toContain('await client.products.create(');
    const bad = await runCliInProcess(['plan', file, '--local', '--emit', 'terraform']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('tool-server');
  });
});
