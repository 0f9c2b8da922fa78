// The discounts list over real HTTP against an emulator that refuses some statuses in the filter, as
// a Paddle holding the list to its OpenAPI enum (active, archived) would: the reads ask again with
// the statuses Paddle documents, once per run, and a warning says what could not be read.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const discountReads = (emu: RunningEmulator) =>
  emu
    .requests()
    .filter((r) => r.path === '/discounts' && r.method === 'GET')
    .map((r) => `${r.query.status} ${r.status}`);

const gatewayOf = (emu: RunningEmulator, warnings: string[]) =>
  createCatalogGateway(
    { environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey },
    { warn: (message) => warnings.push(message) },
  );

describe('a server that refuses a discount status in the list filter', () => {
  it('used refused: read again without it, remembered for the run, one warning naming used', async () => {
    emulator = await startEmulator({
      demo: false,
      faults: { discountListStatuses: ['active', 'archived', 'expired'] },
    });
    const warnings: string[] = [];
    const gateway = gatewayOf(emulator, warnings);
    await gateway.snapshot({ discounts: 'required' });
    await gateway.snapshot({ discounts: 'required' });
    await gateway.findDiscount('find discount launch', () => false);
    expect(discountReads(emulator)).toEqual([
      'active,archived,expired,used 400',
      'active,archived,expired 200',
      'active,archived,expired 200',
      'active,archived,expired 200',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('read active,archived,expired instead');
    expect(warnings[0]).toContain('discounts Paddle has marked used are not seen');
  });

  it('only the OpenAPI enum (active, archived): the third try, naming expired and used', async () => {
    emulator = await startEmulator({ demo: false, faults: { discountListStatuses: ['active', 'archived'] } });
    const warnings: string[] = [];
    await gatewayOf(emulator, warnings).snapshot({ discounts: 'required' });
    expect(discountReads(emulator)).toEqual([
      'active,archived,expired,used 400',
      'active,archived,expired 400',
      'active,archived 200',
    ]);
    expect(warnings).toEqual([expect.stringContaining('marked expired or used are not seen')]);
  });

  it('a refusal that is not about the status filter is not retried', async () => {
    emulator = await startEmulator({ demo: false, faults: { failRate: 1 } });
    const warnings: string[] = [];
    const error = await gatewayOf(emulator, warnings)
      .snapshot({ discounts: 'required' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(discountReads(emulator)).toEqual(['active,archived,expired,used 500']);
    expect(warnings).toEqual([]);
  });

  it('apply and plan work on such an account, switched on over POST /__emulator/faults; a bad status is refused', async () => {
    emulator = await startEmulator({ demo: false });
    const faults = (body: unknown) =>
      fetch(`${emulator?.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify(body) });
    expect((await faults({ discount_list_statuses: ['active', 'spent'] })).status).toBe(400);
    expect((await faults({ discount_list_statuses: 'active' })).status).toBe(400);
    const set = await faults({ discount_list_statuses: ['active', 'archived'] });
    expect(await set.json()).toMatchObject({ discount_list_statuses: ['active', 'archived'] });
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
    const catalog = join(ROOT, 'catalogs/launch-discounts.yaml');
    const apply = await runCliInProcess(['apply', catalog, '--yes'], { env });
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stderr).toContain('Verified');
    // one refused read per run (snapshot, verification and any lookup share the answer)
    expect(discountReads(emulator).filter((r) => r.endsWith(' 400'))).toHaveLength(2);
    expect(apply.stderr.match(/warning: Paddle refused status=active,archived,expired,used/g)).toHaveLength(
      1,
    );
    const plan = await runCliInProcess(['plan', catalog, '--detailed-exitcode'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('discounts Paddle has marked expired or used are not seen');
  });
});
