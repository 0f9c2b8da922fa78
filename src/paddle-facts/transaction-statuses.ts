// The statuses Paddle gives a transaction, in the order of its life (canceled and past_due aside).

export const TRANSACTION_STATUSES = [
  'draft',
  'ready',
  'billed',
  'paid',
  'completed',
  'canceled',
  'past_due',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
