// docs/commands.md is every command's --help as the CLI prints it now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { commandNames, commandsMarkdown } from './commands-page.mjs';

/** `paddle-catalog <args> --help`, as text. */
async function helpOf(args: string[]): Promise<string> {
  const { stdout } = await runCliInProcess(['--json', ...args, '--help']);
  return JSON.parse(stdout).help;
}

describe('docs/commands.md', () => {
  it("is every command's --help as built (regenerate with: npm run docs)", async () => {
    const page = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
    expect(commandNames(await helpOf([])).length).toBeGreaterThan(8);
    expect(page).toBe(await commandsMarkdown(helpOf));
  });
});
