// A subscription a move left because its items changed after the run read them (our
// changed_since_read, not a Paddle code) is shown in every view of a move's outcome: the line per
// move (stdout, the job summary, a saved plan's apply with its reviewed counts), --json's
// `subscribers`, and the progress line on stderr.
import { describe, expect, it } from 'vitest';
import type { ApplyOutcome } from '../../src/apply/use-case.js';
import type { MoveOutcome } from '../../src/moves/outcomes.js';
import type { MoveResult } from '../../src/moves/send.js';
import { makeStyle } from '../../src/terminal/style.js';
import { moveOutcomeLines, moveOutcomesJson } from '../../src/views/apply/move-outcomes.js';
import { moveProgress } from '../../src/views/apply/progress.js';
import { applySummaryMarkdown } from '../../src/views/apply/step-summary.js';
import { subscribersDocument } from '../../src/views/apply/subscribers.js';
import { captureReporter } from '../support/capture.js';

const none = { active: 0, trialing: 0, past_due: 0, paused: 0 };
const outcome: MoveOutcome = {
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  found: { ...none, active: 5 },
  moved: 3,
  changed: 2,
  left: { ...none, active: 1 },
};
const changed: MoveResult = {
  op: 'move subscription sub_9',
  subscription: 'sub_9',
  to: 'pro/monthly-2027',
  status: 'left',
  code: 'changed_since_read',
  reason: 'changed since it was read',
  later: true,
};
const LINE =
  'subscribers pro/monthly → pro/monthly-2027: 3 subscriptions moved, 2 changed since read and not moved, 1 left';

describe('a subscription changed since the run read it', () => {
  it('the line per move says how many were left so (stdout, and a saved plan beside its reviewed counts)', () => {
    expect(moveOutcomeLines([outcome], undefined, makeStyle(false))).toEqual([LINE]);
    const reviewed = [{ from: 'pro/monthly', to: 'pro/monthly-2027', subscribers: { ...none, active: 4 } }];
    expect(moveOutcomeLines([outcome], reviewed as never, makeStyle(false))).toEqual([
      `${LINE} (reviewed with 4)`,
    ]);
  });

  it('the job summary has the same line', () => {
    const summary = applySummaryMarkdown({
      environment: 'sandbox',
      results: [],
      verified: false,
      failed: false,
      moves: [outcome],
    });
    expect(summary).toContain(LINE);
  });

  it('--json: `changed` per move, and the subscription under `left` with our code and words', () => {
    expect(moveOutcomesJson([outcome], undefined)).toEqual([outcome]);
    const applied = {
      execution: { moves: [changed] },
      left: [],
      moves: [outcome],
    } as unknown as ApplyOutcome;
    expect(subscribersDocument(applied).subscribers?.left).toEqual([
      {
        subscription: 'sub_9',
        to: 'pro/monthly-2027',
        code: 'changed_since_read',
        reason: 'changed since it was read',
      },
    ]);
  });

  it('stderr: a line for it as it ends, saying a later run moves it', () => {
    const { reporter, out } = captureReporter();
    moveProgress(reporter, 240)(changed, { ended: 1, of: 5 });
    expect(out.stderr).toContain(
      '! sub_9 left on its price: changed_since_read: changed since it was read; a later run moves it',
    );
  });
});
