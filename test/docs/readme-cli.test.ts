// The README documents the CLI as built: every command in its command table, every global flag and
// every command's flag somewhere in its text, read from the commands' own --help.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { readme } from './readme-text.js';

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

describe('README: the CLI as built', () => {
  it('lists every command in the command table', () => {
    expect(commands?.length).toBeGreaterThan(8);
    const table = readme.slice(readme.indexOf('\n## Commands\n'), readme.indexOf('\n### validate\n'));
    for (const name of commands ?? []) expect(table, name).toMatch(new RegExp(`^\\| \`${name}\\b`, 'm'));
  });

  it('names every global flag where it lists them', async () => {
    const global = flagsOf(section(await help([]), 'Options:')).filter((flag) => flag !== '--help');
    const paragraph = readme.slice(readme.indexOf('Every command has `--help`'));
    for (const flag of global) expect(paragraph.slice(0, 600), flag).toContain(`\`${flag}`);
  });

  it.each(commands ?? [])("names every flag of %s's --help", async (name) => {
    for (const flag of flagsOf(section(await help([name]), 'Options:'))) {
      if (flag === '--help') continue;
      expect(readme, `${name} ${flag}`).toMatch(new RegExp(`(?<![\\w-])${flag}(?![\\w-])`));
    }
  });
});
