// Benchmark: how fast the emulator delivers notifications to a receiver on this machine, and what a
// destination costs the API. N products are created through the API (each a product.created event)
// with a url destination on 127.0.0.1 that holds its first answer until the writes are done (so the
// queue fills), then answers 200 at once: the time to drain the queue gives the delivery rate; the
// same writes without a destination give the API's own time. Deliveries go one at a time per
// destination (in the events' order), so the rate is one destination's.
// Standalone: `node test/bench/webhooks.mjs [--quick]`; test/bench/run.mjs imports run().
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const DIST = new URL('../../dist/emulator/index.js', import.meta.url);

async function receiver() {
  let count = 0;
  let open = () => {};
  const opened = new Promise((resolve) => (open = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      await opened;
      count += 1;
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, count: () => count, server, open };
}

async function post(emulator, path, body) {
  const response = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function writes(count, withDestination) {
  const { startEmulator } = await import(DIST.href);
  const emulator = await startEmulator({ demo: false });
  const app = await receiver();
  try {
    if (withDestination) {
      await post(emulator, '/notification-settings', {
        description: 'bench',
        type: 'url',
        destination: app.url,
        subscribed_events: ['product.created'],
      });
    }
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await post(emulator, '/products', { name: `Product ${i}`, tax_category: 'standard' });
    }
    const apiMs = performance.now() - started;
    const draining = performance.now();
    app.open();
    await emulator.notificationsSettled();
    const deliveredMs = performance.now() - draining;
    return { apiMs, deliveredMs, delivered: app.count() };
  } finally {
    await emulator.close();
    app.server.close();
  }
}

export async function run({ quick = false } = {}) {
  const count = quick ? 200 : 2_000;
  const scenario = `webhooks: ${count.toLocaleString('en')} product creates`;
  const bare = await writes(count, false);
  const sent = await writes(count, true);
  if (sent.delivered !== count) throw new Error(`delivered ${sent.delivered} of ${count}`);
  return [
    { scenario, metric: 'writes, no destination', value: Math.round(bare.apiMs), unit: 'ms' },
    { scenario, metric: 'writes, one destination', value: Math.round(sent.apiMs), unit: 'ms' },
    { scenario, metric: 'queue drained in', value: Math.round(sent.deliveredMs), unit: 'ms' },
    {
      scenario,
      metric: 'delivered per second',
      value: Math.round((count * 1000) / sent.deliveredMs),
      unit: 'notifications/s',
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick }))
    console.log(`${row.scenario}  ${row.metric}: ${row.value} ${row.unit}`);
}
