// export --out, init [file] and apply --ids-out/--env-out given a folder: one line saying so, exit 1, before any question or call.
// apply's id files that fail late (after the account was changed): reported with the ids, not thrown past them.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRO_CATALOG, tempDir } from '../support/catalog-files.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

describe('a folder where a file to write is expected', () => {
  it('export --out <folder> is refused as a directory, even with --force, before the account is read', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    // no PADDLE_API_KEY: the check comes before the session
    const result = await runCliInProcess(['export', '--out', 'out', '--force'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: out is a directory; nothing was written');
    expect(result.stderr).toContain(`e.g. ${join('out', 'catalog.yaml')}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('init <folder> is refused as a directory, with one JSON document under --json', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'billing'));
    const result = await runCliInProcess(['--json', 'init', 'billing'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      error: { kind: 'user', message: 'billing is a directory; nothing was written' },
    });
  });
});

describe('apply --ids-out / --env-out given a folder', () => {
  it.each([['--ids-out'], ['--env-out']])(
    '%s <folder> is refused before the account is changed: one document saying so, exit 1',
    async (flag) => {
      const dir = tempDir();
      mkdirSync(join(dir, 'out'));
      const catalog = join(ROOT, 'catalogs', 'saas-starter.yaml');
      const result = await runCliInProcess(['--json', 'apply', catalog, '--local', '--yes', flag, 'out'], {
        cwd: dir,
      });
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({
        ok: false,
        error: { kind: 'user', message: 'out is a directory; nothing was written' },
      });
      expect(result.stderr).not.toContain('→ sandbox'); // before the session: no emulator, no account read
    },
  );
});

describe('apply --ids-out / --env-out given a FIFO', () => {
  it.each([['--ids-out'], ['--env-out']])(
    '%s <fifo> is refused before the account is changed, and the FIFO is left a FIFO',
    async (flag) => {
      const dir = tempDir();
      execFileSync('mkfifo', [join(dir, 'ids')]);
      const catalog = join(ROOT, 'catalogs', 'saas-starter.yaml');
      const result = await runCliInProcess(['--json', 'apply', catalog, '--local', '--yes', flag, 'ids'], {
        cwd: dir,
      });
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout).error.message).toBe(
        'ids is not a regular file (a device, a FIFO or a socket); nothing was written',
      );
      expect(result.stderr).not.toContain('→ sandbox');
      expect(lstatSync(join(dir, 'ids')).isFIFO()).toBe(true);
    },
  );
});

describe('plan --emit tool-server --out <folder> over the scripts of an earlier plan', () => {
  it('names each script it did not write, since running it again would create its objects twice', async () => {
    const dir = tempDir();
    const plan = (catalog: string) =>
      runCliInProcess(
        [
          '--json',
          'plan',
          join(ROOT, 'catalogs', catalog),
          '--local',
          '--emit',
          'tool-server',
          '--out',
          'scripts',
        ],
        { cwd: dir },
      );
    const first = await plan('launch-discounts.yaml');
    expect(first.stderr).not.toContain('from an earlier plan');
    const second = await plan('desktop-app.yaml');
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).scripts.map((s: { name: string }) => s.name)).toEqual([
      '01-photo-studio',
    ]);
    const old = join(dir, 'scripts', '01-starter.js');
    expect(second.stderr).toContain(`warning: ${old} is from an earlier plan: delete it;`);
    expect(second.stderr).not.toContain('01-photo-studio.js is from');
  });
});

describe('apply --ids-out / --env-out that cannot be written after the writes', () => {
  const catalog = join(ROOT, 'catalogs', 'saas-starter.yaml');
  /** a file where the folder of the output should be: the write fails late, as root too */
  const blocked = () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'blocker'), 'not a folder');
    return dir;
  };

  it('--json: exactly one document, ok false, the ids created, the file and why it failed; the other file is written; exit 1', async () => {
    const dir = blocked();
    const args = [
      '--json',
      'apply',
      catalog,
      '--local',
      '--yes',
      '--ids-out',
      'blocker/ids.json',
      '--env-out',
      '.env.paddle',
    ];
    const result = await runCliInProcess(args, { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const doc = JSON.parse(result.stdout); // one document: a second would not parse
    expect(doc).toMatchObject({
      ok: false,
      verified: true,
      error: { kind: 'user', message: 'cannot write blocker/ids.json: blocker is a file, not a folder' },
      unwritten: [
        {
          file: 'blocker/ids.json',
          message: 'cannot write blocker/ids.json: blocker is a file, not a folder',
        },
      ],
    });
    const ids = Object.values(doc.products).map((p) => (p as { id: string }).id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('pro_'))).toBe(true);
    expect(readFileSync(join(dir, '.env.paddle'), 'utf8')).toContain(`=${ids[0]}`);
    expect(result.stderr).toContain('error: cannot write blocker/ids.json: blocker is a file, not a folder');
    expect(result.stderr).not.toMatch(/second JSON document|unexpected|\n\s+at /);
  });

  it('human: the ids are still printed, the failed file is named, exit 1', async () => {
    const dir = blocked();
    const args = ['apply', catalog, '--local', '--yes', '--env-out', 'blocker/sub/.env.paddle'];
    const result = await runCliInProcess(args, { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/pro_\w+/);
    expect(result.stderr).toContain(
      'error: cannot write blocker/sub/.env.paddle: the folder blocker/sub does not exist',
    );
    expect(result.stderr).not.toMatch(/unexpected|\n\s+at /);
  });
});

describe('an output that is the file the command reads', () => {
  it.each([
    [
      ['plan', 'c.yaml', '--out', 'c.yaml'],
      '--out c.yaml is the file this command reads; nothing was written',
    ],
    [
      ['plan', 'c.yaml', '--out', 'link.json'],
      '--out link.json is the file this command reads (the same file as c.yaml); nothing was written',
    ],
    [
      ['apply', 'c.yaml', '--yes', '--ids-out', './c.yaml'],
      '--ids-out ./c.yaml is the file this command reads (the same file as c.yaml); nothing was written',
    ],
    [
      ['apply', 'c.yaml', '--yes', '--env-out', 'link.json'],
      '--env-out link.json is the file this command reads (the same file as c.yaml); nothing was written',
    ],
  ])('%j is refused before the account is read, exit 1, the catalog untouched', async (args, message) => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'c.yaml'), PRO_CATALOG());
      symlinkSync(join(dir, 'c.yaml'), join(dir, 'link.json'));
      // no PADDLE_API_KEY: the check comes before the session
      const result = await runCliInProcess(['--json', ...args], { cwd: dir });
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout).error).toMatchObject({ kind: 'user', message });
      expect(readFileSync(join(dir, 'c.yaml'), 'utf8')).toBe(PRO_CATALOG());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
