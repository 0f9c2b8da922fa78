// One process for one clock move (test/bench/emulator-clock.mjs): an emulator holding `count`
// monthly subscriptions, renewing on every day of January 2026 (the 29th–31st among them), its
// clock moved a year in one POST /__emulator/clock. Prints {ms, cpuMs, renewals, heapMb} as JSON
// (renewals: twelve a subscription, checked on the one that renews on the 31st); the
// parent reads its peak resident memory. Arguments: the number of subscriptions, and `mix` for the
// lifecycle mix: of every ten, one trialing (its trial ends in January), one past due (canceled
// when its dunning ends), one scheduled to cancel, one to pause and resume in June, six active;
// `steps` then counts every step the move took (the emulator's step hook).
import { performance } from 'node:perf_hooks';
import { pid } from '../../support/subscription-account.mjs';
import { monthlySection } from './monthly-account.mjs';

const count = Number(process.argv[2] ?? 10_000);
const mix = process.argv[3] === 'mix';
const { startEmulator } = await import(new URL('../../../dist/emulator/index.js', import.meta.url).href);

const section = monthlySection(count, (i) => ({
  items: [{ price_id: pid('pri', 1), quantity: 1 + (i % 5) }],
  ...(mix ? lifecycle(i) : {}),
}));

/** The lifecycle mix's state of subscription `i` (sub 30, active, is the one checked). */
function lifecycle(i) {
  const kind = i % 10;
  if (kind === 1) return { status: 'trialing' };
  if (kind === 2)
    return { status: 'past_due', started_at: '2025-12-20T09:00:00Z', next_billed_at: undefined };
  if (kind === 3) return { scheduled_change: { action: 'cancel' } };
  if (kind === 4) return { scheduled_change: { action: 'pause', resume_at: '2026-06-15T09:00:00Z' } };
  return {};
}

const clockMs = Date.parse('2025-12-31T12:00:00Z');
const emulator = await startEmulator({
  demo: false,
  seed: { sandbox: section },
  now: () => new Date(clockMs),
});
let steps = 0;
emulator.onStep(() => {
  steps += 1;
});
const started = performance.now();
const cpu = process.cpuUsage();
const response = await fetch(`${emulator.url}/__emulator/clock`, {
  method: 'POST',
  body: JSON.stringify({ now: '2026-12-31T12:00:00Z' }),
});
const ms = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
const cpuMs = (user + system) / 1000;
if (response.status !== 200)
  throw new Error(`the clock move answered ${response.status}: ${await response.text()}`);
// the subscription renewing on the 31st: twelve renewals, its next on 31 January 2027
const headers = { authorization: `Bearer ${emulator.apiKey}` };
const last = `${emulator.url}/transactions?subscription_id=${pid('sub', 30)}&per_page=200`;
const renewals = (await (await fetch(last, { headers })).json()).data.length * count;
const sub = await (await fetch(`${emulator.url}/subscriptions/${pid('sub', 30)}`, { headers })).json();
if (sub.data.next_billed_at !== '2027-01-31T09:00:00.000Z')
  throw new Error(`next ${sub.data.next_billed_at}`);
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
await emulator.close();
process.stdout.write(`${JSON.stringify({ ms, cpuMs, renewals, steps, heapMb })}\n`);
