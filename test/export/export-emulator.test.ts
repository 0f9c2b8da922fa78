// The export use-case against the emulator (the real SDK over real HTTP): what apply made, export
// gives back as a file that validates and plans to no changes.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { type ExportHooks, exportAccount } from '../../src/export/use-case.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { summarize } from '../../src/plan/summary.js';
import { starter } from '../apply/catalogs.js';
import { applyToEmulator } from '../apply/harness.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

function exportFrom(emu: RunningEmulator, out?: string, hooks?: ExportHooks) {
  const gateway = createCatalogGateway({ environment: 'sandbox', baseUrl: emu.url, apiKey: emu.apiKey });
  return exportAccount({ environment: 'sandbox', gateway, out, schemaPath: './catalog.schema.json' }, hooks);
}

describe('export use-case', () => {
  it('exports what apply made: a valid file that applies as no change', async () => {
    emulator = await startEmulator();
    await applyToEmulator(emulator, starter());
    const result = await exportFrom(emulator, 'prices.yaml');
    expect(result.issues).toEqual([]);
    expect(Object.keys(result.catalog.products).sort()).toEqual(Object.keys(starter().products).sort());
    // every object is managed already: nothing to take over, so no --adopt line
    expect(result.text).not.toContain('--adopt');
    expect(result.unmanaged).toBe(0);
    const again = await applyToEmulator(emulator, result.catalog);
    expect(summarize(again.plan)).toMatchObject({ create: 0, update: 0, archive: 0 });
    expect(again.outcome.verified).toBe(true);
  });

  it('an empty account exports an empty catalog, read once', async () => {
    emulator = await startEmulator();
    let reads = 0;
    const result = await exportFrom(emulator, undefined, {
      reading: (work) => {
        reads += 1;
        return work();
      },
    });
    expect(reads).toBe(1);
    expect(result.catalog.products).toEqual({});
    expect(result.out).toBeUndefined();
  });
});
