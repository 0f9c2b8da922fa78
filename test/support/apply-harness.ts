// Apply against the emulator over real HTTP with the real SDK: the apply use-case as the CLI runs it
// (src/apply/use-case.ts), with settings (clock, pacing) a test can choose, and no prompt.
import { type ApplySettings, applyCatalog, DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import type { Catalog } from '../../src/catalog/schema.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { type CatalogGateway, createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import type { Plan } from '../../src/planner/types.js';

export interface RunOptions {
  prune?: boolean;
  dedupe?: boolean;
  apiKey?: string;
  settings?: Partial<ApplySettings>;
  /** wraps the gateway, e.g. to count calls in flight */
  gateway?: (inner: CatalogGateway) => CatalogGateway;
  /** the use-case's check of the plan it read (a saved plan's, as apply <plan-file> checks it) */
  check?: (plan: Plan) => void;
}

export function applyToEmulator(emulator: RunningEmulator, catalog: Catalog, options: RunOptions = {}) {
  const target = {
    environment: 'sandbox' as const,
    baseUrl: emulator.url,
    apiKey: options.apiKey ?? emulator.apiKey,
  };
  const inner = createCatalogGateway(target);
  return applyCatalog(
    {
      environment: 'sandbox',
      catalog,
      gateway: options.gateway ? options.gateway(inner) : inner,
      // --dedupe lists the subscribers of each price twin, as the CLI does
      subscriptions: paddleSubscriptionsGateway(target),
      options: { prune: options.prune, dedupe: options.dedupe },
      settings: { ...DEFAULT_APPLY_SETTINGS, ...options.settings },
    },
    { check: options.check },
  );
}

// shared with the emulator, it makes the emulator's 60 s lockout pass at once too
export { jumpingClock } from './jumping-clock.js';

/** Counts calls in flight through the gateway, to see the pool's bound. */
export function inFlightCounter() {
  let current = 0;
  const counter = { max: 0 };
  const wrap = (inner: CatalogGateway): CatalogGateway => {
    const track =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        current += 1;
        counter.max = Math.max(counter.max, current);
        try {
          return await fn(...args);
        } finally {
          current -= 1;
        }
      };
    return {
      snapshot: track(inner.snapshot),
      createProduct: track(inner.createProduct),
      updateProduct: track(inner.updateProduct),
      createPrice: track(inner.createPrice),
      updatePrice: track(inner.updatePrice),
      findProduct: track(inner.findProduct),
      findPrice: track(inner.findPrice),
      createDiscount: track(inner.createDiscount),
      updateDiscount: track(inner.updateDiscount),
      findDiscount: track(inner.findDiscount),
      findNotification: track(inner.findNotification),
      findDiscountGroup: track(inner.findDiscountGroup),
      notificationSecrets: track(inner.notificationSecrets),
      createNotification: track(inner.createNotification),
      updateNotification: track(inner.updateNotification),
      deleteNotification: track(inner.deleteNotification),
      createDiscountGroup: track(inner.createDiscountGroup),
      updateDiscountGroup: track(inner.updateDiscountGroup),
    };
  };
  return { counter, wrap };
}
