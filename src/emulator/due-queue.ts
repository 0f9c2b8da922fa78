// The subscriptions waiting for the clock, soonest first: a binary heap, so a clock moved a year
// over 10,000 subscriptions holds one entry per subscription, never a list of every renewal.
import type { WireRecord } from './types.js';

export interface Due {
  subscription: WireRecord;
  /** when the clock passing it changes the subscription */
  atMs: number;
}

/** Sooner first; at the same time, by subscription id (ids sort in creation order). */
function before(a: Due, b: Due): boolean {
  return (
    a.atMs < b.atMs || (a.atMs === b.atMs && (a.subscription.id as string) < (b.subscription.id as string))
  );
}

export class DueQueue {
  private readonly heap: Due[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(due: Due): void {
    const heap = this.heap;
    heap.push(due);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!before(due, heap[parent] as Due)) break;
      heap[i] = heap[parent] as Due;
      i = parent;
    }
    heap[i] = due;
  }

  /** The soonest, taken out; undefined when none is left. */
  pop(): Due | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right] as Due, heap[left] as Due) ? right : left;
      if (!before(heap[child] as Due, last)) break;
      heap[i] = heap[child] as Due;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
