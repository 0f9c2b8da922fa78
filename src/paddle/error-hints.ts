// What to do about an API error: the one place that knows.
import type { RemoteErrorDetails } from '../errors.js';
import { REQUESTS_PER_MINUTE } from '../paddle-facts/api.js';
import { API_KEY_PREFIX } from '../paddle-facts/environments.js';
import { NETWORK_ERROR } from './remote-error.js';

/** Where to get a working key; `permission` when the failed call tells which one it needs. */
const keyHelp = (permission: string | undefined) =>
  'Create or regenerate the key in the Paddle dashboard under Developer tools → Authentication → API keys' +
  `${permission ? `, with ${permission},` : ''} for the same environment (sandbox keys start ${API_KEY_PREFIX.sandbox}, live keys ${API_KEY_PREFIX.production}).`;

// Paddle: "Write permission automatically includes read" (api-reference/about/permissions)
const named = (permission: string) =>
  permission.endsWith('.read')
    ? `${permission} (or ${permission.replace(/\.read$/, '.write')}, which includes it)`
    : permission;

const KEYS_TABLE = 'docs/keys.md lists the permissions each command needs.';

/**
 * A 403's hint: the permissions Paddle's API reference lists for the refused call (raw-api.ts sets
 * them from src/paddle-facts/permissions.ts), or that it lists none, never a guess.
 */
function forbiddenHint(permissions: readonly string[] | undefined): string {
  if (!permissions || permissions.length === 0)
    return `The API key may not make this call; Paddle's API reference lists no permission for it. ${KEYS_TABLE} ${keyHelp(undefined)}`;
  const list = permissions.map(named).join(' and ');
  return `The API key lacks a permission: this call needs ${list}, as Paddle's API reference lists for it. ${KEYS_TABLE} ${keyHelp(permissions.join(' and '))}`;
}

// Nothing listens at the address: for a new user, most often the emulator is not started yet or
// PADDLE_API_URL names another port than the one it printed.
const CONNECTION_REFUSED_HINT =
  'Nothing answered at that address. Using the local emulator? Start it (paddle-catalog emulator) and set ' +
  'PADDLE_API_URL to the URL it prints (http://127.0.0.1:<port>), or add --local to use the built-in one; ' +
  "without PADDLE_API_URL the tool calls Paddle's API: check the network.";

const CARDLESS_HINT =
  'Cardless trials (requires_payment_method: false) are in early access: ask Paddle to enable them, ' +
  'then set environments.<env>.cardless_trials: true in the catalog (the local emulator: start it with --cardless-trials).';

const TAX_CATEGORY_HINT =
  'This tax category needs approval: request it in the live account settings (Paddle > Business account > ' +
  'Tax categories). saas and standard need no approval (the local emulator: --approve-tax-categories).';

/**
 * Hints for a refused price or product, matched on the code and on the fields the error names:
 * the same refusal arrives as the service's bad_request with field errors or as Paddle's own code.
 */
function hintForRefusedField(details: RemoteErrorDetails): string | undefined {
  const fields = new Set((details.errors ?? []).map((e) => e.field));
  switch (details.code) {
    case 'trial_is_either_paid_or_cardless':
      return 'A trial is either paid (trial_period.unit_price) or cardless (requires_payment_method: false), never both: keep one.';
    case 'trial_currency_mismatch':
      return "A paid trial is charged in its price's currencies: trial_period.unit_price in the price's currency, and one trial override for each price override, with the same countries and currency.";
    case 'price_trial_period_requires_billing_cycle':
      return 'A trial needs a recurring price: give the price a billing_cycle, or remove the trial.';
    case 'product_tax_category_not_approved':
      return TAX_CATEGORY_HINT;
  }
  if (fields.has('trial_period.requires_payment_method') || /cardless/i.test(details.code))
    return CARDLESS_HINT;
  return undefined;
}

export function hintForRemoteError(details: RemoteErrorDetails): string | undefined {
  switch (details.code) {
    case 'forbidden':
    case 'unauthorized':
      return forbiddenHint(details.permissions);
    case 'invalid_token':
    case 'authentication_malformed':
    case 'authentication_missing':
      return `The API key was not accepted: it is revoked, mistyped, or for the other environment. ${keyHelp(details.permissions?.join(' and '))}`;
    case 'too_many_requests':
      return `Paddle allows ${REQUESTS_PER_MINUTE} requests a minute per IP; wait and run again (a re-run picks up where this stopped).`;
    case 'discount_code_conflict':
      return 'Discount codes are unique in the account, ignoring case, archived discounts included: give this discount another code, or take over the one named with --adopt.';
    case 'discount_restricted_product_not_active':
    case 'discount_restricted_product_price_not_active':
      return 'restrict_to names only active products and prices of this account: remove the one named, or make it active again.';
    case 'discount_usage_limit_less_than_times_used':
      return "A discount's usage_limit cannot go below the times it was already used (times_used): raise usage_limit to at least that.";
    case NETWORK_ERROR:
      return /ECONNREFUSED/.test(details.detail) ? CONNECTION_REFUSED_HINT : undefined;
    default:
      return hintForRefusedField(details);
  }
}
