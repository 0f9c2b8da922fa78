// One process for one clock jump with or without a webhook destination (test/bench/emulator-clock.mjs):
// an emulator holding `count` monthly subscriptions renewing on every day of January 2026, its clock
// moved one month in one POST /__emulator/clock (one renewal each, and each renewal's events), with
// `--forward-to` a receiver on 127.0.0.1 (every event, answered 200 at once) or none. Prints
// {ms, cpuMs, notifications, deliveredAtAnswer, drainMs, delivered, heapMb} as JSON: the jump's own
// time, how many notifications it made, how many had arrived when its answer came (the API does not
// wait for delivery: fewer than made), and the time to deliver the rest. Arguments: the number of
// subscriptions, and `hooks` for the destination.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { monthlySection } from './monthly-account.mjs';

const count = Number(process.argv[2] ?? 10_000);
const hooks = process.argv[3] === 'hooks';
const { startEmulator } = await import(new URL('../../../dist/emulator/index.js', import.meta.url).href);

let delivered = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    delivered += 1;
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const section = monthlySection(count);

const emulator = await startEmulator({
  demo: false,
  seed: { sandbox: section },
  now: () => new Date('2025-12-31T12:00:00Z'),
  ...(hooks ? { forwardTo: `http://127.0.0.1:${receiver.address().port}/hooks` } : {}),
});
const headers = { authorization: `Bearer ${emulator.apiKey}` };
const started = performance.now();
const cpu = process.cpuUsage();
const response = await fetch(`${emulator.url}/__emulator/clock`, {
  method: 'POST',
  body: JSON.stringify({ now: '2026-02-01T00:00:00Z' }),
});
await response.arrayBuffer();
const ms = performance.now() - started;
const deliveredAtAnswer = delivered;
const { user, system } = process.cpuUsage(cpu);
if (response.status !== 200) throw new Error(`the clock move answered ${response.status}`);
const draining = performance.now();
await emulator.notificationsSettled();
const drainMs = performance.now() - draining;
const page = await (await fetch(`${emulator.url}/notifications?per_page=1`, { headers })).json();
const notifications = page.meta.pagination.estimated_total;
if (hooks && deliveredAtAnswer >= notifications)
  throw new Error(`all ${notifications} notifications were delivered before the clock move answered`);
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
await emulator.close();
receiver.close();
process.stdout.write(
  `${JSON.stringify({ ms, cpuMs: (user + system) / 1000, notifications, deliveredAtAnswer, drainMs, delivered, heapMb })}\n`,
);
