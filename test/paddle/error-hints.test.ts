// Hints for a refused price or product match on Paddle's own code alone (Paddle sends those with
// no errors[]); a cardless trial, whose code Paddle does not document, also on the field a
// bad_request names. The last test is the emulator workflow of docs/emulator.md with catalogs/global-pricing.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import type { RemoteErrorDetails } from '../../src/errors.js';
import { hintForRemoteError } from '../../src/paddle/error-hints.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const refused = (code: string, field?: string, detail = 'Invalid request.'): RemoteErrorDetails => ({
  status: 400,
  code,
  detail,
  errors: field ? [{ field, message: 'refused' }] : undefined,
  operation: 'create price analytics/monthly',
});

describe('error hints', () => {
  it.each([
    [
      'cardless trial: cardless as bad_request naming the field',
      refused('bad_request', 'trial_period.requires_payment_method'),
      /early access.*--cardless-trials/,
    ],
    [
      'cardless trial: cardless under a code of its own',
      refused('price_trial_period_cardless_not_enabled'),
      /early access/,
    ],
    [
      'trial-paid-and-cardless: paid and cardless (Paddle’s code)',
      refused('trial_is_either_paid_or_cardless'),
      /either paid .* or cardless/,
    ],
    [
      'trial-needs-billing-cycle: a trial on a one-time price',
      refused('price_trial_period_requires_billing_cycle'),
      /billing_cycle/,
    ],
    [
      'tax categories: a tax category that needs approval',
      refused('product_tax_category_not_approved', undefined, 'tax category not approved'),
      /needs approval.*--approve-tax-categories/,
    ],
  ])('%s', (_title, details, hint) => {
    expect(hintForRemoteError(details)).toMatch(hint);
  });

  it('a bad_request on another field gets no trial hint, whatever its detail says', () => {
    expect(hintForRemoteError(refused('bad_request', 'description', 'cardless'))).toBeUndefined();
  });
});

describe('permission hints: the permission a refused call needs', () => {
  const forbidden = (permissions?: string[]): RemoteErrorDetails => ({
    status: 403,
    code: 'forbidden',
    detail: "You aren't permitted to perform this request.",
    operation: 'create discount launch',
    permissions,
  });

  it('permissions: a 403 names each permission Paddle lists for the call, a read with the write that includes it, and docs/keys.md', () => {
    const hint = hintForRemoteError(forbidden(['product.read', 'price.read']));
    expect(hint).toContain(
      'this call needs product.read (or product.write, which includes it) and price.read (or price.write, which includes it)',
    );
    expect(hint).toContain('docs/keys.md');
    expect(hintForRemoteError(forbidden(['discount.write']))).toContain('with discount.write,');
  });

  it('permissions: a 403 for a call Paddle lists no permission for says so, naming none', () => {
    const hint = hintForRemoteError(forbidden([]));
    expect(hint).toContain("Paddle's API reference lists no permission for it");
    expect(hint).not.toMatch(/\.(read|write)/);
  });
});

describe('the emulator workflow with catalogs/global-pricing.yaml', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ demo: false });
  });
  afterAll(() => emulator.close());

  it('cardless trial: without --cardless-trials apply stops with the error and a hint naming the flag', async () => {
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const run = await runCliInProcess(['apply', 'catalogs/global-pricing.yaml', '--yes'], { env, cwd: ROOT });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('trial_period.requires_payment_method');
    expect(run.stderr).toContain('cardless trials are in early access, which this account does not have');
    expect(run.stderr).toContain(
      'Cardless trials (requires_payment_method: false) are in early access: ask Paddle',
    );
  });
});
