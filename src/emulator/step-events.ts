// Each step a subscription takes as the emulator's clock runs (a renewal, a trial ending, a
// scheduled change taking effect, a payment failing or being made, dunning ending) goes out through
// one place, so that something can follow them later: webhook delivery subscribes here. Nothing
// here is sent anywhere or served; listeners that throw are the listener's bug, not the step's.
import type { StepListener, SubscriptionStep } from './types.js';

export type { StepListener, SubscriptionStep };

export class StepEvents {
  private readonly listeners = new Set<StepListener>();

  /** Calls `listener` for every step from now on; returns its unsubscribe. */
  subscribe(listener: StepListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(step: SubscriptionStep): void {
    for (const listener of this.listeners) listener(step);
  }
}
