// Discounts Paddle expires or uses up, through the CLI over real HTTP: the emulator's clock lets
// catalogs/launch-discounts.yaml's discount expire; plan then finds it (every status in one read),
// shows it expired and creates nothing; --prune archives an expired orphan; export writes it with a
// warning and export → plan is empty. A seeded discount at its usage_limit is shown used.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, moveClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });
const cli = (...args: string[]) => runCliInProcess(args, { env: env() });
const EXAMPLE = readFileSync('catalogs/launch-discounts.yaml', 'utf8');
// the launch discount expires at 2099-01-31T23:59:59Z
const AFTER_LAUNCH = '2099-02-01T00:00:00Z';

async function appliedLaunch(): Promise<{ file: string; launchId: string }> {
  const file = writeCatalog(dir, EXAMPLE, 'launch.yaml');
  const applied = await cli('--json', 'apply', file, '--yes');
  expect(applied.code, applied.stderr).toBe(0);
  return { file, launchId: JSON.parse(applied.stdout).discounts.launch.id };
}

beforeAll(async () => {
  emulator = await startEmulator();
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('a discount Paddle has expired', () => {
  it('launch-discounts.yaml applied, its discount expired by the clock: plan shows it expired and creates nothing', async () => {
    const { file, launchId } = await appliedLaunch();
    expect((await moveClock(emulator, AFTER_LAUNCH)).status).toBe(200);
    expect((await call(emulator, 'GET', `/discounts/${launchId}`)).body.data.status).toBe('expired');
    const before = emulator.requests().length;
    const plan = await cli('plan', file, '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`discount launch (${launchId}) is expired: its expires_at has passed`);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.stdout).not.toContain('+ create');
    // every status in one read of the discounts
    const lists = emulator
      .requests()
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path === '/discounts');
    expect(lists.map((r) => r.query.status)).toEqual(['active,archived,expired,used']);
    const json = JSON.parse((await cli('--json', 'plan', file)).stdout);
    const launch = json.changes.find((c: { key: string }) => c.key === 'launch');
    expect(launch).toMatchObject({ action: 'unchanged', id: launchId, remoteStatus: 'expired' });
    expect(json.summary.create).toBe(0);
  });

  it('a change to an expired discount is planned as an update of it, never a create', async () => {
    const { launchId } = await appliedLaunch();
    expect((await moveClock(emulator, AFTER_LAUNCH)).status).toBe(200);
    const later = writeCatalog(
      dir,
      EXAMPLE.replace('2099-01-31T23:59:59Z', '2100-01-31T23:59:59Z'),
      'later.yaml',
    );
    const plan = await cli('plan', later);
    expect(plan.stdout).toContain(`~ update discount launch (${launchId} expired)`);
    const applied = await cli('--json', 'apply', later, '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect((await call(emulator, 'GET', `/discounts/${launchId}`)).body.data.status).toBe('active');
  });

  it('--prune archives an expired discount the catalog no longer names', async () => {
    const { launchId } = await appliedLaunch();
    expect((await moveClock(emulator, AFTER_LAUNCH)).status).toBe(200);
    const without = EXAMPLE.replace(/\n {2}launch:\n[\s\S]*?\n\n/, '\n');
    expect(without).not.toContain('LAUNCH25');
    const file = writeCatalog(dir, without, 'without-launch.yaml');
    const plan = await cli('plan', file);
    expect(plan.stdout).toContain(`discount launch (${launchId})`);
    expect(plan.stdout).toContain('apply --prune archives them');
    const pruned = await cli('--json', 'apply', file, '--yes', '--prune');
    expect(pruned.code, pruned.stderr).toBe(0);
    expect((await call(emulator, 'GET', `/discounts/${launchId}`)).body.data.status).toBe('archived');
  });

  it('export writes the expired discount with a warning, and export → plan is empty', async () => {
    const { launchId } = await appliedLaunch();
    expect((await moveClock(emulator, AFTER_LAUNCH)).status).toBe(200);
    const out = join(dir, 'exported.yaml');
    const exported = await cli('export', '--out', out, '--force');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`discount launch (${launchId}) is expired`);
    expect(readFileSync(out, 'utf8')).toContain('code: LAUNCH25');
    const plan = await cli('plan', out, '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });
});

describe('a discount Paddle has used up', () => {
  it('a managed discount whose times_used reached its usage_limit: plan shows it used and creates nothing', async () => {
    const id = 'dsc_01h0000000000000000000used';
    const seeded = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          discounts: [
            {
              id,
              description: 'First hundred',
              type: 'percentage',
              amount: '50',
              code: 'FIRST100',
              usage_limit: 100,
              times_used: 100,
              custom_data: { paddle_catalog: { key: 'first' } },
            },
          ],
        },
      },
    });
    try {
      const file = writeCatalog(
        dir,
        'version: 1\nproducts: {}\ndiscounts:\n  first:\n    description: First hundred\n    type: percentage\n    amount: "50"\n    code: FIRST100\n    usage_limit: 100\n',
        'used.yaml',
      );
      const plan = await runCliInProcess(['plan', file, '--detailed-exitcode'], {
        env: { PADDLE_API_URL: seeded.url, PADDLE_API_KEY: seeded.apiKey },
      });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain(`discount first (${id}) is used: its usage_limit is reached`);
      expect(plan.stdout).toContain('No changes.');
    } finally {
      await seeded.close();
    }
  });
});
