// The mirror of customers: customer id and e-mail, filled from
// customer.created events. This in-memory one is for apps and tests; an app with a database
// implements CustomerMirror over its own table the same way.
import type { CustomerMirror } from './ports.js';

/** Checks a webhook body against its `Paddle-Signature` header (src/paddle: the SDK's helper). */
export type SignatureCheck = (rawBody: string, signature: string) => Promise<boolean>;

export type DeliveryOutcome = 'recorded' | 'ignored' | 'rejected';

interface CustomerCreatedPayload {
  event_type: 'customer.created';
  data: { id: string; email: string };
}

function isCustomerCreated(event: unknown): event is CustomerCreatedPayload {
  if (typeof event !== 'object' || event === null) return false;
  const { event_type: type, data } = event as {
    event_type?: unknown;
    data?: { id?: unknown; email?: unknown };
  };
  return type === 'customer.created' && typeof data?.id === 'string' && typeof data.email === 'string';
}

export class InMemoryCustomerMirror implements CustomerMirror {
  private readonly idByEmail = new Map<string, string>();

  /** With `verify`, every delivery must carry a valid signature; without it, payloads are trusted. */
  constructor(private readonly verify?: SignatureCheck) {}

  async findCustomerIdByEmail(email: string): Promise<string | null> {
    return this.idByEmail.get(email) ?? null;
  }

  /** Records a parsed customer.created payload; any other event is ignored. */
  record(event: unknown): DeliveryOutcome {
    if (!isCustomerCreated(event)) return 'ignored';
    this.idByEmail.set(event.data.email, event.data.id);
    return 'recorded';
  }

  /** A webhook delivery as received: the raw body (unparsed: the signature covers its bytes). */
  async receive(rawBody: string, signature?: string): Promise<DeliveryOutcome> {
    if (this.verify && !(signature && (await this.verify(rawBody, signature).catch(() => false)))) {
      return 'rejected';
    }
    let event: unknown;
    try {
      event = JSON.parse(rawBody);
    } catch {
      return 'rejected';
    }
    return this.record(event);
  }
}
