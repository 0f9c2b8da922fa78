import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/cli/program.js';
import { packageVersion } from '../../src/cli/version.js';
import { ROOT, runCli } from '../support/run-cli.js';

describe('commandsFor: a run loads only the command it runs', () => {
  it.each([
    [['--version'], []],
    [['-V'], []],
    [['--json', '--version'], []],
    [['validate', 'catalogs/saas-starter.yaml'], ['validate']],
    [['--json', 'plan', 'x.yaml', '--local'], ['plan']],
    [['help', 'apply'], ['apply']],
  ])('%j → %j', (args, expected) => {
    expect(commandsFor(args)).toEqual(expected);
  });

  it('loads every command for help, no command, or an unknown one', () => {
    for (const args of [[], ['--help'], ['bogus']]) expect(commandsFor(args)).toHaveLength(12);
  });

  // The SDK is 780 files, most of a start-up: the commands import it when they reach Paddle.
  it('no command loads the Paddle SDK before it runs: help starts without it', () => {
    const cli = join(ROOT, 'dist/cli');
    const entries = [
      join(cli, 'program.js'),
      ...readdirSync(join(cli, 'commands')).map((f) => join(cli, 'commands', f)),
    ];
    const loaded = staticImports(entries.filter((file) => file.endsWith('.js')));
    expect(loaded.size).toBeGreaterThan(100);
    expect([...loaded].filter((specifier) => specifier.includes('@paddle/paddle-node-sdk'))).toEqual([]);
  });

  // yaml (a document with positions) is 80 ms of a start-up; js-yaml settles a valid catalog alone
  it('validate, plan and apply (--local too) read a valid catalog without the yaml package: it loads for a catalog with an issue or a --seed file', () => {
    const entries = ['catalog/read.js', 'cli/commands/plan.js', 'cli/commands/apply.js', 'emulator/index.js'];
    const loaded = staticImports(entries.map((entry) => join(ROOT, 'dist', entry)));
    expect(loaded).toContain('js-yaml');
    expect(loaded).not.toContain('yaml');
  });
});

/**
 * What loading `entries` of dist/ loads: the `import … from` and `export … from` of each file and of
 * each of ours they name, as node reads them (the built code, where type-only imports are gone; tsc
 * writes each on a line of its own); `import()` waits until it runs. Packages by name, ours by path.
 */
function staticImports(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return;
    const text = readFileSync(file, 'utf8');
    for (const [, from, bare] of text.matchAll(
      /^(?:import|export)\b[^'\n]*? from '([^']+)';$|^import '([^']+)';$/gm,
    )) {
      const name = from ?? bare ?? '';
      visit(name.startsWith('.') ? resolve(dirname(file), name) : name);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

/** main() with an in-memory io: the exit code and what reached stdout and stderr. */
async function runMain(args: string[]) {
  const { main } = await import('../../src/cli/program.js');
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: process.stdin,
    env: {},
    cwd: process.cwd(),
  };
  const code = await main(['node', 'paddle-catalog', ...args], io);
  return { code, stdout, stderr };
}

describe('main: --json with --help or --version prints exactly one JSON document', () => {
  it.each([[['--json', '--version']], [['-V', '--json']]])('%j → {"version"}', async (args) => {
    const { code, stdout, stderr } = await runMain(args);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ version: packageVersion() });
    expect(stderr).toBe('');
  });

  it.each([
    [['--json', '--help'], null, 'Usage: paddle-catalog [options] [command]'],
    [['plan', '--help', '--json'], 'plan', 'Usage: paddle-catalog plan [options] <file>'],
    [['--json', 'help', 'apply'], 'apply', 'Usage: paddle-catalog apply [options] <file>'],
  ])('%j → {"command": %j, "help"}', async (args, command, usage) => {
    const { code, stdout, stderr } = await runMain(args);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc).toEqual({ command, help: expect.stringContaining(usage) });
    if (command) expect(doc.help).toContain('Examples:');
    expect(stderr).toBe('');
  });

  // bin/ holds process.exitCode at 1 until main answers, and commander's help command exits with
  // it: only the real process shows what a user gets
  it('`help [command]` in the real process: exit 0, and with --json the help as the one document', {
    timeout: 60_000,
  }, async () => {
    const plain = await runCli(['help', 'plan']);
    expect([plain.code, plain.stderr]).toEqual([0, '']);
    expect(plain.stdout).toMatch(/^Usage: paddle-catalog plan/);
    const json = await runCli(['--json', 'help', 'plan']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ command: 'plan', help: plain.stdout });
  });

  it('without --json, help and the version stay plain text', async () => {
    expect((await runMain(['--version'])).stdout).toBe(`${packageVersion()}\n`);
    expect((await runMain(['plan', '--help'])).stdout).toMatch(/^Usage: paddle-catalog plan/);
  });
});

describe('main: usage errors', () => {
  it.each([
    [[], 'no command given (see --help)'],
    [['help', 'bogus'], "unknown command 'bogus'"],
  ])('--json %j: exit 1, the help on stderr, and a document that says why', async (args, message) => {
    const { code, stdout, stderr } = await runMain(['--json', ...args]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      error: { kind: 'usage', code: 'commander.help', message },
    });
    expect(stderr).toContain('Usage: paddle-catalog [options] [command]');
  });

  it.each([
    [[], 'no command given (see --help)'],
    [['help', 'bogus'], "unknown command 'bogus'"],
  ])('%j without --json: exit 1, the help and then why on stderr', async (args, message) => {
    const { code, stdout, stderr } = await runMain(args);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toContain('Usage: paddle-catalog [options] [command]');
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(`error: ${message}`);
  });

  it('--json gives one JSON document on stdout for an unknown flag too', async () => {
    const { code, stdout, stderr } = await runMain(['validate', '--json', '--bogus', 'x.yaml']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: { kind: 'usage', code: 'commander.unknownOption' },
    });
    expect(stderr).toMatch(/unknown option '--bogus'/);
  });
});
