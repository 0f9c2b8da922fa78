// The program: loads only the commands a command line names (startup stays fast), gives each a
// reporter and the one error handler, and turns the run into an exit code instead of exiting.
import { Command, CommanderError } from 'commander';
import { systemClock } from '../paddle/clock.js';
import { type Io, processIo } from '../terminal/io.js';
import { redactSecrets } from '../terminal/redact.js';
import { Reporter } from '../terminal/reporter.js';
import { Deadline, listenForStop, type ProcessControl, processControl } from '../terminal/signals.js';
import { handleError } from '../views/errors.js';
import { EXIT_ERROR, EXIT_OK } from '../views/exit-codes.js';
import * as runView from '../views/run.js';
import { type RegisterCommand, type Runner, wholeNumber } from './command.js';
import { packageVersion } from './version.js';

type CommandLoader = () => Promise<RegisterCommand>;

/** --timeout takes up to a day. */
const MAX_TIMEOUT_SECONDS = 86_400;

// Commands are loaded on demand: a run imports only the command it runs (and the SDK only if that
// command needs it), so start-up stays close to bare node. Help without a command loads them all.
const COMMANDS: Record<string, CommandLoader> = {
  validate: async () => (await import('./commands/validate.js')).registerValidate,
  plan: async () => (await import('./commands/plan.js')).registerPlan,
  apply: async () => (await import('./commands/apply.js')).registerApply,
  rollout: async () => (await import('./commands/rollout.js')).registerRollout,
  export: async () => (await import('./commands/export.js')).registerExport,
  history: async () => (await import('./commands/history.js')).registerHistory,
  invoice: async () => (await import('./commands/invoice.js')).registerInvoice,
  emulator: async () => (await import('./commands/emulator.js')).registerEmulator,
  schema: async () => (await import('./commands/schema.js')).registerSchema,
  init: async () => (await import('./commands/init.js')).registerInit,
  ids: async () => (await import('./commands/ids.js')).registerIds,
  refs: async () => (await import('./commands/refs.js')).registerRefs,
};

const isVersion = (arg: string) => arg === '--version' || arg === '-V';

/**
 * The commands a command line needs: none for --version, the one it names, else all (for help).
 * @internal Its test holds that a run loads only the command it runs.
 */
export function commandsFor(args: readonly string[]): string[] {
  if (args.some(isVersion) && args.every((arg) => isVersion(arg) || arg === '--json')) return [];
  const words = args.filter((arg) => !arg.startsWith('-'));
  const [first, second] = words;
  if (first === 'help' && second && second in COMMANDS) return [second];
  if (first && first in COMMANDS) return [first];
  return Object.keys(COMMANDS);
}

function reporterFor(io: Io, command: Command): Reporter {
  const globals = command.optsWithGlobals() as { json?: boolean; color?: boolean };
  return new Reporter(io, { json: globals.json === true, color: globals.color !== false });
}

/**
 * `writeOut` takes what commander prints on stdout (help and the version): stdout itself, or with
 * --json a buffer that main turns into the one document.
 * @internal The help tests read each command's help without running main.
 */
