// Benchmark: one move of the emulator's clock over many subscriptions. 10,000 monthly
// subscriptions (renewing on every day of the month, the 29th–31st among them) through a year in
// one POST /__emulator/clock: 120,000 renewals, each a transaction. The move steps through them
// from a queue of one entry per subscription, so what it holds is the transactions it makes.
// Each size runs in a child process of its own, whose peak resident memory is read.
// Standalone: `node test/bench/emulator-clock.mjs [--quick]`; test/bench/run.mjs imports run().
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PEAK_RSS, timed } from './support/child.mjs';

const SCRIPT = fileURLToPath(new URL('./support/clock-move.mjs', import.meta.url));

export async function run({ quick = false } = {}) {
  const rows = [];
  for (const count of quick ? [1_000] : [1_000, 10_000]) {
    const result = await timed(process.execPath, ['--import', PEAK_RSS, SCRIPT, String(count)]);
    if (result.code !== 0) throw new Error(`clock move of ${count}: ${result.stderr}`);
    const { ms, cpuMs, renewals, heapMb } = JSON.parse(result.stdout);
    const scenario = `emulator clock: ${count.toLocaleString('en')} monthly subscriptions, a year in one move`;
    rows.push(
      { scenario, metric: 'renewals', value: renewals, unit: 'transactions' },
      { scenario, metric: 'move', value: ms, unit: 'ms' },
      { scenario, metric: 'move, CPU', value: cpuMs, unit: 'ms' },
      { scenario, metric: 'heap after', value: heapMb, unit: 'MB' },
      { scenario, metric: 'peak RSS', value: result.maxRssMb, unit: 'MB' },
    );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick }))
    console.log(`${row.scenario}  ${row.metric}: ${row.value} ${row.unit}`);
}
