// What a command file is given and gives back (its context, body and registration), kept apart from
// the program so each command under commands/ depends on this small contract only.
import { type Command, InvalidArgumentError } from 'commander';
import { type CallerSettings, DEFAULT_CALLER_SETTINGS } from '../paddle/calls.js';
import type { Io } from '../terminal/io.js';
import type { Reporter } from '../terminal/reporter.js';
import type { Deadline } from '../terminal/signals.js';

export interface CommandContext {
  io: Io;
  reporter: Reporter;
  /** --timeout's deadline, for a command that stops in order at it */
  deadline: Deadline;
}

/** Paddle's limit and the retry policy, waited out on the run's clock (io.clock, else real time). */
export function callerSettings(io: Io): CallerSettings {
  return io.clock ? { ...DEFAULT_CALLER_SETTINGS, clock: io.clock } : DEFAULT_CALLER_SETTINGS;
}

/** A command's body: returns the exit code, throws typed errors (src/errors.ts), never exits. */
// biome-ignore lint/suspicious/noExplicitAny: commander passes positional arguments, options and the command
type CommandBody = (ctx: CommandContext, ...args: any[]) => Promise<number>;

/** Wraps a command body into a commander action with a reporter and the one error handler. */
export type Runner = (body: CommandBody) => (...args: unknown[]) => Promise<void>;

/** Each file under commands/ exports one of these. */
export type RegisterCommand = (program: Command, run: Runner) => void;

/** An option's value as a whole number from `min` to `max`, or commander's usage error. */
export const wholeNumber = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
  }
  return n;
};
