// The `emulator` command's run: its seed file and state file, the server started (a port or address
// it cannot take is a user error that says what to do), its demo customers, and the server closed
// when the caller's stop port says so. The flags are the command's; what a person sees, its hooks.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import { startEmulator } from './index.js';
import { DEMO_CUSTOMERS } from './seed-data.js';
import { loadSeedFile } from './seed-file.js';
import type { EmulatorOptions, RunningEmulator } from './types.js';

/** The options the command's flags give, with the seed and state files as the user named them. */
export interface EmulatorRun extends Omit<EmulatorOptions, 'seed' | 'statePath'> {
  host: string;
  demo: boolean;
  cwd: string;
  seedFile?: string | undefined;
  stateFile?: string | undefined;
}

export interface EmulatorRunHooks {
  /** the state file exists: its saved accounts are loaded, and --seed and --no-demo not applied */
  resuming?: (stateFile: string) => void;
  /** listening; `demoCustomers`: the demo data's customers, null when none were loaded */
  started: (emulator: RunningEmulator, demoCustomers: string[] | null) => void;
  /** the stop port: resolves when the emulator should close (listened to before `started`) */
  untilStop: () => Promise<unknown>;
}

/** Starts the emulator, tells the caller how to reach it, and runs until the stop port says stop. */
export async function runEmulator(run: EmulatorRun, hooks: EmulatorRunHooks): Promise<void> {
  const { cwd, seedFile, stateFile, ...options } = run;
  const seed = seedFile ? await loadSeedFile(resolve(cwd, seedFile)) : undefined;
  const statePath = stateFile === undefined ? undefined : resolve(cwd, stateFile);
  const resumed = statePath !== undefined && existsSync(statePath);
  if (resumed && (seedFile !== undefined || !options.demo)) hooks.resuming?.(stateFile as string);
  const emulator = await listen({ ...options, seed, statePath });
  const stopped = hooks.untilStop(); // listen first: a caller may stop it as soon as it reads the URL
  hooks.started(emulator, options.demo && !resumed ? demoCustomers() : null);
  await stopped;
  await emulator.close();
}

/** A port or address the emulator cannot take becomes a user error that says what to do. */
async function listen(options: EmulatorOptions & { host: string }): Promise<RunningEmulator> {
  try {
    return await startEmulator(options);
  } catch (error) {
    // only the socket's own errors are about listening; anything else is not the address's fault
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UserError || typeof code !== 'string') throw error;
    if (code === 'EADDRINUSE') {
      throw new UserError(`Port ${options.port} is already in use.`, 'Pass --port 0 to pick a free port.');
    }
    throw new UserError(`Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }
}

/** The demo data's customers, read from it so the list never falls behind it. */
function demoCustomers(): string[] {
  return DEMO_CUSTOMERS.map((c) =>
    'status' in c && c.status === 'archived' ? `${c.email} (archived)` : c.email,
  );
}
