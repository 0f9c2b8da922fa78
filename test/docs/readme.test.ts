import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { catalogReferenceMarkdown, withReference } from '../../src/catalog/reference.js';
import { tempDir } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { page, readme } from './readme-text.js';

const catalogPage = page('docs/catalog.md');
const planPage = page('docs/plan-and-apply.md');
const supportPage = page('docs/support-desk.md');

describe('README and docs pages', () => {
  it('docs/catalog.md has the catalog reference generated from the current schema (regenerate with: npm run docs)', () => {
    expect(withReference(catalogPage, catalogReferenceMarkdown())).toBe(catalogPage);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm test');
  });

  it("docs/support-desk.md shows a churned customer's history exactly as history prints it from the demo data", async () => {
    const block = supportPage.match(
      /<!-- churned-history:start -->\n```\n([\s\S]*?)```\n<!-- churned-history:end -->/,
    );
    const { code, stdout } = await runCliInProcess(['history', '--email', 'churned@example.com', '--local']);
    expect(code).toBe(0);
    expect(stdout).toContain('archived (a churned customer)');
    expect(block?.[1]).toBe(stdout);
  });

  it('docs/support-desk.md says how invoice answers for a transaction without an invoice: the same with and without --json', async () => {
    const zeroValue = 'txn_01jbvgqmg00t1158s0psktjcjd'; // the churned demo customer's trial start
    expect(supportPage).toContain(zeroValue);
    const human = await runCliInProcess(['invoice', zeroValue, '--local']);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('zero-value transaction');
    expect(human.stderr).toContain('No PDF was requested');
    const json = await runCliInProcess(['--json', 'invoice', zeroValue, '--local']);
    const { error } = JSON.parse(json.stdout);
    expect(json.code).toBe(1);
    expect(human.stderr).toContain(error.message);
    expect(supportPage).toContain(`\`kind: "${error.kind}"\`, \`"code": "${error.code}"\``);
  });

  it("docs/catalog.md shows the errors of its validate example exactly as validate prints them, and the README's lines are among them", async () => {
    const cwd = tempDir();
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
    const shown = catalogPage.match(/npx paddle-catalog validate my-catalog\.yaml\n((?:# .*\n)+)/)?.[1];
    const { code, stdout } = await runCliInProcess(['validate', 'my-catalog.yaml'], { cwd }).finally(() =>
      rmSync(cwd, { recursive: true, force: true }),
    );
    expect(code).toBe(1);
    expect(shown?.replace(/^# /gm, '')).toBe(stdout);
    const quickStart = readme.match(/A mistake in a catalog is found[^\n]*\n\n```\n([\s\S]*?)```/)?.[1] ?? '';
    const lines = quickStart.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stdout.split('\n'), line).toContain(line);
  });

  it("docs/catalog.md names every field of validate's --json document", async () => {
    const { stdout } = await runCliInProcess(['--json', 'validate', 'catalogs/global-pricing.yaml']);
    const doc = JSON.parse(stdout);
    const line = catalogPage.split('\n').find((l) => l.startsWith('`--json` prints `{"ok", "file"'));
    for (const field of [...Object.keys(doc), ...Object.keys(doc.issues[0])])
      expect(line, field).toContain(`"${field}"`);
  });

  it("docs/plan-and-apply.md names every field of plan's --json document", async () => {
    const { code, stdout } = await runCliInProcess([
      '--json',
      'plan',
      'catalogs/saas-starter.yaml',
      '--local',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    const line = planPage.split('\n').find((l) => l.startsWith('`{"ok", "environment", "changes"'));
    // and the fields that only some plans have: an update, --adopt, a code conflict, an expired or
    // moved discount, a saved plan
    const optional = ['id', 'fields', 'ambiguities', 'codeConflict', 'remoteStatus', 'movedFrom', 'saved'];
    const fields = [...Object.keys(doc), ...Object.keys(doc.changes[0]), ...optional];
    for (const field of fields) expect(line, field).toContain(`"${field}"`);
    // its issues in validate's shape, named in the sentences after the line
    const after = planPage.slice(planPage.indexOf(line ?? '')).split('\n\n')[0] ?? '';
    for (const field of ['path', 'line', 'column', 'message', 'rule', 'severity'])
      expect(after, field).toContain(`"${field}"`);
  });

  it('never cite the internal documents they were built from', () => {
    const docs = readdirSync(new URL('../../docs/', import.meta.url)).filter((name) => name.endsWith('.md'));
    for (const file of ['README.md', 'BENCHMARKS.md', ...docs.map((name) => `docs/${name}`)])
      expect(page(file), file).not.toMatch(/§|\bthe seed\b/i);
  });

  it.each([
    ['README.md', readme.match(/## A first hour as a team[\s\S]*?```yaml\n([\s\S]*?)```/)?.[1]],
    ['docs/catalog.md', catalogPage.match(/```yaml\n([\s\S]*?)```/)?.[1]],
  ])(
    '%s: its catalog example is valid, and its modeline names the schema the installed package ships',
    (_, found) => {
      const example = found ?? '';
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
    },
  );
});
