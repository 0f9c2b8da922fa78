// The local Paddle Billing API emulator (its contract: docs/emulator.md):
// a stateful node:http server on 127.0.0.1 that the real SDK cannot tell from the API. It holds
// two accounts, sandbox and live, each reached by keys of its kind.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyRing } from './auth.js';
import { EmulatorClock } from './clock.js';
import type { Account, EmulatorCore } from './core.js';
import { FaultInjector } from './faults.js';
import { IdFactory, seededRandom } from './ids.js';
import { type Forwarding, forwardTo } from './notifications/forward.js';
import { Outbox } from './notifications/outbox.js';
import { publishStep } from './notifications/step-notifications.js';
import { Renewals } from './renewal.js';
import { REQUEST_LOG_LIMITS, RequestLog } from './request-log.js';
import { accountSettings, buildAccountState, currencySettings, settingsToSeed, stateToSeed } from './seed.js';
import { resolvePending } from './seed-subscriptions.js';
import { requestHandler, type ServerParts } from './server.js';
import { type AccountState, cloneState } from './state.js';
import { readStateFile, STATE_FORMAT, writeStateFile } from './state-file.js';
import { lockStateFile, type StateLock } from './state-lock.js';
import { StepEvents } from './step-events.js';
import {
  ACCOUNTS,
  type AccountName,
  ALL_PERMISSIONS,
  type EmulatorFaults,
  type EmulatorOptions,
  type RecordedRequest,
  type RunningEmulator,
} from './types.js';

