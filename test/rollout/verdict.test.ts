// How a scheduled run stands, as a table: done, in progress (waits for a date or a payment), or what
// needs a person (a subscription the mode will not move, Paddle's error, a key with twins, one past
// due longer than --fail-after); and rollout's exit code for each, with and without --detailed-exitcode.
import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/apply/use-case.js';
import { RemoteError } from '../../src/errors.js';
import type { LeftSubscription } from '../../src/moves/compile.js';
import { rolloutVerdict } from '../../src/rollout/verdict.js';
import { rolloutExitCode } from '../../src/views/exit-codes.js';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const record = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  status: 'active',
  currency_code: 'USD',
  items: [],
  scheduled_change: null,
  next_billed_at: null,
  ...fields,
});
const left = (
  id: string,
  code: string,
  later: boolean | undefined,
  fields: Record<string, unknown> = {},
  reason = `the reason for ${code}`,
) => ({ subscription: record(id, fields), code, reason, later }) as unknown as LeftSubscription;
const result = (outcome: Record<string, unknown>) =>
  ({
    outcome: {
      execution: { operations: [], operationResults: [], steps: [], moves: [] },
      verified: false,
      left: [],
      ...outcome,
    },
  }) as unknown as ApplyResult;
const pastDue = (since: string) =>
  left('sub_3', 'subscription_update_when_past_due', true, { status: 'past_due', period_starts_at: since });

describe('where a rollout stands after a run', () => {
  it.each([
    ['verified: done', result({ verified: true }), 'done', [], [0, 0]],
    [
      'one waits for bills_from: in progress',
      result({ left: [left('sub_1', 'bills_from_not_reached', true)] }),
      'in-progress',
      [],
      [0, 2],
    ],
    [
      'past due 10 days, under --fail-after 30: in progress',
      result({ left: [pastDue('2026-02-19T00:00:00Z')] }),
      'in-progress',
      [],
      [0, 2],
    ],
    [
      'past due 40 days: needs a person',
      result({ left: [pastDue('2026-01-20T00:00:00Z')] }),
      'needs-attention',
      ['sub_3 has waited for payment since 2026-01-20, more than --fail-after 30 days'],
      [1, 1],
    ],
    [
      'a paused one the mode will not move',
      result({
        left: [
          left(
            'sub_2',
            'subscription_update_error_when_paused',
            false,
            {},
            'will not move with this mode (do_not_bill): paused',
          ),
        ],
      }),
      'needs-attention',
      ['sub_2: will not move with this mode (do_not_bill): paused'],
      [1, 1],
    ],
    [
      'one whose items move to prices of different proration: the tool leaves it to the team, it does not wait',
      result({
        left: [
          left(
            'sub_4',
            'proration_differs',
            undefined,
            {},
            'its items move to a and b, which declare different proration; change it in Paddle',
          ),
        ],
      }),
      'needs-attention',
      ['sub_4: its items move to a and b, which declare different proration; change it in Paddle'],
      [1, 1],
    ],
    [
      'one that left the source price since it was read: nothing to move, nothing to wait for',
      result({ verified: true, left: [left('sub_5', 'changed_since_read', false)] }),
      'done',
      [],
      [0, 0],
    ],
  ])('%s', (_title, applied, state, needs, [plain, detailed]) => {
    const verdict = rolloutVerdict(applied, NOW, 30);
    expect(verdict.state).toBe(state);
    expect(verdict.needs).toEqual(needs);
    expect(rolloutExitCode(verdict.state, false)).toBe(plain);
    expect(rolloutExitCode(verdict.state, true)).toBe(detailed);
  });

  it("Paddle's error needs a person, named with its code", () => {
    const error = new RemoteError({
      code: 'forbidden',
      detail: 'this call needs subscription.write',
      operation: 'x',
    });
    const verdict = rolloutVerdict(
      result({ execution: { error, operations: [], operationResults: [], steps: [] } }),
      NOW,
      30,
    );
    expect(verdict.state).toBe('needs-attention');
    expect(verdict.needs).toEqual(["Paddle's error: forbidden: this call needs subscription.write"]);
  });

  it('a past-due one says since when, whatever --fail-after', () => {
    expect(rolloutVerdict(result({ left: [pastDue('2026-02-19T00:00:00Z')] }), NOW, 30).pastDue).toEqual([
      { id: 'sub_3', since: '2026-02-19T00:00:00Z' },
    ]);
  });
});
