// `npx paddle-catalog emulator … & … kill $!`, as docs/emulator.md says to stop it: npx runs the
// command through a shell of its own and SIGTERM reaches npx and that shell only, not the emulator
// (src/terminal/parent.ts). The emulator stops when npx is gone, as on SIGTERM: its state file's
// lock released. The process boundary is what is tested: real npx (offline, the project's own
// bin), a real shell, a real kill; every wait is on an event, bounded.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/catalog-files.js';
import { ROOT } from '../support/run-cli.js';

/** Whether process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let emulatorPid: number | undefined;
afterEach(() => {
  // a failing run must not leave an emulator behind
  if (emulatorPid !== undefined && alive(emulatorPid)) process.kill(emulatorPid, 'SIGKILL');
  emulatorPid = undefined;
});

/**
 * Resolves with the child's first stdout line and what it writes to stderr from then on, or
 * rejects with what it printed if it ends first.
 */
function firstLine(child: ChildProcess): Promise<{ line: string; stderr: () => string }> {
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) resolve({ line: stdout.split('\n')[0] as string, stderr: () => stderr });
    });
    child.on('exit', () => reject(new Error(`npx ended before the emulator started: ${stderr}`)));
  });
}

/**
 * Resolves once every process holding the child's stdout has ended: npx, its shell and the
 * emulator, which inherits it. Rejects after `ms` (the emulator outlived npx).
 */
function allEnded(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator still runs ${ms} ms after npx ended`)), ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// real processes under npm: bounded, with room for a busy machine
describe('an emulator started by npx in the background', { timeout: 60_000 }, () => {
  it('stops when npx is killed (kill $!), as on SIGTERM: its state file unlocked', async () => {
    const state = join(tempDir(), 'state.json');
    const args = ['--offline', '--no', 'paddle-catalog', 'emulator', '--port', '0', '--json', '--no-demo'];
    const npx = spawn('npx', [...args, '--state', state], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = await firstLine(npx);
    const { url } = JSON.parse(started.line) as { url: string };
    const lock = JSON.parse(readFileSync(`${state}.lock`, 'utf8')) as { pid: number; url: string };
    emulatorPid = lock.pid;
    expect(lock.url).toBe(url);
    // the emulator is not npx: a signal to npx is not a signal to it
    expect(lock.pid).not.toBe(npx.pid);

    npx.kill('SIGTERM');
    // (not asked of its pid: an orphan's parent is init, which may leave it a zombie a while)
    await allEnded(npx, 20_000);
    expect(existsSync(`${state}.lock`)).toBe(false);
    expect(started.stderr()).toContain('The process that started the emulator has ended: stopping it.');
  });
});
