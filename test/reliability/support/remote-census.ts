// What is really in the emulator's account, read through its public API (not the tool's own
// gateway, so a bug there cannot hide a duplicate): every product, active or archived, with all
// its prices, counted by the tool's marker key.
import type { Catalog } from '../../../src/catalog/schema.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { readMarker } from '../../../src/planner/marker.js';
import { listAll } from '../../support/emulator.js';

interface WireObject {
  id: string;
  status: string;
  custom_data: Record<string, unknown> | null;
  prices?: WireObject[];
}

const allProducts = (emulator: RunningEmulator) =>
  listAll<WireObject>(emulator, '/products?include=prices&status=active,archived&per_page=200');

/** Marker key → how many remote objects (products and prices, any status) carry it. */
async function markerCounts(emulator: RunningEmulator): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const product of await allProducts(emulator)) {
    for (const object of [product, ...(product.prices ?? [])]) {
      const key = readMarker(object.custom_data)?.key;
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** Every product key and `product/price` key a catalog names. */
function catalogKeys(catalog: Catalog): string[] {
  return Object.entries(catalog.products).flatMap(([key, product]) => [
    key,
    ...Object.keys(product.prices ?? {}).map((price) => `${key}/${price}`),
  ]);
}

/** Keys with other than exactly one remote object: missing (0) or duplicated (> 1); empty when converged. */
export async function censusProblems(emulator: RunningEmulator, catalog: Catalog): Promise<string[]> {
  const counts = await markerCounts(emulator);
  const wanted = catalogKeys(catalog);
  const problems = wanted
    .filter((key) => counts.get(key) !== 1)
    .map((key) => `${key}: ${counts.get(key) ?? 0} remote objects`);
  const strays = [...counts.keys()].filter((key) => !wanted.includes(key));
  return [...problems, ...strays.map((key) => `${key}: not in the catalog`)];
}
