// A first-in first-out queue whose take is O(1): a destination's lane holds every delivery of a clock
// move (70,000 for 10,000 renewals), so may the notifications done waiting to be let go of (kept.ts),
// and Array.shift on an array that large copies the rest each time.
export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** Those not taken yet, oldest first. */
  values(): readonly T[] {
    return this.items.slice(this.head);
  }

  /** The oldest, taken out; undefined when empty. */
  take(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head] as T;
    this.head += 1;
    // let go of what was taken once it is most of the array
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
