// The local Paddle Billing API emulator (design §5; contract in notes/emulator-api.md):
// a stateful node:http server on 127.0.0.1 that the real SDK cannot tell from the API.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeyRing } from './auth.js';
import type { EmulatorCore } from './core.js';
import { FaultInjector } from './faults.js';
import { IdFactory, seededRandom } from './ids.js';
import { accountSettings, buildAccount } from './seed.js';
import { requestHandler, type ServerParts } from './server.js';
import { cloneState } from './state.js';
import {
  ALL_PERMISSIONS,
  type EmulatorFaults,
  type EmulatorOptions,
  type RecordedRequest,
  type RunningEmulator,
} from './types.js';

export type {
  EmulatorFaults,
  EmulatorOptions,
  EmulatorSeed,
  RecordedRequest,
  RunningEmulator,
} from './types.js';
export { ALL_PERMISSIONS } from './types.js';

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const now = options.now ?? (() => new Date());
  // a fixed seed keeps the demo data's ids the same on every start
  const ids = new IdFactory(seededRandom(20240101));
  const seeded = buildAccount(options.seed, ids);
  const core: EmulatorCore = {
    baseUrl: '',
    state: cloneState(seeded),
    settings: accountSettings(options, options.seed),
    ids,
    now,
  };
  const keys = new KeyRing(ids);
  for (const seedKey of options.seed?.api_keys ?? []) keys.add(seedKey.key, seedKey.permissions);
  const faults = new FaultInjector(options.faults);
  const log: RecordedRequest[] = [];
  const reset = () => {
    core.state = cloneState(seeded);
    log.length = 0;
    faults.clearWindows();
  };
  const arrivals = new Set<(request: RecordedRequest) => void>();
  const parts: ServerParts = {
    core,
    keys,
    faults,
    log,
    arrivals,
    requests: () => log.map((r) => ({ ...r })),
    reset,
  };
  const server = createServer(requestHandler(core, parts));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  core.baseUrl = urlOf(server.address() as AddressInfo);
  const addApiKey = (permissions: string[], environment: 'sandbox' | 'production' = 'sandbox') =>
    keys.create(permissions, environment, now().getTime());
  return {
    url: core.baseUrl,
    apiKey: addApiKey([...ALL_PERMISSIONS]),
    addApiKey,
    requests: parts.requests,
    onRequest: (listener) => {
      arrivals.add(listener);
      return () => arrivals.delete(listener);
    },
    reset,
    setFaults: (next: EmulatorFaults) => faults.set(next),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
