import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { catalogReferenceMarkdown, withReference } from '../../src/catalog/reference.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('has the catalog reference generated from the current schema (regenerate with: npm run docs)', () => {
    expect(withReference(readme, catalogReferenceMarkdown())).toBe(readme);
  });

  it("names every folder of src/ in the Development section's layout", () => {
    const development = readme.slice(readme.indexOf('\n## Development\n'));
    const src = new URL('../../src/', import.meta.url);
    const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name } of folders) expect(development, name).toContain(`\`src/${name}\``);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm test');
  });

  it("shows a churned customer's history exactly as history prints it from the demo data", async () => {
    const block = readme.match(
      /<!-- churned-history:start -->\n```\n([\s\S]*?)```\n<!-- churned-history:end -->/,
    );
    const { code, stdout } = await runCliInProcess(['history', '--email', 'churned@example.com', '--local']);
    expect(code).toBe(0);
    expect(stdout).toContain('archived (a churned customer)');
    expect(block?.[1]).toBe(stdout);
  });

  it('says how invoice answers for a transaction without an invoice: the same with and without --json', async () => {
    const zeroValue = 'txn_01jbvgqmg00t1158s0psktjcjd'; // the churned demo customer's trial start
    expect(readme).toContain(zeroValue);
    const human = await runCliInProcess(['invoice', zeroValue, '--local']);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('zero-value transaction');
    expect(human.stderr).toContain('No PDF was requested');
    const json = await runCliInProcess(['--json', 'invoice', zeroValue, '--local']);
    const { error } = JSON.parse(json.stdout);
    expect(json.code).toBe(1);
    expect(human.stderr).toContain(error.message);
    expect(readme).toContain(`\`kind: "${error.kind}"\`, \`"code": "${error.code}"\``);
  });

  it('shows the errors of its validate example exactly as validate prints them', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-readme-'));
    writeFileSync(
      join(cwd, 'my-catalog.yaml'),
      [
        'version: 1',
        'products:',
        '  pro:',
        '    name: Pro',
        '    tax_category: professional-servicesoft',
        '    prices:',
        '      monthly:',
        '        description: Pro monthly',
        '        unitPrice: { amount: "1000", currency_code: USD }',
        '      yearly:',
        '        description: Pro yearly',
        '        unit_price: { amount: 10.00, currency_code: USD }',
      ].join('\n'),
    );
    const shown = readme.match(/npx paddle-catalog validate my-catalog\.yaml\n((?:# .*\n)+)/)?.[1];
    const { code, stdout } = await runCliInProcess(['validate', 'my-catalog.yaml'], { cwd });
    expect(code).toBe(1);
    expect(shown?.replace(/^# /gm, '')).toBe(stdout);
  });

  it("names every field of validate's --json document", async () => {
    const { stdout } = await runCliInProcess(['--json', 'validate', 'catalogs/global-pricing.yaml']);
    const doc = JSON.parse(stdout);
    const line = readme.split('\n').find((l) => l.startsWith('`--json` prints `{"ok", "file"'));
    for (const field of [...Object.keys(doc), ...Object.keys(doc.issues[0])])
      expect(line, field).toContain(`"${field}"`);
  });

  it("names every field of plan's --json document", async () => {
    const { code, stdout } = await runCliInProcess([
      '--json',
      'plan',
      'catalogs/saas-starter.yaml',
      '--local',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    const line = readme.split('\n').find((l) => l.startsWith('`{"ok", "environment", "changes"'));
    // and the fields that only some plans have: an update, --adopt, a code conflict, an expired or
    // moved discount, a saved plan
    const optional = ['id', 'fields', 'ambiguities', 'codeConflict', 'remoteStatus', 'movedFrom', 'saved'];
    const fields = [...Object.keys(doc), ...Object.keys(doc.changes[0]), ...optional];
    for (const field of fields) expect(line, field).toContain(`"${field}"`);
    // its issues in validate's shape, named in the sentences after the line
    const after = readme.slice(readme.indexOf(line ?? '')).split('\n\n')[0] ?? '';
    for (const field of ['path', 'line', 'column', 'message', 'rule', 'severity'])
      expect(after, field).toContain(`"${field}"`);
  });

  it('and the other documents it links to never cite the spec they were built from', () => {
    for (const file of ['README.md', 'BENCHMARKS.md']) {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(text, file).not.toMatch(/§|\bthe seed\b/i);
    }
  });

  it('its catalog example is valid, and its modeline names the schema the installed package ships', () => {
    const example = readme.match(/## The catalog file[\s\S]*?```yaml\n([\s\S]*?)```/)?.[1] ?? '';
    const modeline = example.split('\n')[0] ?? '';
    const path = /\$schema=\.\/node_modules\/paddle-catalog\/(.+)$/.exec(modeline)?.[1];
    expect(path, modeline).toBe('catalogs/catalog.schema.json');
    // what `npm install paddle-catalog` puts there: the package's files include catalogs/
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.files).toContain('catalogs');
    expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')).toContain('"$schema"');
    const { catalog, issues } = readCatalog('catalog.yaml', example, { environment: 'sandbox' });
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(catalog).toBeDefined();
  });
});
