// A discount key renamed in the catalog with its code kept, through the CLI against the emulator over
// real HTTP: the same discount takes the new key's marker (an update that keeps its code), never a
// create beside it and an archive of the code's holder (Paddle keeps one discount per code).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

const getDiscount = (id: string) => accountApi(emulator)('GET', `/discounts/${id}`);

const spring = (key: string, description = 'Spring sale') => `version: 1
products: {}
discounts:
  ${key}:
    description: ${description}
    type: percentage
    amount: "15"
    code: SPRING
`;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('a discount key renamed with its code kept', { timeout: 60_000 }, () => {
  it('spring → spring-2025 (both SPRING) with --prune moves the marker: the same discount keeps SPRING and is active', async () => {
    const first = await cli('--json', 'apply', writeCatalog(dir, spring('spring'), 'a.yaml'), '--yes');
    expect(first.code, first.stderr).toBe(0);
    const id = JSON.parse(first.stdout).discounts.spring.id as string;
    const file = writeCatalog(dir, spring('spring-2025', 'Spring sale 2025'), 'b.yaml');

    const plan = await cli('plan', file, '--prune');
    expect(plan.stdout).toContain(`~ move discount spring → spring-2025 (${id}): keeps its code SPRING`);
    expect(plan.stdout).not.toContain('+ create');
    expect(plan.stdout).not.toContain('- archive');
    expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to archive.');
    const doc = JSON.parse((await cli('--json', 'plan', file, '--prune')).stdout);
    expect(doc.changes).toEqual([
      expect.objectContaining({ kind: 'discount', key: 'spring-2025', id, movedFrom: 'spring' }),
    ]);
    expect(doc.orphans).toEqual([]);
    const markdown = await cli('plan', file, '--prune', '--format', 'markdown');
    expect(markdown.stdout).toContain(`~ move discount spring → spring-2025 (${id})`);

    const applied = await cli('apply', file, '--prune', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(new RegExp(`spring-2025\\s+${id}\\s+moved`));
    expect(applied.stdout).not.toContain('adopted');
    const after = await getDiscount(id);
    expect(after).toMatchObject({
      status: 'active',
      code: 'SPRING',
      description: 'Spring sale 2025',
      custom_data: { paddle_catalog: { key: 'spring-2025' } },
    });
    const again = await cli('plan', file, '--prune', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });

  it('without --prune the rename is the same move, not a code conflict', async () => {
    const first = await cli('--json', 'apply', writeCatalog(dir, spring('spring'), 'c.yaml'), '--yes');
    const id = JSON.parse(first.stdout).discounts.spring.id as string;
    const file = writeCatalog(dir, spring('spring-2025'), 'd.yaml');
    const plan = await cli('plan', file);
    expect(plan.stdout).toContain(`~ move discount spring → spring-2025 (${id}): keeps its code SPRING`);
    expect(plan.stdout).not.toContain('is held by');
    const applied = await cli('--json', 'apply', file, '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).discounts['spring-2025']).toEqual({
      id,
      action: 'adopt',
      status: 'applied',
      movedFrom: 'spring',
    });
    expect((await getDiscount(id)).custom_data).toEqual({ paddle_catalog: { key: 'spring-2025' } });
  });

  it('a code moving between keys: the key giving it up gets its new code first, then the other takes it', async () => {
    const two = (a: string, b: string) =>
      `version: 1\nproducts: {}\ndiscounts:\n  a: { description: A, type: percentage, amount: "5", code: ${a} }\n  b: { description: B, type: percentage, amount: "5", code: ${b} }\n`;
    const first = await cli('--json', 'apply', writeCatalog(dir, two('ALPHA', 'BETA'), 'e.yaml'), '--yes');
    const ids = JSON.parse(first.stdout).discounts;
    const file = writeCatalog(dir, two('GAMMA', 'ALPHA'), 'f.yaml');
    const plan = await cli('plan', file);
    expect(plan.stdout).toContain('code "ALPHA" moves from discount a, which gets its new code first');
    expect(plan.stdout).not.toContain('is held by');
    const applied = await cli('apply', file, '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(await getDiscount(ids.a.id)).toMatchObject({ code: 'GAMMA', status: 'active' });
    expect(await getDiscount(ids.b.id)).toMatchObject({ code: 'ALPHA', status: 'active' });
    // a swap would wait in a circle: still refused before any write
    const swap = await cli('apply', writeCatalog(dir, two('ALPHA', 'GAMMA'), 'g.yaml'), '--yes');
    expect(swap.code).toBe(1);
    expect(swap.stderr + swap.stdout).toContain('is held by discount');
  });
});
