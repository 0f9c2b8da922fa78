// Benchmark: `paddle-catalog refs` over a generated app of 10,000 files in a git work tree (the
// default listing, `git ls-files -co --exclude-standard`), against an emulator in this process whose
// sandbox holds 60 products × 3 prices applied by the CLI. The tree names 900 distinct ids: the 180
// live prices, 20 archived-by-hand ones, 700 unknown, plus products and a few other kinds, spread over
// every 10th file, inside 5 minified bundles of 1 MB, beside 100 binary files and a .gitignore'd
// folder of 1,000 more files. Per run: wall time of the child (median), its peak RSS, and the API
// calls (the emulator's log: ids are looked up 100 to a request, never one per id).
// Runs against dist/ (npm run build first). Standalone: `node test/bench/refs.mjs [--quick]`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const FILES = 10_000;
const PRODUCTS = 60;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fakeId = (prefix, n) => `${prefix}_01${String(n).padStart(24, '0')}`;

function catalogOf(count) {
  const lines = ['version: 1', 'products:'];
  for (let i = 0; i < count; i += 1) {
    lines.push(`  product-${i}:`, `    name: Product ${i}`, '    tax_category: saas', '    prices:');
    for (const [key, amount] of [
      ['monthly', 1000],
      ['yearly', 10000],
      ['once', 500],
    ]) {
      lines.push(`      ${key}:`, `        description: Product ${i} ${key}`);
      lines.push(`        unit_price: { amount: "${amount + i}", currency_code: USD }`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The app: plain modules, a few naming ids, minified bundles, binaries, an ignored folder. */
function writeTree(dir, ids) {
  const named = [...ids.live, ...ids.archived, ...ids.unknown, ...ids.products, ...ids.others];
  let next = 0;
  const idLine = () => `export const ID_${next} = '${named[next++ % named.length]}';`;
  for (let i = 0; i < FILES; i += 1) {
    const folder = join(dir, 'src', `m${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(folder, { recursive: true });
    const body = [
      `// module ${i}`,
      `import { x } from './x${i}.js';`,
      `export function f${i}(a) {`,
      '  return a + 1;',
      '}',
    ];
    if (i % 10 === 0) body.push(idLine(), idLine());
    if (i < 5)
      body.push(
        `${'var a=1;'.repeat(125_000)}${named
          .slice(i * 20, i * 20 + 20)
          .map((id) => `"${id}"`)
          .join(',')}`,
      );
    if (i >= FILES - 100) {
      writeFileSync(join(folder, `f${i}.bin`), Buffer.from([0, 1, 2, ...Buffer.from(named[0])]));
      continue;
    }
    writeFileSync(join(folder, `f${i}.ts`), `${body.join('\n')}\n`);
  }
  mkdirSync(join(dir, 'dist'));
  for (let i = 0; i < 1000; i += 1)
    writeFileSync(join(dir, 'dist', `b${i}.js`), `"${fakeId('pri', 900_000 + i)}"\n`);
  writeFileSync(join(dir, '.gitignore'), 'dist/\n');
  execFileSync('git', ['init', '-q', dir]);
}

async function applyCatalog(emulator, dir) {
  const file = join(dir, 'catalog.yaml');
  writeFileSync(file, catalogOf(PRODUCTS));
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
  const applied = await timed(
    process.execPath,
    [BIN, '--json', 'apply', file, '--yes', '--rate-limit', '0'],
    env,
  );
  if (applied.code !== 0) throw new Error(`apply exited ${applied.code}: ${applied.stderr.slice(0, 500)}`);
  const doc = JSON.parse(applied.stdout);
  const products = Object.values(doc.products);
  return {
    live: products.flatMap((p) => Object.values(p.prices).map((price) => price.id)),
    products: products.map((p) => p.id),
  };
}

async function archive(emulator, ids) {
  for (const id of ids) {
    const response = await fetch(`${emulator.url}/prices/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${emulator.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'archived' }),
    });
    if (!response.ok) throw new Error(`archiving ${id}: ${response.status}`);
  }
}

export async function run({ quick = false } = {}) {
  const { startEmulator } = await import(new URL('../../dist/emulator/index.js', import.meta.url).href);
  const emulator = await startEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-refs-'));
  try {
    const applied = await applyCatalog(emulator, dir);
    const archived = applied.live.slice(0, 20);
    await archive(emulator, archived);
    const unknown = Array.from({ length: 700 }, (_, i) => fakeId('pri', i));
    const others = Array.from({ length: 20 }, (_, i) => fakeId('txn', i));
    const tree = join(dir, 'app');
    writeTree(tree, { live: applied.live.slice(20), archived, unknown, products: applied.products, others });
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const runs = [];
    for (let i = 0; i < (quick ? 1 : 3); i += 1) {
      const before = emulator.requests().length;
      const result = await timed(process.execPath, ['--import', PEAK_RSS, BIN, '--json', 'refs', tree], env);
      if (result.code !== 1) throw new Error(`refs exited ${result.code}: ${result.stderr.slice(0, 500)}`);
      const doc = JSON.parse(result.stdout);
      runs.push({ ...result, doc, calls: emulator.requests().length - before });
    }
    const { doc, calls } = runs[0];
    const scenario = `refs over ${FILES.toLocaleString('en')} files (${doc.files.scanned} scanned)`;
    const distinct = new Set(doc.references.map((r) => r.id)).size;
    return [
      {
        scenario,
        metric: 'wall time (median)',
        value: median(runs.map((r) => r.ms)) / 1000,
        unit: 's',
        target: '< 5',
      },
      {
        scenario,
        metric: 'peak RSS (max)',
        value: Math.max(...runs.map((r) => r.maxRssMb ?? 0)),
        unit: 'MB',
      },
      { scenario, metric: 'ids found / distinct', value: `${doc.references.length} / ${distinct}`, unit: '' },
      { scenario, metric: 'problems', value: doc.problems.length, unit: '' },
      { scenario, metric: 'API calls', value: calls, unit: 'requests', target: '≤ ceil(ids ÷ 100) per kind' },
    ];
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run({ quick: process.argv.includes('--quick') });
  console.table(rows);
}
