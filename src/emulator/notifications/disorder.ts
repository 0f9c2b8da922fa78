// Deliveries twice and out of order, on request, so an app's idempotency can be tested before Paddle
// tests it: Paddle delivers at least once ("the same event can arrive more than once") and "webhooks
// can be delivered out of sequence" (https://developer.paddle.com/webhooks/about/how-webhooks-work).
// The emulator delivers in order and once unless an account's `webhook_delivery` setting (seed, or
// POST /__emulator/webhook-delivery) says otherwise. The order is a seeded shuffle, never the
// machine's chance: the same seed and the same requests give the same deliveries, so a test can
// assert them.
import { z } from 'zod';
import { seededRandom } from '../ids.js';

export interface WebhookDisorder {
  /** each notification is delivered twice (the same notification_id and event_id, signed again) */
  duplicate: boolean;
  /** each destination's deliveries are shuffled in groups of this many (1: in order) */
  reorderWindow: number;
  /** the seed of the shuffle */
  randomSeed: number;
}

const IN_ORDER: WebhookDisorder = { duplicate: false, reorderWindow: 1, randomSeed: 1 };
const MAX_REORDER_WINDOW = 1_000;

/** The setting as a seed section and the admin route write it; anything else is refused. */
export const webhookDeliverySchema = z.strictObject({
  duplicate: z.boolean().optional().describe('deliver each notification twice (default false)'),
  reorder_window: z
    .int()
    .min(1)
    .max(MAX_REORDER_WINDOW)
    .optional()
    .describe('shuffle each destination’s deliveries in groups of this many (default 1: in order)'),
  random_seed: z
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional()
    .describe('the seed of the shuffle (default 1): the same seed and requests, the same order'),
});
export type WebhookDeliveryWire = z.infer<typeof webhookDeliverySchema>;

export function disorderFromWire(wire: WebhookDeliveryWire | undefined): WebhookDisorder {
  return {
    duplicate: wire?.duplicate ?? IN_ORDER.duplicate,
    reorderWindow: wire?.reorder_window ?? IN_ORDER.reorderWindow,
    randomSeed: wire?.random_seed ?? IN_ORDER.randomSeed,
  };
}

export function disorderToWire(disorder: WebhookDisorder): Required<WebhookDeliveryWire> {
  return {
    duplicate: disorder.duplicate,
    reorder_window: disorder.reorderWindow,
    random_seed: disorder.randomSeed,
  };
}

/**
 * `items` in groups of `size`, each group shuffled (Fisher–Yates) by `random`; the last may be shorter.
 * @internal A table test of the groups and of each order a seed gives.
 */
export function shuffledInGroups<T>(items: readonly T[], size: number, random: () => number): T[] {
  if (size === 1) return [...items];
  const out: T[] = [];
  for (let start = 0; start < items.length; start += size) {
    const group = items.slice(start, start + size);
    for (let i = group.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j] as T, group[i] as T];
    }
    out.push(...group);
  }
  return out;
}

/**
 * Each destination's new deliveries, held until the burst that made them (one request, one clock
 * move) has ended, then released shuffled in groups: a group never waits for a later request.
 */
export class DisorderedLanes<T extends { account: string }> {
  private readonly held = new Map<string, T[]>();
  private readonly randoms = new Map<T['account'], () => number>();

  constructor(private readonly settingOf: (account: T['account']) => WebhookDisorder) {}

  /** The account's shuffle starts its sequence again (its setting changed). */
  restart(account: T['account']): void {
    this.randoms.delete(account);
  }

  /** A new delivery to the destination `lane`; twice when the account asks for duplicates. How many held. */
  hold(lane: string, item: T, copy: T): number {
    const items = this.settingOf(item.account).duplicate ? [item, copy] : [item];
    const list = this.held.get(lane);
    if (list) list.push(...items);
    else this.held.set(lane, items);
    return items.length;
  }

  /** Every held delivery, per destination, in the order it goes out. */
  release(): [string, T[]][] {
    const out: [string, T[]][] = [];
    for (const [lane, items] of this.held) {
      const account = (items[0] as T).account;
      out.push([lane, shuffledInGroups(items, this.settingOf(account).reorderWindow, this.random(account))]);
    }
    this.held.clear();
    return out;
  }

  private random(account: T['account']): () => number {
    let random = this.randoms.get(account);
    if (!random) {
      random = seededRandom(this.settingOf(account).randomSeed);
      this.randoms.set(account, random);
    }
    return random;
  }
}
