// Every command's --help ends with examples (users read --help before the README).
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { Io } from '../../src/terminal/io.js';

const COMMANDS = ['validate', 'plan', 'apply', 'export', 'history', 'invoice', 'emulator', 'schema', 'init'];

async function helpOf(name: string): Promise<string> {
  let text = '';
  const io = {
    stdout: { write: (s: string) => (text += s) },
    stderr: { write: () => true },
    stdin: process.stdin,
    env: {},
    cwd: process.cwd(),
  } as unknown as Io;
  const program = await buildProgram(io, () => {}, [name]);
  const command = program.commands.find((c) => c.name() === name);
  command?.outputHelp();
  return text;
}

describe('--help', () => {
  it.each(COMMANDS)('%s --help has examples', async (name) => {
    const help = await helpOf(name);
    expect(help).toContain('Examples:');
    expect(help).toContain(`$ paddle-catalog `);
  });

  it.each(COMMANDS)('%s --help speaks to users and cites no internal section', async (name) => {
    expect(await helpOf(name)).not.toContain('seed §');
  });

  it('apply --help documents --allow-lookalikes, --adopt and --dedupe; plan --help --dedupe and look-alikes', async () => {
    const apply = await helpOf('apply');
    expect(apply).toContain('--allow-lookalikes');
    expect(apply).toContain('--dedupe');
    expect(apply).toContain('--adopt');
    expect(apply).toContain('concurrency group');
    const plan = await helpOf('plan');
    expect(plan).toContain('--dedupe');
    expect(plan).toContain('looks like');
  });
});
