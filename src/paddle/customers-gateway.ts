// Customers over the real SDK: the CLI's customer directory (the billing view's mirror,
// read straight from Paddle) and the SDK's webhook signature check for apps that fill their own
// mirror from customer.created webhooks).
import { NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk';
import type { SignatureCheck } from '../billing/customer-mirror.js';
import type { CustomerMirror } from '../billing/ports.js';
import { callPaddle, type PaddleClient } from './sdk.js';

/** Finds a customer by exact e-mail with the customers list's `email` filter: one request. */
export function paddleCustomerDirectory(paddle: Pick<PaddleClient, 'customers'>): CustomerMirror {
  return {
    async findCustomerIdByEmail(email) {
      return callPaddle('find customer by e-mail', async () => {
        const customers = await paddle.customers.list({ email: [email] }).next();
        // Checked again here: a server that ignored the filter must not hand us someone else's id.
        const wanted = email.toLowerCase();
        return customers.find((customer) => customer.email.toLowerCase() === wanted)?.id ?? null;
      });
    },
  };
}

/**
 * The SDK's webhook helper as a SignatureCheck for InMemoryCustomerMirror: HMAC over
 * `ts:body` with the notification destination's secret key, `Paddle-Signature: ts=…;h1=…`,
 * and deliveries older than a few seconds refused (the SDK's replay window).
 */
export function paddleSignatureCheck(secretKey: string): SignatureCheck {
  // The SDK finds its crypto through a runtime provider that `new Paddle()` normally sets up.
  NodeRuntime.initialize();
  const webhooks = new Webhooks();
  return (rawBody, signature) => webhooks.isSignatureValid(rawBody, secretKey, signature);
}
