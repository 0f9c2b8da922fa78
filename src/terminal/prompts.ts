// The only importer of @inquirer/prompts. Prompts are asked only when a person is at the
// terminal; any failure to get an answer (closed stdin, Ctrl-C) counts as "no", never as "yes".
import type { Reporter } from './reporter.js';

/** Inquirer's prompts, for the init wizard, which asks many questions of its own (src/init). */
export type Prompts = typeof import('@inquirer/prompts');

/** Loaded when a person is asked something, not at start-up: --help and CI runs never need it. */
export const loadPrompts = (): Promise<Prompts> => import('@inquirer/prompts');

const plain = (text: string) => text;

/**
 * Inquirer colours its prompts with node's styleText, which on Node 20 ignores NO_COLOR and knows
 * nothing of --no-color: without colour on stderr, every prompt gets this theme instead.
 */
const PLAIN_THEME = {
  prefix: { idle: '?', done: '✔' },
  spinner: { interval: 80, frames: ['-', '\\', '|', '/'] },
  style: {
    answer: plain,
    message: plain,
    error: (text: string) => `> ${text}`,
    defaultAnswer: (text: string) => `(${text})`,
    help: plain,
    highlight: plain,
    key: (text: string) => `<${text}>`,
    description: plain,
    disabled: plain,
    confirmDefault: (text: string) => text.toUpperCase(),
    keysHelpTip: (keys: [string, string][]) => keys.map(([key, action]) => `${key} ${action}`).join(' • '),
  },
};

/** The theme every prompt gets: inquirer's own with colour, PLAIN_THEME without. */
export function promptTheme(reporter: Reporter): typeof PLAIN_THEME | undefined {
  return reporter.errStyle.level === 0 ? PLAIN_THEME : undefined;
}

export async function confirm(reporter: Reporter, message: string): Promise<boolean> {
  if (!reporter.interactive) return false;
  const { confirm: ask } = await import('@inquirer/prompts');
  try {
    const answer = await ask(
      { message, default: false, theme: promptTheme(reporter) },
      { input: reporter.io.stdin, output: reporter.io.stderr as NodeJS.WritableStream },
    );
    return answer === true;
  } catch {
    return false;
  }
}

/** Asks the user to type `expected` (e.g. "production") to go on. */
export async function confirmByTyping(
  reporter: Reporter,
  message: string,
  expected: string,
): Promise<boolean> {
  if (!reporter.interactive) return false;
  const { input } = await import('@inquirer/prompts');
  try {
    const answer = await input(
      { message: `${message} Type "${expected}" to go on:`, theme: promptTheme(reporter) },
      { input: reporter.io.stdin, output: reporter.io.stderr as NodeJS.WritableStream },
    );
    return answer.trim() === expected;
  } catch {
    return false;
  }
}
