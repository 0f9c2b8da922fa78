// Fault injection for reliability tests and benchmarks: latency, 500s, dropped writes, and
// Paddle's rate limit (per client, 429 with an integer Retry-After, 60 s lockout).
import { internalError, tooManyRequests } from './api-error.js';
import { seededRandom } from './ids.js';
import { enumFilter } from './list.js';
import { DISCOUNT_STATUSES } from './rules/discount-status.js';
import type { EmulatorFaults } from './types.js';

const WINDOW_MS = 60_000;
const LOCKOUT_MS = 60_000;

interface ClientWindow {
  /** arrival times within the last minute */
  hits: number[];
  lockedUntilMs: number;
}

function checkFaults(faults: EmulatorFaults): void {
  const rate = (name: string, v: number | undefined) => {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0 && v <= 1))
      throw new RangeError(`${name} must be between 0 and 1`);
  };
  const count = (name: string, v: number | undefined) => {
    if (v !== undefined && !(Number.isInteger(v) && v >= 0))
      throw new RangeError(`${name} must be a whole number ≥ 0`);
  };
  rate('failRate', faults.failRate);
  rate('dropRate', faults.dropRate);
  count('latencyMs', faults.latencyMs);
  count('rateLimit', faults.rateLimit);
  if (faults.randomSeed !== undefined && !Number.isInteger(faults.randomSeed)) {
    throw new RangeError('randomSeed must be an integer');
  }
  const statuses = faults.discountListStatuses;
  if (
    statuses !== undefined &&
    (statuses.length === 0 || statuses.some((s) => !(DISCOUNT_STATUSES as readonly string[]).includes(s)))
  ) {
    throw new RangeError(`discountListStatuses must be some of ${DISCOUNT_STATUSES.join(', ')}`);
  }
}

export class FaultInjector {
  private faults: EmulatorFaults = {};
  private random: () => number = Math.random;
  private readonly clients = new Map<string, ClientWindow>();

  constructor(faults: EmulatorFaults = {}) {
    this.set(faults);
  }

  /** Replaces every knob; a new random seed restarts the sequence, and rate windows start afresh. */
  set(faults: EmulatorFaults): void {
    checkFaults(faults);
    this.faults = { ...faults };
    this.random = faults.randomSeed === undefined ? Math.random : seededRandom(faults.randomSeed);
    this.clients.clear();
  }

  get current(): EmulatorFaults {
    return { ...this.faults };
  }

  get latencyMs(): number {
    return this.faults.latencyMs ?? 0;
  }

  /** Counts the request against its client's minute; throws the 429 when over the limit or locked out. */
  admit(client: string, nowMs: number): void {
    const limit = this.faults.rateLimit ?? 0;
    if (limit <= 0) return;
    const window = this.clients.get(client) ?? { hits: [], lockedUntilMs: 0 };
    this.clients.set(client, window);
    if (nowMs < window.lockedUntilMs) throw tooManyRequests(Math.ceil((window.lockedUntilMs - nowMs) / 1000));
    window.hits = window.hits.filter((t) => t > nowMs - WINDOW_MS);
    if (window.hits.length >= limit) {
      window.lockedUntilMs = nowMs + LOCKOUT_MS;
      window.hits = [];
      throw tooManyRequests(LOCKOUT_MS / 1000);
    }
    window.hits.push(nowMs);
  }

  /** 500 internal_error before anything is done, at the configured rate. */
  maybeFail(): void {
    const rate = this.faults.failRate ?? 0;
    if (rate > 0 && this.random() < rate) throw internalError();
  }

  /** A discounts list asking for a status the knob leaves out: Paddle's invalid_field on the query. */
  refuseQuery(method: string, path: string, query: URLSearchParams): void {
    const allowed = this.faults.discountListStatuses;
    if (allowed && method === 'GET' && path === '/discounts') enumFilter(query, 'status', allowed);
  }

  /** Whether to drop this (committed) write's response. */
  shouldDrop(): boolean {
    const rate = this.faults.dropRate ?? 0;
    return rate > 0 && this.random() < rate;
  }

  clearWindows(): void {
    this.clients.clear();
  }
}
