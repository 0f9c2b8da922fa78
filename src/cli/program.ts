import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { type Io, processIo } from '../output/io.js';
import { Reporter } from '../output/reporter.js';
import type { RegisterCommand, Runner } from './command.js';
import { registerApply } from './commands/apply.js';
import { registerEmulator } from './commands/emulator.js';
import { registerExport } from './commands/export.js';
import { registerHistory } from './commands/history.js';
import { registerInit } from './commands/init.js';
import { registerInvoice } from './commands/invoice.js';
import { registerPlan } from './commands/plan.js';
import { registerSchema } from './commands/schema.js';
import { registerValidate } from './commands/validate.js';
import { EXIT_ERROR, EXIT_OK, handleError } from './handle-error.js';

const COMMANDS: RegisterCommand[] = [
  registerValidate,
  registerPlan,
  registerApply,
  registerExport,
  registerHistory,
  registerInvoice,
  registerEmulator,
  registerSchema,
  registerInit,
];

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function reporterFor(io: Io, command: Command): Reporter {
  const globals = command.optsWithGlobals() as { json?: boolean; color?: boolean };
  return new Reporter(io, { json: globals.json === true, color: globals.color !== false });
}

export function buildProgram(io: Io, setExitCode: (code: number) => void): Command {
  const program = new Command('paddle-catalog')
    .description(
      'Keep a Paddle Billing catalog as code: validate, plan and apply a YAML catalog (sandbox first).',
    )
    .version(packageVersion(), '-V, --version')
    .option('--json', 'print exactly one JSON document on stdout (for machines)')
    .option('--no-color', 'no colour, even on a terminal (NO_COLOR is honoured too)')
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  const run: Runner =
    (body) =>
    async (...args) => {
      const command = args[args.length - 1] as Command;
      const reporter = reporterFor(io, command);
      try {
        setExitCode(await body({ io, reporter }, ...args));
      } catch (error) {
        setExitCode(handleError(error, reporter));
      }
    };
  for (const register of COMMANDS) register(program, run);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/** Runs the CLI; returns the exit code (design §2) instead of exiting. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    throw error;
  }
  return exitCode;
}
