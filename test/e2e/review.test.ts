// The review a pull request sees, through the CLI against the emulator over real HTTP: duplicates
// are work to do (exit 2, has_changes=true, named in the step summary), a plain plan names every
// object --prune would archive (discounts too, when the catalog has none left), and hostile names
// stay inert in the Markdown.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const env = (extra: Record<string, string> = {}) => ({
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
  ...extra,
});
const cli = (args: string[], extra: Record<string, string> = {}) =>
  runCliInProcess(args, { env: env(extra) });
const gateway = () =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('the review of a pull request', { timeout: 60_000 }, () => {
  it('a key with duplicates: exit 2 with --detailed-exitcode, has_changes=true, the step summary names them', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'dupes.yaml');
    expect((await cli(['apply', file, '--yes'])).code).toBe(0);
    const twin = await gateway().createProduct('twin', {
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { paddle_catalog: { key: 'pro' } },
    });
    const summary = join(dir, 'summary.md');
    const output = join(dir, 'output.txt');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const actions = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output };
    const plan = await cli(['plan', file, '--detailed-exitcode'], actions);
    expect(plan.code).toBe(2);
    expect(readFileSync(output, 'utf8')).toMatch(/^has_changes<<(\S+)\ntrue\n\1$/m);
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('⚠️ 1 key with duplicates');
    expect(md).toContain(`! product pro has 2 active objects: `);
    expect(md).toContain(twin.id);
    expect(md).toContain('(apply --dedupe archives the extra ones)');
  });

  it('plain plan names every object --prune archives, a discount included when the catalog has none left', async () => {
    const full = readFileSync('catalogs/launch-discounts.yaml', 'utf8');
    const file = writeCatalog(dir, full, 'launch.yaml');
    expect((await cli(['apply', file, '--yes'])).code).toBe(0);
    // starter and every discount leave the catalog
    const withoutStarter = full.replace(/ {2}starter:[\s\S]*?(?= {2}pro:)/, '');
    const left = withoutStarter.slice(0, withoutStarter.indexOf('discounts:'));
    writeCatalog(dir, left, 'launch.yaml');
    const plain = await cli(['--json', 'plan', file]);
    const named = JSON.parse(plain.stdout).orphans.map(
      (o: { kind: string; key: string }) => `${o.kind} ${o.key}`,
    );
    expect(named.sort()).toEqual([
      'discount launch',
      'discount partner',
      'discount seats',
      'price starter/monthly',
      'price starter/yearly',
      'product starter',
    ]);
    const text = await cli(['plan', file]);
    expect(text.stdout).toContain('discount launch (dsc_');
    const pruned = JSON.parse((await cli(['--json', 'plan', file, '--prune'])).stdout);
    const archived = pruned.changes
      .filter((c: { action: string }) => c.action === 'archive')
      .map((c: { kind: string; key: string }) => `${c.kind} ${c.key}`);
    expect(archived.sort()).toEqual(named.sort());
  });

  it('hostile names from the catalog stay inside the fenced block of --format markdown', async () => {
    const hostile = '"@everyone | <img src=x onerror=alert(1)> [x](javascript:alert(1)) #1 ```"';
    const file = writeCatalog(dir, PRO_CATALOG(hostile), 'hostile.yaml');
    const { code, stdout } = await cli(['plan', file, '--format', 'markdown']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    const open = lines.findIndex((l) => l.startsWith('```'));
    expect(lines[open]).toBe('````diff');
    // the block closes before the tables of what customers pay, which hold only Paddle's figures
    const close = lines.indexOf('````');
    expect(close).toBeGreaterThan(open);
    expect(lines.slice(open + 1, close).some((l) => l.includes('````'))).toBe(false);
    expect(lines.slice(open + 1, close).join('\n')).toContain('@everyone | <img src=x');
    expect(lines.slice(close + 1).join('\n')).not.toMatch(/@|<img|javascript/);
    for (const line of lines.slice(1, open)) expect(line).not.toMatch(/@|<|\[|#1|\|/);
    const json = await cli(['--json', 'plan', file, '--format', 'markdown']);
    expect(json.code).toBe(1);
  });
});