export type {
  AccountSeed,
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

interface Accounts {
  core: EmulatorCore;
  notifier: Outbox;
  forwarding: Forwarding | undefined;
  /** both accounts as they started, for reset() */
  seeded: Record<AccountName, AccountState>;
  keys: KeyRing;
  apiKey: string;
  liveApiKey: string;
  /** writes the state file (when there is one) */
  save(): void;
}

/** Both accounts and the keys: from saved state when the state file exists, else demo and seed data. */
function openAccounts(options: EmulatorOptions, now: () => Date): Accounts {
  // a fixed seed keeps the demo data's ids the same on every start
  const ids = new IdFactory(seededRandom(20240101));
  const saved = options.statePath ? readStateFile(options.statePath) : undefined;
  const seed = saved ?? options.seed;
  const currencies = currencySettings(seed);
  const seeded = {
    sandbox: buildAccountState(seed?.sandbox, ids, saved === undefined && (options.demo ?? true)),
    live: buildAccountState(seed?.live, ids, false),
  };
  const account = (name: AccountName): Account => ({
    name,
    state: cloneState(seeded[name]),
    settings: accountSettings(options, seed?.[name], currencies),
  });
  const parts = {
    baseUrl: '',
    accounts: { sandbox: account('sandbox'), live: account('live') },
    ids,
    now,
    events: new StepEvents(),
  };
  const notifier = new Outbox(
    parts,
    {
      machineNow: options.machineNow ?? Date.now,
      deadline: options.webhookDeadline ?? ((ms) => AbortSignal.timeout(ms)),
    },
    options.notificationsMaxWeight,
  );
  const core: EmulatorCore = Object.assign(parts, { notifier });
  // every step the clock takes becomes the events Paddle sends for it
  core.events.subscribe((step) => publishStep(notifier, core.accounts[step.account], step));
  notifier.restore(saved?.notification_queue ?? []);
  const forwarding = options.forwardTo === undefined ? undefined : forwardTo(parts, options.forwardTo);
  const keys = new KeyRing(ids);
  for (const seedKey of seed?.api_keys ?? []) keys.add(seedKey.key, seedKey.permissions);
  const mainKey = (saved: string | undefined, name: AccountName) => {
    if (saved === undefined) return keys.create([...ALL_PERMISSIONS], name, now().getTime());
    if (!keys.has(saved)) keys.add(saved, [...ALL_PERMISSIONS]);
    return saved;
  };
  const apiKey = mainKey(saved?.api_key, 'sandbox');
  const liveApiKey = mainKey(saved?.live_api_key, 'live');
  const statePath = options.statePath;
  const save = () => {
    if (statePath === undefined) return;
    const section = (name: AccountName) => ({
      ...settingsToSeed(core.accounts[name].settings),
      ...stateToSeed(core.accounts[name].state),
    });
    writeStateFile(
      statePath,
      {
        format: STATE_FORMAT,
        version: 1,
        api_key: apiKey,
        live_api_key: liveApiKey,
        api_keys: keys.list(),
        ...(seed?.currencies ? { currencies: seed.currencies } : {}),
        sandbox: section('sandbox'),
        live: section('live'),
      },
      notifier.queued(),
    );
  };
  notifier.onSettled = save;
  return { core, notifier, seeded, keys, apiKey, liveApiKey, save, forwarding };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const base = options.now ?? (() => new Date());
  const clock = new EmulatorClock(base);
  const now = () => clock.now();
  const lock = options.statePath === undefined ? undefined : lockStateFile(options.statePath);
  try {
    return await serve(options, { clock, base, now }, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** An HTTP server for the handler, listening; a failure to bind (port in use) rejects. */
async function listen(options: EmulatorOptions, handler: RequestListener): Promise<Server> {
  // Node's keep-alive of 5 s: fetch (undici) reuses a connection only when the server says it keeps
  // it open longer than 2 s; at 1 s every request opened a connection of its own
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

// closeAllConnections: idle keep-alive sockets would otherwise hold close() open until they time out
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** The emulator's clock, the base clock it runs on when not moved, and its reading. */
interface Clocks {
  clock: EmulatorClock;
  base: () => Date;
  now: () => Date;
}

async function serve(
  options: EmulatorOptions,
  { clock, base, now }: Clocks,
  lock: StateLock | undefined,
): Promise<RunningEmulator> {
  const { core, notifier, seeded, keys, apiKey, liveApiKey, save, forwarding } = openAccounts(options, now);
  save(); // the keys survive a kill even before the first change
  const faults = new FaultInjector(options.faults);
  const log = new RequestLog({ ...REQUEST_LOG_LIMITS, ...options.requestLogLimits });
  const renewals = new Renewals(now().getTime());
  const reset = () => {
    for (const name of ACCOUNTS) core.accounts[name].state = cloneState(seeded[name]);
    clock.set(null);
    renewals.restart(now().getTime());
    log.clear();
    faults.clearWindows();
    save();
  };
  const arrivals = new Set<(request: RecordedRequest) => void>();
  const parts: ServerParts = {
    core,
    clock,
    keys,
    faults,
    log,
    wait: options.wait ?? ((ms) => sleep(ms)),
    arrivals,
    changed: save,
    webhookDeliveryChanged: (name) => notifier.disorder.restart(name),
    catchUp: () => {
      let changes = renewals.catchUp(core);
      for (const name of ACCOUNTS) changes += resolvePending(core.accounts[name].state, core.ids, now());
      // a subscription that joined may already be due
      if (changes > 0) changes += renewals.catchUp(core);
      if (changes > 0) save();
      // a retry the clock passed is due now
      notifier.kick();
    },
    renewalsUpTo: (at, limit) => renewals.countUpTo(core, (at ?? base()).getTime(), limit),
    requests: () => log.list(),
    reset,
  };
  const server = await listen(options, requestHandler(core, parts));
  core.baseUrl = urlOf(server.address() as AddressInfo);
  lock?.setUrl(core.baseUrl);
  const addApiKey = (permissions: string[], environment: 'sandbox' | 'production' = 'sandbox') => {
    const key = keys.create(permissions, environment === 'production' ? 'live' : 'sandbox', now().getTime());
    save();
    return key;
  };
  return {
    url: core.baseUrl,
    apiKey,
    liveApiKey,
    ...(forwarding ? { forwarding } : {}),
    addApiKey,
    requests: parts.requests,
    onStep: (listener) => core.events.subscribe(listener),
    onRequest: (listener) => {
      arrivals.add(listener);
      return () => arrivals.delete(listener);
    },
    reset,
    notificationsSettled: () => notifier.settled(),
    setFaults: (next: EmulatorFaults) => faults.set(next),
    close: () => {
      notifier.close();
      return closeServer(server).finally(() => lock?.release());
    },
  };
}
