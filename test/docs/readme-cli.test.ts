// The README and docs/ document the CLI as built: every command in the README's command table, every
// global flag where the global flags are listed, and every command's flag somewhere in the written
// pages (docs/commands.md, generated from --help itself, does not count), read from the commands'
// own --help.

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { page, readme } from './readme-text.js';

/** README.md and every written page of docs/. */
const written = [
  readme,
  ...readdirSync(new URL('../../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md') && name !== 'commands.md')
    .map((name) => page(`docs/${name}`)),
].join('\n');

/** `--help` of the program or of one command, as text. */
async function help(args: string[]): Promise<string> {
  const { stdout } = await runCliInProcess(['--json', ...args, '--help']);
  return JSON.parse(stdout).help;
}

/** The lines of one section of a help text (`Options:`, `Commands:`) up to the next blank line. */
function section(text: string, title: string): string[] {
  const at = text.indexOf(`\n${title}\n`);
  if (at < 0) return [];
  const rest = text.slice(at + title.length + 2);
  return rest.slice(0, rest.indexOf('\n\n')).split('\n');
}

/** The long flags a section names, `--no-color` and `--no-demo` included. */
const flagsOf = (lines: string[]) =>
  lines.flatMap((line) => /^\s+(?:-\w, )?(--[a-z-]+)/.exec(line)?.[1] ?? []);

const commands = (await help([]))
  .split('\nCommands:\n')[1]
  ?.split('\n')
  .flatMap((line) => /^\s{2}([a-z]+)\b/.exec(line)?.[1] ?? [])
  .filter((name) => name !== 'help');

describe('README and docs: the CLI as built', () => {
  it('lists every command in the command table', () => {
    expect(commands?.length).toBeGreaterThan(8);
    const at = readme.indexOf('\n## Commands\n');
    const table = readme.slice(at, readme.indexOf('\n## ', at + 1));
    for (const name of commands ?? []) expect(table, name).toMatch(new RegExp(`^\\| \`${name}\\b`, 'm'));
  });

  it('names every global flag where it lists them', async () => {
    const global = flagsOf(section(await help([]), 'Options:')).filter((flag) => flag !== '--help');
    const output = page('docs/output-and-errors.md');
    const paragraph = output.slice(output.indexOf('Every command has `--help`'));
    for (const flag of global) expect(paragraph.slice(0, 600), flag).toContain(`\`${flag}`);
  });

  it.each(commands ?? [])("names every flag of %s's --help", async (name) => {
    const options = section(await help([name]), 'Options:').filter((line) => /^\s+-/.test(line));
    const flags = flagsOf(options);
    // the section was found and every option line read: a command with no flag of its own (schema)
    // still shows -h, --help, so an empty loop below means exactly "no flag to document"
    expect(flags, `${name}: the option lines read`).toHaveLength(options.length);
    expect(flags).toContain('--help');
    for (const flag of flags.filter((f) => f !== '--help')) {
      expect(written, `${name} ${flag}`).toMatch(new RegExp(`(?<![\\w-])${flag}(?![\\w-])`));
    }
  });
});
