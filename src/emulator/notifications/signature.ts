// How Paddle signs a webhook: the `Paddle-Signature` header `ts=<unix seconds>;h1=<hex>`, where h1 is
// the HMAC-SHA256 of `<ts>:<raw body>` keyed with the destination's endpoint_secret_key
// (https://developer.paddle.com/webhooks/signature-verification). `ts` is the machine's time of the
// attempt, not the emulator's clock: Paddle's SDKs refuse a signature more than 5 s older than their
// own clock (the Node SDK's WebhooksValidator.MAX_VALID_TIME_DIFFERENCE), so each attempt is signed anew.
import { createHmac } from 'node:crypto';

export function paddleSignature(secret: string, body: string, atMs: number): string {
  const ts = Math.floor(atMs / 1000);
  const h1 = createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex');
  return `ts=${ts};h1=${h1}`;
}
