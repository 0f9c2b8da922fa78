// The run's one JSON document when no command wrote it: --help and --version, a command line
// commander refused, and a run a signal or --timeout ended.
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { StopSignal } from '../terminal/signals.js';
import { failure, failureDocument } from './failure.js';

/** Why a run was ended from outside the command: a signal, or --timeout. */
export type Stop = { kind: 'interrupted'; signal: StopSignal } | { kind: 'timeout'; seconds: number };

/** The line on stderr when a run is ended from outside (the document, with --json, comes after it). */
export function stoppedLine(stop: Stop): string {
  if (stop.kind === 'timeout') return `\nerror: gave up after --timeout ${stop.seconds} s\n`;
  return `\n${stop.signal === 'SIGTERM' ? 'Terminated' : 'Interrupted'}.\n`;
}

export function stoppedDocument(stop: Stop) {
  const message =
    stop.kind === 'timeout'
      ? `gave up after --timeout ${stop.seconds} s, before the command finished`
      : `stopped by ${stop.signal} before the command finished`;
  const { kind, ...fields } = stop;
  return failureDocument(failure(kind, { ...fields, message }));
}

/** --json with --version or --help: what commander printed, and the command whose help it is. */
export function infoDocument(code: string, printed: string, command: string | null) {
  return code === 'commander.version' ? { version: printed.trim() } : { command, help: printed };
}

/** The command line commander refused, when commander said nothing itself (help instead of a command). */
export function usageLine(message: string): string {
  return `error: ${message}\n`;
}

/** The command line commander refused; `code` is commander's. */
export function usageDocument(code: string, message: string) {
  return failureDocument(failure('usage', { code, message }));
}

/** What a command's spinner says while it reads the account's catalog. */
export function readingCatalog(environment: EnvironmentName): string {
  return `Reading the ${environment} catalog…`;
}
