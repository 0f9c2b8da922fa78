// The emulator's clock: the injected one (the real time by default), moved by an offset that
// `POST /__emulator/clock` sets, so a test can let a discount expire without waiting for it.
export class EmulatorClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date) {}

  now(): Date {
    return new Date(this.base().getTime() + this.offsetMs);
  }

  /** From now on the clock reads `at` and runs on from there; null: back to the base clock. */
  set(at: Date | null): void {
    this.offsetMs = at === null ? 0 : at.getTime() - this.base().getTime();
  }
}
