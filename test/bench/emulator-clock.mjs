// Benchmark: one move of the emulator's clock over many subscriptions. 10,000 monthly
// subscriptions (renewing on every day of the month, the 29th–31st among them) through a year in
// one POST /__emulator/clock: 120,000 renewals, each a transaction. The move steps through them
// from a queue of one entry per subscription, so what it holds is the transactions it makes. The
// lifecycle mix adds trials ending, dunning ending, scheduled cancels, pauses and resumes. A month's
// move with and without a webhook destination for every event gives what delivery costs the move
// (the move answers before its notifications are delivered: clock-jump-webhooks.mjs checks it).
// Each size runs in a child process of its own, whose peak resident memory is read.
// Standalone: `node test/bench/emulator-clock.mjs [--quick]`; test/bench/run.mjs imports run().
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PEAK_RSS, timed } from './support/child.mjs';

const SCRIPT = fileURLToPath(new URL('./support/clock-move.mjs', import.meta.url));
const HOOKS_SCRIPT = fileURLToPath(new URL('./support/clock-jump-webhooks.mjs', import.meta.url));

export async function run({ quick = false } = {}) {
  const rows = [];
  const sizes = quick ? [1_000] : [1_000, 10_000];
  for (const [count, mix] of [...sizes.map((n) => [n, false]), ...sizes.map((n) => [n, true])]) {
    const args = ['--import', PEAK_RSS, SCRIPT, String(count), ...(mix ? ['mix'] : [])];
    const result = await timed(process.execPath, args);
    if (result.code !== 0) throw new Error(`clock move of ${count}: ${result.stderr}`);
    const { ms, cpuMs, renewals, steps, heapMb } = JSON.parse(result.stdout);
    const kind = mix ? 'subscriptions in the lifecycle mix' : 'monthly subscriptions';
    const scenario = `emulator clock: ${count.toLocaleString('en')} ${kind}, a year in one move`;
    rows.push(
      mix
        ? { scenario, metric: 'steps', value: steps, unit: 'steps' }
        : { scenario, metric: 'renewals', value: renewals, unit: 'transactions' },
      { scenario, metric: 'move', value: ms, unit: 'ms' },
      { scenario, metric: 'move, CPU', value: cpuMs, unit: 'ms' },
      { scenario, metric: 'heap after', value: heapMb, unit: 'MB' },
      { scenario, metric: 'peak RSS', value: result.maxRssMb, unit: 'MB' },
    );
  }
  for (const count of sizes) rows.push(...(await monthWithAndWithoutDestination(count)));
  return rows;
}

/** A month's jump over `count` subscriptions with no destination, then with one taking every event. */
async function monthWithAndWithoutDestination(count) {
  const rows = [];
  const scenario = `emulator clock: ${count.toLocaleString('en')} monthly subscriptions, a month in one move`;
  for (const hooks of [false, true]) {
    const args = ['--import', PEAK_RSS, HOOKS_SCRIPT, String(count), ...(hooks ? ['hooks'] : [])];
    const result = await timed(process.execPath, args);
    if (result.code !== 0) throw new Error(`clock jump of ${count}: ${result.stderr}`);
    const { ms, cpuMs, notifications, deliveredAtAnswer, drainMs } = JSON.parse(result.stdout);
    const where = hooks ? 'with a destination for every event' : 'no destination';
    // the CPU time: on a shared machine the wall time is mostly other processes'
    rows.push(
      { scenario, metric: `move, ${where}`, value: Math.round(ms), unit: 'ms' },
      { scenario, metric: `move, CPU, ${where}`, value: Math.round(cpuMs), unit: 'ms' },
      { scenario, metric: `peak RSS, ${where}`, value: result.maxRssMb, unit: 'MB' },
    );
    if (hooks)
      rows.push(
        { scenario, metric: 'notifications made', value: notifications, unit: 'notifications' },
        {
          scenario,
          metric: 'delivered when the move answered',
          value: deliveredAtAnswer,
          unit: 'notifications',
        },
        { scenario, metric: 'the rest delivered in', value: Math.round(drainMs), unit: 'ms' },
      );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick }))
    console.log(`${row.scenario}  ${row.metric}: ${row.value} ${row.unit}`);
}
