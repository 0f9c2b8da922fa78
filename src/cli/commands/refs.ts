// `refs [paths…]`: every Paddle id the code names, checked against the account (src/refs/use-case.ts).
import { resolve } from 'node:path';
import { otherEnvironment } from '../../catalog/rules/finding.js';
import { UserError } from '../../errors.js';
import { loadIdFile } from '../../ids/id-file.js';
import { createPacedCalls } from '../../paddle/calls.js';
import { checkKeyEnvironment, environmentOf, resolveBaseUrl } from '../../paddle/target.js';
import type { EnvironmentName } from '../../paddle-facts/environments.js';
import { isProblem } from '../../refs/check.js';
import { checkRefs, type RefsRequest } from '../../refs/use-case.js';
import type { Reporter } from '../../terminal/reporter.js';
import { EXIT_ERROR, EXIT_OK } from '../../views/exit-codes.js';
import * as refsView from '../../views/refs.js';
import { annotateRefs } from '../../views/refs.js';
import { show } from '../../views/view.js';
import { type CommandContext, callerSettings, type RegisterCommand } from '../command.js';
import { addTargetOptions, openSession, type Session, type TargetFlags } from '../target-options.js';

interface RefsFlags extends TargetFlags {
  idsFile?: string;
}

const EXAMPLES = `
Examples:
  $ PADDLE_API_KEY=pdl_sdbx_… paddle-catalog refs              # the working tree (git's view of it)
  $ paddle-catalog refs src config --ids-file src/paddle-ids.ts  # tells production ids by the id file
  $ PADDLE_PRODUCTION_API_KEY=pdl_live_… paddle-catalog refs    # or by asking the production account

Finds pro_, pri_, dsc_, ctm_ and Paddle's other ids in source and config files (binary files and
files over 4 MiB skipped), and checks the product, price, discount and customer ids against the
account: unknown, archived, of the other environment, a price of an archived product. Each problem
is shown as file:line:col; exit 1 on any. In GitHub Actions they are annotations on the diff.`;

export const registerRefs: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('refs')
      .description(
        'check every Paddle id the code names against the account: unknown, archived, other environment',
      )
      .argument('[paths...]', 'files or folders to scan (default: the working tree, .gitignore honoured)'),
  )
    .option(
      '--ids-file <file>',
      "an id file written by paddle-catalog ids (.ts or .json) with the other environment's ids",
    )
    .action(run(async (ctx: CommandContext, paths: string[], flags: RefsFlags) => runRefs(ctx, paths, flags)))
    .addHelpText('after', EXAMPLES);
};

async function runRefs({ reporter, io }: CommandContext, paths: string[], flags: RefsFlags): Promise<number> {
  const environment = environmentOf(flags.production);
  const other = await otherSource(reporter, environment, flags, io.cwd);
  let session: Session | undefined;
  try {
    const request: RefsRequest = {
      paths,
      cwd: io.cwd,
      environment,
      target: async () => {
        session = await openSession(reporter, flags);
        return session.target;
      },
      ...(other ? { other } : {}),
      calls: createPacedCalls(callerSettings(io)),
    };
    const result = await checkRefs(request, {
      scanning: (work) => reporter.during('Scanning files for Paddle ids…', work),
      lookingUp: (work) => reporter.during(`Looking the ids up in the ${environment} account…`, work),
    });
    show(reporter, refsView, result);
    annotateRefs(reporter, result);
    return result.references.some(isProblem) ? EXIT_ERROR : EXIT_OK;
  } finally {
    await session?.close();
  }
}

/** The other environment, when it can be asked: its key in the environment, or an id file. */
async function otherSource(
  reporter: Reporter,
  environment: EnvironmentName,
  flags: RefsFlags,
  cwd: string,
): Promise<RefsRequest['other']> {
  const other = otherEnvironment(environment);
  if (flags.idsFile)
    return {
      environment: other,
      source: flags.idsFile,
      document: await loadIdFile(resolve(cwd, flags.idsFile), flags.idsFile, other),
    };
  const variable = `PADDLE_${other.toUpperCase()}_API_KEY`;
  const apiKey = reporter.io.env[variable]?.trim();
  if (!apiKey || flags.local) return undefined;
  reporter.addSecret(apiKey);
  try {
    checkKeyEnvironment(apiKey, other);
  } catch {
    throw new UserError(`${variable} is not a ${other} key; nothing was read.`);
  }
  const baseUrl = resolveBaseUrl(other, reporter.io.env.PADDLE_API_URL);
  return { environment: other, source: variable, target: { environment: other, baseUrl, apiKey } };
}
