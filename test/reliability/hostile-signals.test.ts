// Hostile input, point 3: SIGTERM (what CI sends on cancel) is handled like Ctrl-C everywhere: no
// new calls start, the ones in flight finish, the result so far is printed (the one JSON document
// with --json) with the dashboard steps, and the exit code is 1. Real processes, the signal from
// outside, except where only what apply prints is looked at.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { type CliResult, ROOT, runCli } from '../support/run-cli.js';
import { FakeProcess, runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = join(ROOT, 'catalogs/saas-starter.yaml');

let emulator: RunningEmulator;
beforeAll(async () => {
  // slow enough that the signal lands while a call is in flight
  emulator = await startEmulator({ demo: false, faults: { latencyMs: 400 } });
});
afterAll(() => emulator.close());

/** Runs the CLI and sends `signal` once `when` says so (checked as each request arrives at the emulator). */
function runUntil(
  args: string[],
  signal: NodeJS.Signals,
  when: (method: string) => boolean,
): Promise<CliResult> {
  return runCli(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    onSpawn: (child) => {
      let sent = false;
      return emulator.onRequest((request) => {
        if (sent || !when(request.method)) return;
        sent = true;
        child.kill(signal);
      });
    },
  });
}

// each test a real process: bounded by it, with room for a second test run on the same cores
describe('SIGTERM is handled like Ctrl-C', { timeout: 60_000 }, () => {
  it('during apply --json: exit 1 with one document holding the created ids and the remaining work', async () => {
    emulator.reset();
    const run = await runUntil(
      ['--json', 'apply', CATALOG, '--yes', '--concurrency', '1'],
      'SIGTERM',
      (method) => method === 'POST',
    );
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({
      ok: false,
      interrupted: true,
      verified: false,
      error: { kind: 'interrupted', message: expect.stringContaining('interrupted') },
    });
    // the call in flight when the signal came finished: its product has its id
    const created = Object.values(doc.products as Record<string, { id?: string }>).filter((p) => p.id);
    expect(created.length).toBeGreaterThan(0);
    expect(doc.remaining.length).toBeGreaterThan(0);
    // nothing was started after the signal: at most the one call in flight reached the emulator
    expect(emulator.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  // what apply prints is the command's own, in-process (the real process and its exit are above)
  it('during apply: "Terminated", the ids so far and the dashboard steps on the terminal, exit 1', async () => {
    emulator.reset();
    const signals = new FakeProcess();
    const stopListening = emulator.onRequest((request) => {
      if (request.method !== 'POST') return;
      stopListening();
      signals.send('SIGTERM');
    });
    const run = await runCliInProcess(['apply', CATALOG, '--yes', '--concurrency', '1'], {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
      process: signals,
    });
    stopListening();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Terminated: no new calls start; waiting for the ones in flight…');
    expect(run.stdout).toMatch(/starter\s+pro_\w+\s+created/);
    expect(run.stderr).toContain('As steps in the Paddle dashboard:');
    expect(run.stderr).toMatch(/^ {2}1\. Catalog → Products → /m);
  });

  it.each([
    ['plan', ['--json', 'plan', CATALOG], { ok: false, error: { kind: 'interrupted', signal: 'SIGTERM' } }],
    [
      'history',
      ['--json', 'history', '--email', 'jo@example.com'],
      { ok: false, error: { kind: 'interrupted', signal: 'SIGTERM' } },
    ],
  ])('while %s reads the account: exit 1 and still the one JSON document', async (_name, args, document) => {
    const run = await runUntil(args, 'SIGTERM', () => true);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject(document);
    expect(run.stderr).toContain('Terminated.');
  });
});
