// `paddle-catalog emulator`: runs the local Paddle API emulator until SIGINT/SIGTERM (or, started
// by npm, until the process that started it ends) and prints its base URL and two keys with every
// permission: a sandbox key and a live key, each reaching its own account.

import { onParentGone, startedByNpm } from '../../terminal/parent.js';
import { listenForStop, processControl } from '../../terminal/signals.js';
import { isLoopbackUrl } from '../../text/loopback.js';
import * as emulatorView from '../../views/emulator.js';
import { exposedWarning } from '../../views/emulator.js';
import { EXIT_OK } from '../../views/exit-codes.js';
import { show } from '../../views/view.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import {
  approvedCategories,
  defaultTaxMode,
  type EmulatorFlags,
  enabledCurrencies,
  faultsFrom,
  number,
  whole,
} from '../emulator-flags.js';

const EXAMPLES = `
Examples:
  $ paddle-catalog emulator                                   # http://127.0.0.1:4010, a sandbox key and a live key
  $ paddle-catalog emulator --port 0 --seed seed.yaml --no-demo
  $ paddle-catalog emulator --cardless-trials --approve-tax-categories ebooks,digital-goods
  $ paddle-catalog emulator --case-sensitive-emails              # customers?email= matches letter case exactly
  $ paddle-catalog emulator --state .emulator-state.json     # keeps accounts and keys across restarts
  $ paddle-catalog emulator --latency 200 --fail-rate 0.1 --random-seed 7
  $ paddle-catalog emulator --forward-to http://127.0.0.1:3000/paddle/webhooks   # every event, signed, to your app
  $ PADDLE_API_URL=http://127.0.0.1:4010 PADDLE_API_KEY=pdl_sdbx_… paddle-catalog plan catalog.yaml`;

/** The command's body: checks the flags, then the emulator's run (src/emulator/run.ts) until a signal. */
async function serve({ reporter, io }: CommandContext, flags: EmulatorFlags): Promise<number> {
  const port = number('--port', flags.port, (n) => whole(n) && n <= 65_535, 'a port number (0–65535)');
  const options = {
    host: flags.host,
    port,
    demo: flags.demo,
    cwd: io.cwd,
    seedFile: flags.seed,
    stateFile: flags.state,
    faults: faultsFrom(flags),
    cardlessTrials: flags.cardlessTrials,
    caseSensitiveEmails: flags.caseSensitiveEmails,
    approvedTaxCategories: approvedCategories(flags.approveTaxCategories),
    enabledCurrencies: enabledCurrencies(flags.enableCurrencies),
    defaultTaxMode: defaultTaxMode(flags.defaultTaxMode),
    forwardTo: flags.forwardTo,
  };
  const { runEmulator } = await import('../../emulator/run.js');
  await runEmulator(options, {
    resuming: (file) =>
      reporter.warn(`${file} exists: its saved accounts are loaded, --seed and --no-demo are not applied.`),
    untilStop: () => untilStopped({ reporter, io }),
    started: (emulator, demoCustomers) => {
      if (!isLoopbackUrl(new URL(emulator.url))) reporter.warn(exposedWarning(flags.host));
      const { url, apiKey, liveApiKey, forwarding } = emulator;
      show(reporter, emulatorView, { url, apiKey, liveApiKey, demoCustomers, forwarding });
    },
  });
  return EXIT_OK;
}

/**
 * Ctrl-C or SIGTERM; started by npm (npx, npm exec, npm run), also the end of the process that
 * started it, since npm's SIGTERM reaches the shell it ran the command in and not the emulator
 * (terminal/parent.ts): `npx paddle-catalog emulator & … kill $!` stops it.
 */
function untilStopped({ reporter, io }: Pick<CommandContext, 'reporter' | 'io'>): Promise<void> {
  const control = processControl(io);
  return new Promise((done) => {
    const stop = () => {
      releaseSignals();
      stopWatching();
      done();
    };
    const releaseSignals = listenForStop(control, stop, { once: true });
    const stopWatching = startedByNpm(io.env)
      ? onParentGone(control, () => {
          reporter.info('The process that started the emulator has ended: stopping it.');
          stop();
        })
      : () => {};
  });
}

export const registerEmulator: RegisterCommand = (program, run) => {
  program
    .command('emulator')
    .description(
      'run a local Paddle Billing API emulator (no account needed) and print its URL, a sandbox key and a live key',
    )
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--host <host>', 'address to bind (loopback unless you say otherwise)', '127.0.0.1')
    .option('--seed <file>', 'seed data (YAML or JSON, see seeds/seed.schema.json), added to the demo data')
    .option('--no-demo', 'start without the built-in demo data')
    .option('--cardless-trials', 'give both accounts early access to cardless trials')
    .option(
      '--case-sensitive-emails',
      "the customers list's email filter matches letter case exactly (default: it ignores case)",
    )
    .option(
      '--approve-tax-categories <list>',
      'tax categories approved for both accounts on top of saas and standard (comma-separated)',
    )
    .option(
      '--enable-currencies <list>',
      'currencies both accounts have enabled: previews convert the base price into them where a country has no override (comma-separated)',
    )
    .option(
      '--default-tax-mode <mode>',
      "the accounts' default tax mode: exclusive (default), inclusive, or location (new prices without tax_mode are stored as location)",
    )
    .option(
      '--state <file>',
      'keep both accounts and the keys in this JSON file: loaded when it exists, saved after every change',
    )
    .option('--latency <ms>', 'add this many milliseconds to every API response')
    .option('--rate-limit <n>', 'requests per minute per client (0 = none); then 429 and a 60 s lockout')
    .option('--fail-rate <0..1>', 'share of API requests answered 500 internal_error')
    .option('--drop-rate <0..1>', 'share of writes committed but answered by a dropped connection')
    .option('--random-seed <n>', 'makes --fail-rate and --drop-rate repeatable')
    .option('--forward-to <url>', 'send every sandbox event, signed, to your app on this machine')
    .action(run(serve))
    .addHelpText('after', EXAMPLES);
};
