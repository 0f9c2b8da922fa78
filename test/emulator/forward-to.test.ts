// `paddle-catalog emulator --forward-to <url>`: every sandbox event goes to an app on this machine,
// signed with a secret the command prints, so an app's handler is tested with no tunnel. Another
// host is refused before the emulator starts: it sends only to this machine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/emulator/event-types.js';
import { startEmulator } from '../../src/emulator/index.js';
import { accountApi, call, productBody } from '../support/emulator.js';
import { FakeProcess, runCliInProcess } from '../support/run-cli-in-process.js';
import { sdkOf } from '../support/sdk.js';
import { startReceiver } from '../support/webhook-receiver.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

describe('emulator --forward-to', () => {
  it('makes a destination for every event and signs its deliveries with the secret it gives', async () => {
    const emulator = await startEmulator({ demo: false, forwardTo: receiver.url });
    try {
      const forwarding = emulator.forwarding;
      expect(forwarding?.secret).toMatch(/^pdl_ntfset_[a-zA-Z0-9]{26}_[a-zA-Z0-9]{32}$/);
      const [setting] = (await call(emulator, 'GET', '/notification-settings')).body.data;
      expect(setting.destination).toBe(receiver.url);
      expect(setting.subscribed_events.map((e: { name: string }) => e.name).sort()).toEqual([...EVENT_NAMES]);
      const product = await accountApi(emulator)('POST', '/products', productBody());
      const [delivery] = await receiver.received(1);
      const paddle = sdkOf(emulator);
      const event = await paddle.webhooks.unmarshal(
        delivery?.body ?? '',
        forwarding?.secret ?? '',
        delivery?.signature ?? '',
      );
      expect(event.eventType).toBe('product.created');
      expect(event.data).toMatchObject({ id: product.id });
    } finally {
      await emulator.close();
    }
  });

  it('the command prints the secret (in --json as webhookSecret)', async () => {
    const signals = new FakeProcess();
    const run = runCliInProcess(['emulator', '--port', '0', '--json', '--forward-to', receiver.url], {
      process: signals,
    });
    await Promise.race([signals.listening('SIGTERM', 2), run]);
    signals.send('SIGTERM');
    const result = await run;
    expect(result.code).toBe(0);
    const line = JSON.parse(result.stdout.trim());
    expect(line).toMatchObject({
      forwardTo: receiver.url,
      webhookSecret: expect.stringMatching(/^pdl_ntfset_/),
    });
  });

  it('refuses an address off this machine with exit 1, naming the flag', async () => {
    const result = await runCliInProcess([
      'emulator',
      '--port',
      '0',
      '--forward-to',
      'https://example.com/hooks',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '--forward-to "https://example.com/hooks" is not an address on this machine',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
