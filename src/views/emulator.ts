// emulator's views: where it listens and its two keys (and with --forward-to its webhook secret) — the JSON start line a script waits for, or
// the same with how to use each key, for a person. The keys are the emulator's own throwaway keys
// (they work on this local process only) and showing them is the point, so neither view masks
// them; the user's PADDLE_API_KEY is never involved here.
import type { Reporter } from '../terminal/reporter.js';

export interface EmulatorStarted {
  url: string;
  apiKey: string;
  liveApiKey: string;
  /** the demo customers' e-mails (an archived one marked), or null without demo data */
  demoCustomers: string[] | null;
  /** --forward-to: the app's URL and the secret its deliveries are signed with (the emulator's own) */
  forwarding?: { url: string; secret: string } | undefined;
}

/** Not masked (see above). */
export const jsonIsData = true;
/** One line, so a script can read it as soon as the emulator is ready. */
export const jsonOneLine = true;

export function renderJson({ url, apiKey, liveApiKey, forwarding }: EmulatorStarted) {
  return {
    url,
    apiKey,
    liveApiKey,
    ...(forwarding ? { forwardTo: forwarding.url, webhookSecret: forwarding.secret } : {}),
  };
}

/** For a person only: in --json mode the start line is all there is. */
export function renderHuman(started: EmulatorStarted, out: Reporter): void {
  if (out.json) return;
  printKeys(started, out);
  if (started.forwarding) printForwarding(started.forwarding, out);
  const demo = started.demoCustomers
    ? `Demo customers (sandbox): ${started.demoCustomers.join(', ')} · `
    : '';
  out.info(out.errStyle.dim(`${demo}Ctrl+C to stop`));
}

function printKeys({ url, apiKey, liveApiKey }: EmulatorStarted, out: Reporter): void {
  const print = (line: string) => out.io.stdout.write(`${line}\n`);
  const s = out.style;
  print(`${s.bold('Paddle API emulator')} listening on ${s.cyan(url)}`);
  print(`Sandbox API key (every permission): ${apiKey}`);
  print(`Live API key (every permission):    ${liveApiKey}`);
  print('');
  print('Sandbox (the default):');
  print(s.dim(`  export PADDLE_API_URL=${url}`));
  print(s.dim(`  export PADDLE_API_KEY=${apiKey}`));
  print('Live, a separate account (commands need --production):');
  print(s.dim(`  PADDLE_API_KEY=${liveApiKey} paddle-catalog plan catalog.yaml --production`));
}

function printForwarding({ url, secret }: { url: string; secret: string }, out: Reporter): void {
  const print = (line: string) => out.io.stdout.write(`${line}\n`);
  print('');
  print(`Forwarding every sandbox event to ${out.style.cyan(url)}`);
  print(`Webhook secret (this emulator's own, verifies its deliveries only): ${secret}`);
}

/** The emulator listens beyond this machine: said on stderr before its keys. */
export function exposedWarning(host: string): string {
  return `the emulator is reachable from other machines on ${host}; it has no real security.`;
}
