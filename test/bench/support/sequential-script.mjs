// The baseline (seed: "a script using the Node client library"): create each product, then each
// of its prices, then each discount (restrict_to keys → the ids it just made), one call at a time,
// with the SDK. The one courtesy it has: on a 429 it waits Retry-After (Paddle's lockout is 60 s)
// and tries the same call again; without that it would simply crash at the limit.
// Usage: PADDLE_API_URL=… PADDLE_API_KEY=… node sequential-script.mjs catalog.json
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Paddle } from '@paddle/paddle-node-sdk';

const LOCKOUT_S = 60;

const catalog = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const paddle = new Paddle(process.env.PADDLE_API_KEY, { environment: process.env.PADDLE_API_URL });

async function call(fn) {
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (error?.code !== 'too_many_requests') throw error;
      await sleep((error.retryAfter ?? LOCKOUT_S) * 1000);
    }
  }
}

// catalog key (`pro`, `pro/monthly`) → the id just created, for the discounts' restrict_to
const ids = new Map();

for (const [key, product] of Object.entries(catalog.products)) {
  const created = await call(() =>
    paddle.products.create({ name: product.name, taxCategory: product.tax_category }),
  );
  ids.set(key, created.id);
  for (const [priceKey, price] of Object.entries(product.prices)) {
    const createdPrice = await call(() =>
      paddle.prices.create({
        productId: created.id,
        description: price.description,
        unitPrice: { amount: price.unit_price.amount, currencyCode: price.unit_price.currency_code },
        billingCycle: price.billing_cycle ?? null,
        trialPeriod: price.trial_period ?? null,
      }),
    );
    ids.set(`${key}/${priceKey}`, createdPrice.id);
  }
}

for (const discount of Object.values(catalog.discounts ?? {})) {
  await call(() =>
    paddle.discounts.create({
      description: discount.description,
      type: discount.type,
      amount: discount.amount,
      currencyCode: discount.currency_code ?? null,
      enabledForCheckout: discount.enabled_for_checkout ?? true,
      restrictTo: discount.restrict_to?.map((key) => ids.get(key)) ?? null,
    }),
  );
}
