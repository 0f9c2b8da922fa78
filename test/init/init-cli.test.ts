// `init` as a user or a CI job runs it: the CLI (in-process) without a terminal.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/catalog-files.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let cwd: string;
beforeAll(async () => {
  cwd = tempDir();
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

describe('init without a terminal', () => {
  it('refuses with exit 1, writes nothing, and names the example to copy and the command to run', async () => {
    // CI unset: this is the plain no-terminal case (CI=true has its own message, tested in init-wizard)
    const { code, stdout, stderr } = await runCliInProcess(['init', 'billing.yaml'], {
      cwd,
      env: { CI: '' },
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'error: init asks questions and needs an interactive terminal; nothing was written',
    );
    expect(stderr).toMatch(/cp \S+catalogs\/saas-starter\.yaml billing\.yaml/);
    expect(stderr).toContain('paddle-catalog validate billing.yaml');
    // every example the package ships, so the list does not fall behind catalogs/
    const examples = (await readdir(join(ROOT, 'catalogs'))).filter((name) => name.endsWith('.yaml'));
    for (const example of examples) expect(stderr).toContain(example);
    await expect(stat(join(cwd, 'billing.yaml'))).rejects.toThrow();
  });

  it('--json: one JSON document with the refusal, exit 1', async () => {
    const { code, stdout } = await runCliInProcess(['--json', 'init'], { cwd });
    expect(code).toBe(1);
    const doc = JSON.parse(stdout);
    expect(doc.ok).toBe(false);
    expect(doc.error.message).toBe('init asks questions, which --json mode never does; nothing was written');
    expect(doc.error.hint).toContain('saas-starter.yaml');
  });

  it('refuses to overwrite an existing file (before asking anything)', async () => {
    await writeFile(join(cwd, 'catalog.yaml'), 'mine\n');
    const { code, stderr } = await runCliInProcess(['init'], { cwd });
    expect(code).toBe(1);
    expect(stderr).toContain('error: catalog.yaml already exists; nothing was written');
    expect(stderr).toContain('Use --force to replace it');
    expect(await readFile(join(cwd, 'catalog.yaml'), 'utf8')).toBe('mine\n');
  });

  it('--help shows examples', async () => {
    const { code, stdout } = await runCliInProcess(['init', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: paddle-catalog init [options] [file]');
    expect(stdout).toContain('--force');
    expect(stdout).toContain('$ paddle-catalog init billing/catalog.yaml');
    expect(stdout).toContain('cp node_modules/paddle-catalog/catalogs/saas-starter.yaml catalog.yaml');
  });
});
