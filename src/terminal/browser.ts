// Opening a URL in the user's browser (invoice --open). Only for a person at a terminal: in CI,
// in tests and in pipes nothing is launched unless $BROWSER names a program explicitly.
import { spawn } from 'node:child_process';
import type { Io } from './io.js';

/** What happened: opened, or why not (said to the user, who can open the URL themselves). */
export type OpenOutcome = { opened: true } | { opened: false; reason: string };

function platformCommand(platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', []];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  return ['xdg-open', []];
}

export function openInBrowser(
  io: Io,
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<OpenOutcome> {
  const chosen = io.env.BROWSER?.trim();
  if (!chosen) {
    if (io.env.CI) return Promise.resolve({ opened: false, reason: 'running in CI' });
    if (io.stdout.isTTY !== true) return Promise.resolve({ opened: false, reason: 'not a terminal' });
  }
  const [command, args] = chosen ? [chosen, []] : platformCommand(platform);
  return new Promise((resolve) => {
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    child.once('error', (error) => resolve({ opened: false, reason: `${command}: ${error.message}` }));
    child.once('spawn', () => {
      child.unref();
      resolve({ opened: true });
    });
  });
}
