// `paddle-catalog emulator` as a user runs it: bin/ → dist/, one JSON line, stops on a signal.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/catalog-files.js';
import { BIN, ROOT } from '../support/run-cli.js';
import { FakeProcess, runCliInProcess } from '../support/run-cli-in-process.js';

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

/**
 * Starts the command and resolves with its first stdout line once stdout is `ready` (by default:
 * that line is complete), or rejects with what it printed if it dies first.
 */
function start(
  args: string[],
  ready: (stdout: string) => boolean = (stdout) => stdout.includes('\n'),
): Promise<{ line: string; stdout: () => string; stderr: () => string; exit: Promise<number | null> }> {
  child = spawn(process.execPath, [BIN, 'emulator', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<number | null>((resolve) => child?.on('close', resolve));
  return new Promise((resolve, reject) => {
    child?.stderr?.on('data', (d) => {
      stderr += d;
    });
    child?.stdout?.on('data', (d) => {
      stdout += d;
      if (ready(stdout)) {
        resolve({ line: stdout.split('\n')[0] as string, stdout: () => stdout, stderr: () => stderr, exit });
      }
    });
    exit.then(() => reject(new Error(`emulator exited early: ${stderr}`)));
  });
}

// real processes: bounded by them, with room for a second test run on the same cores
describe('paddle-catalog emulator', { timeout: 60_000 }, () => {
  it('--port 0 --json prints exactly one JSON line, serves the API, and stops cleanly on SIGTERM', async () => {
    const run = await start(['--port', '0', '--json']);
    const { url, apiKey, liveApiKey } = JSON.parse(run.line);
    expect(Object.keys(JSON.parse(run.line))).toEqual(['url', 'apiKey', 'liveApiKey']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(apiKey).toMatch(/^pdl_sdbx_apikey_/);
    expect(liveApiKey).toMatch(/^pdl_live_apikey_/);
    expect((await fetch(`${url}/currencies`)).status).toBe(200);
    expect((await fetch(`${url}/__emulator/requests`)).status).toBe(200);
    expect((await fetch(`${url}/products`, { headers: { authorization: `bearer ${apiKey}` } })).status).toBe(
      200,
    );
    child?.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.stdout().trim().split('\n')).toHaveLength(1);
  });

  it('prints the URL and key for a person, takes fault flags and a YAML seed, and stops on SIGINT', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'seed.yaml'),
      [
        'sandbox:',
        '  approved_tax_categories: [ebooks]',
        '  customers:',
        '    - { id: ctm_01aaaaaaaaaaaaaaaaaaaaaaaa, email: kim@example.com, name: Kim }',
        '  transactions:',
        '    - customer_id: ctm_01aaaaaaaaaaaaaaaaaaaaaaaa',
        '      status: completed',
        '      collection_mode: automatic',
        '      currency_code: KRW',
        "      billed_at: '2025-01-01T00:00:00Z'",
        '      details: { totals: { subtotal: "39000", tax: "3900" } }',
      ].join('\n'),
    );
    const run = await start(
      ['--port', '0', '--seed', join(dir, 'seed.yaml'), '--no-demo', '--latency', '1', '--random-seed', '3'],
      (stdout) => /PADDLE_API_KEY=\S+\n/.test(stdout),
    );
    const url = /listening on (\S+)/.exec(run.line)?.[1] as string;
    const apiKey = /(pdl_sdbx_apikey_\S+)/.exec(run.stdout())?.[1] as string;
    const headers = { authorization: `Bearer ${apiKey}` };
    const txns = (await (await fetch(`${url}/transactions`, { headers })).json()) as {
      data: { details: { totals: { grand_total: string } } }[];
    };
    expect(txns.data).toHaveLength(1);
    expect(txns.data[0]?.details.totals.grand_total).toBe('42900');
    const ebooks = await fetch(`${url}/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Book', tax_category: 'ebooks' }),
    });
    expect(ebooks.status).toBe(201);
    child?.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('--state: accounts and keys survive SIGKILL and a restart; flags set both accounts', async () => {
    const file = join(tempDir(), 'state.json');
    const args = ['--port', '0', '--json', '--state', file, '--cardless-trials'];
    const first = await start([...args, '--approve-tax-categories', 'ebooks,training-services']);
    const keys = JSON.parse(first.line);
    const created = await fetch(`${keys.url}/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.liveApiKey}` },
      body: JSON.stringify({ name: 'Book', tax_category: 'training-services' }),
    });
    const product = ((await created.json()) as { data: { id: string } }).data;
    child?.kill('SIGKILL');
    await first.exit;
    const second = await start(args);
    const again = JSON.parse(second.line);
    expect([again.apiKey, again.liveApiKey]).toEqual([keys.apiKey, keys.liveApiKey]);
    const fetched = await fetch(`${again.url}/products/${product.id}`, {
      headers: { authorization: `Bearer ${again.liveApiKey}` },
    });
    expect(fetched.status).toBe(200);
    child?.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('--case-sensitive-emails reaches both accounts, is saved with them, and is in --help', async () => {
    const file = join(tempDir(), 'state.json');
    const signals = new FakeProcess();
    const run = runCliInProcess(
      ['emulator', '--port', '0', '--json', '--state', file, '--case-sensitive-emails'],
      { process: signals },
    );
    // the command listens beside the CLI's own handler, which then leaves the signal to it
    await Promise.race([signals.listening('SIGTERM', 2), run]);
    signals.send('SIGTERM');
    expect((await run).code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect([saved.sandbox.case_sensitive_emails, saved.live.case_sensitive_emails]).toEqual([true, true]);
    const help = await runCliInProcess(['emulator', '--help']);
    expect(help.stdout).toContain('--case-sensitive-emails');
  });

  it("names the demo data's customers at start-up, the archived one as such, and none with --no-demo", async () => {
    const startUp = async (extra: string[]) => {
      const signals = new FakeProcess();
      const run = runCliInProcess(['emulator', '--port', '0', ...extra], { process: signals });
      await Promise.race([signals.listening('SIGINT', 2), run]);
      signals.send('SIGINT');
      const result = await run;
      expect(result.code).toBe(0);
      return result;
    };
    const demo = await startUp([]);
    expect(demo.stderr).toContain(
      'Demo customers (sandbox): demo@example.com, alice@example.com, bob@example.com, churned@example.com (archived) · Ctrl+C to stop',
    );
    expect(demo.stdout).toMatch(/^Paddle API emulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect((await startUp(['--no-demo'])).stderr).not.toContain('Demo customers');
    expect((await runCliInProcess(['emulator', '--help'])).stdout).toContain('a sandbox key and a live key');
  });

  it('refuses an unknown --approve-tax-categories entry and a corrupt --state file with exit 1', async () => {
    const bad = await runCliInProcess(['emulator', '--port', '0', '--approve-tax-categories', 'saas,ebook']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"ebook" is not a Paddle tax category');
    const file = join(tempDir(), 'state.json');
    writeFileSync(file, '{"format":');
    const corrupt = await runCliInProcess(['emulator', '--port', '0', '--state', file]);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain('is not valid JSON');
    expect(corrupt.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses bad flags and a bad seed file with exit 1', async () => {
    const bad = await runCliInProcess(['emulator', '--fail-rate', '2']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--fail-rate must be between 0 and 1');
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ sandbox: { customers: [{ name: 'no email' }] } }));
    const seed = await runCliInProcess(['emulator', '--port', '0', '--seed', join(dir, 'bad.json')]);
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain('sandbox.customers.0.email');
  });
});
