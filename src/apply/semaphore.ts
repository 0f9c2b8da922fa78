/** At most `permits` holders at once; waiters are served first come, first served. */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];
  constructor(private permits: number) {}

  async acquire(): Promise<void> {
    if (this.permits > 0) {
      this.permits -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.permits += 1;
  }
}