export async function buildProgram(
  io: Io,
  setExitCode: (code: number) => void,
  commandNames: readonly string[] = Object.keys(COMMANDS),
  writeOut: (text: string) => void = (text) => io.stdout.write(text),
  deadline: Deadline = new Deadline(),
): Promise<Command> {
  const secrets = [io.env.PADDLE_API_KEY?.trim() ?? ''].filter(Boolean);
  const program = new Command('paddle-catalog')
    .description(
      'Keep a Paddle Billing catalog as code: validate, plan and apply a YAML catalog (sandbox first).',
    )
    .version(packageVersion(), '-V, --version')
    .option('--json', 'print exactly one JSON document on stdout (for machines)')
    .option('--no-color', 'no colour, even on a terminal (NO_COLOR is honoured too)')
    .option(
      '--timeout <seconds>',
      'give up after this many seconds in all (for CI): exit 1, with the one JSON document',
      wholeNumber(1, MAX_TIMEOUT_SECONDS),
    )
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      // commander echoes bad arguments back, e.g. `--api-key=<the key>`: mask them like the reporter does
      writeOut: (s) => writeOut(redactSecrets(s, secrets)),
      writeErr: (s) => io.stderr.write(redactSecrets(s, secrets)),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  const run = runnerFor(io, setExitCode, deadline);
  const loaders = Object.entries(COMMANDS).filter(([name]) => commandNames.includes(name));
  const registers = await Promise.all(loaders.map(([, load]) => load()));
  for (const register of registers) register(program, run);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/** Each command's body runs with its reporter; what it returns or throws becomes the exit code. */
function runnerFor(io: Io, setExitCode: (code: number) => void, deadline: Deadline): Runner {
  return (body) =>
    async (...args) => {
      const command = args[args.length - 1] as Command;
      const reporter = reporterFor(io, command);
      try {
        setExitCode(await body({ io, reporter, deadline }, ...args));
      } catch (error) {
        setExitCode(handleError(error, reporter));
      }
    };
}

/** The run's one JSON document when a signal or --timeout ends it before the command wrote its own. */
function writeStoppedDocument(io: Io, stop: runView.Stop): void {
  if (Reporter.wroteDocumentTo(io.stdout)) return;
  new Reporter(io, { json: true, color: false }).document(runView.stoppedDocument(stop));
}

/** --json with --version or --help: what commander printed, as the run's one JSON document. */
function writeInfoDocument(io: Io, code: string, printed: string, args: readonly string[]): void {
  const named = commandsFor(args);
  const doc = runView.infoDocument(code, printed, named.length === 1 ? (named[0] ?? null) : null);
  new Reporter(io, { json: true, color: false }).document(doc);
}

/** Why commander refused the command line; its help-instead-of-a-command exit says nothing itself. */
function usageMessage(error: CommanderError, args: readonly string[]): string {
  if (error.code !== 'commander.help') return error.message.replace(/^error: /, '');
  const [first, second] = args.filter((arg) => !arg.startsWith('-'));
  return first === 'help' && second ? `unknown command '${second}'` : 'no command given (see --help)';
}

// Ctrl-C, or the SIGTERM a CI runner sends on cancel, where no command handles it (apply and the
// emulator do, while they run): exit 1, the code of every failure, rather than 130 or 143; with
// --json, still the one document. Returns the function that removes the listeners again.
function exitOnStopSignals(io: Io, control: ProcessControl, json: boolean): () => void {
  return listenForStop(control, (signal) => {
    if (control.listenerCount(signal) > 1) return;
    const stop = { kind: 'interrupted', signal } as const;
    io.stderr.write(runView.stoppedLine(stop));
    if (json) writeStoppedDocument(io, stop);
    control.exit(EXIT_ERROR);
  });
}

// --timeout: the whole run, whatever it waits on, ends at the deadline (a kill's effect), on the
// run's clock (io.clock, else real time); a command that stops in order takes it over (Deadline:
// apply's writes stop as on SIGTERM, and its one report says what was done). Armed only once a
// command is about to run; returns the function that disarms it.
function exitAtTimeout(
  program: Command,
  io: Io,
  control: ProcessControl,
  json: boolean,
  deadline: Deadline,
): () => void {
  const disarm = new AbortController();
  program.hook('preAction', () => {
    const seconds = (program.opts() as { timeout?: number }).timeout;
    if (seconds === undefined) return;
    const clock = io.clock ?? systemClock;
    void clock.until(clock.now() + seconds * 1000, disarm.signal).then(() => {
      if (disarm.signal.aborted || deadline.reach(seconds)) return;
      const stop = { kind: 'timeout', seconds } as const;
      io.stderr.write(runView.stoppedLine(stop));
      if (json) writeStoppedDocument(io, stop);
      control.exit(EXIT_ERROR);
    });
  });
  return () => disarm.abort();
}

/** What commander printed as help or version: held back for --json's one document, else written out. */
interface Printed {
  text: string;
  helpOnStdout: boolean;
}

/** The exit code for commander ending the parse: asked-for help or version, or a usage error. */
function answerCommanderError(
  io: Io,
  error: CommanderError,
  args: readonly string[],
  json: boolean,
  printed: Printed,
): number {
  // `help [command]` exits with process.exitCode, which bin/ holds at 1 until main answers: help
  // that went to stdout was asked for (help after a usage error goes to stderr).
  if (error.exitCode === 0 || (error.code === 'commander.help' && printed.helpOnStdout)) {
    if (json) writeInfoDocument(io, error.code, printed.text, args);
    return EXIT_OK;
  }
  // commander said why on stderr, except when it shows the help instead of a command; --json
  // still promises one document on stdout
  const message = usageMessage(error, args);
  if (json) {
    new Reporter(io, { json: true, color: false }).document(runView.usageDocument(error.code, message));
  } else if (error.code === 'commander.help') {
    io.stderr.write(runView.usageLine(message));
  }
  return EXIT_ERROR;
}

/** Runs the CLI; returns the exit code instead of exiting. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode = EXIT_OK;
  const json = argv.includes('--json');
  const printed: Printed = { text: '', helpOnStdout: false };
  const deadline = new Deadline();
  const program = await buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    commandsFor(argv.slice(2)),
    (text) => {
      printed.helpOnStdout = true;
      if (json) printed.text += text;
      else io.stdout.write(text);
    },
    deadline,
  );
  const control = processControl(io);
  const stopListening = exitOnStopSignals(io, control, json);
  const disarmTimeout = exitAtTimeout(program, io, control, json, deadline);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return answerCommanderError(io, error, argv.slice(2), json, printed);
  } finally {
    disarmTimeout();
    stopListening();
  }
  return exitCode;
}
