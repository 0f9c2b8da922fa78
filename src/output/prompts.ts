// The only importer of @inquirer/prompts. Prompts are asked only when a person is at the
// terminal; any failure to get an answer (closed stdin, Ctrl-C) counts as "no", never as "yes".
import type { Reporter } from './reporter.js';

export async function confirm(reporter: Reporter, message: string): Promise<boolean> {
  if (!reporter.interactive) return false;
  const { confirm: ask } = await import('@inquirer/prompts');
  try {
    const answer = await ask(
      { message, default: false },
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
      { message: `${message} Type "${expected}" to go on:` },
      { input: reporter.io.stdin, output: reporter.io.stderr as NodeJS.WritableStream },
    );
    return answer.trim() === expected;
  } catch {
    return false;
  }
}
