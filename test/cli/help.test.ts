// Every command's --help ends with examples (users read --help before the README).
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { Io } from '../../src/terminal/io.js';

function quietIo(write: (s: string) => unknown): Io {
  return {
    stdout: { write },
    stderr: { write: () => true },
    stdin: process.stdin,
    env: {},
    cwd: process.cwd(),
  } as unknown as Io;
}

async function helpOf(name: string): Promise<string> {
  let text = '';
  const program = await buildProgram(quietIo((s: string) => (text += s)), () => {}, [name]);
  const command = program.commands.find((c) => c.name() === name);
  command?.outputHelp();
  return text;
}

/** Every command the program has, read from the program itself (a new one is covered as it lands). */
const COMMANDS = (
  await buildProgram(
    quietIo(() => true),
    () => {},
  )
).commands.map((c) => c.name());

describe('--help', () => {
  it('covers every command, ids and refs included', () => {
    expect(COMMANDS).toEqual(expect.arrayContaining(['validate', 'plan', 'apply', 'export', 'history']));
    expect(COMMANDS).toEqual(
      expect.arrayContaining(['invoice', 'emulator', 'schema', 'init', 'ids', 'refs']),
    );
  });

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
