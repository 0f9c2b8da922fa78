// apply's progress while subscribers move: a line per hundred ended with what is left at Paddle's
// rate, a bar before it on a terminal, and a line for each subscription Paddle would not change.
import { describe, expect, it } from 'vitest';
import type { MoveResult } from '../../src/moves/send.js';
import { Reporter } from '../../src/terminal/reporter.js';
import { moveProgress } from '../../src/views/apply/progress.js';
import { captureReporter } from '../support/capture.js';

const result = (n: number, status: MoveResult['status'] = 'moved'): MoveResult => ({
  op: `move subscription sub_${n}`,
  subscription: `sub_${n}`,
  to: 'pro/monthly-2027',
  status,
  ...(status === 'left'
    ? { code: 'subscription_locked_renewal', reason: 'renews within 30 minutes', later: true }
    : {}),
});

function run(of: number, perMinute: number, statusOf: (n: number) => MoveResult['status'] = () => 'moved') {
  const { reporter, out } = captureReporter();
  const progress = moveProgress(reporter, perMinute);
  for (let n = 1; n <= of; n++) progress(result(n, statusOf(n)), { ended: n, of });
  return out.stderr.split('\n').filter(Boolean);
}

describe('the progress of subscriber moves', () => {
  it('a line per hundred ended and one at the end, with an estimate from the rate limit', () => {
    expect(run(250, 240)).toEqual([
      '  100 of 250 subscriptions done, 100 moved · about 1 min left at 240 requests a minute',
      '  200 of 250 subscriptions done, 200 moved · about 1 min left at 240 requests a minute',
      '  250 of 250 subscriptions done, 250 moved',
    ]);
  });

  it('the estimate is the remaining moves at the paced rate, and none when pacing is off', () => {
    expect(run(1_000, 240)[0]).toBe(
      '  100 of 1,000 subscriptions done, 100 moved · about 4 min left at 240 requests a minute',
    );
    expect(run(200, 0)[0]).toBe('  100 of 200 subscriptions done, 100 moved');
  });

  it('a subscription Paddle will not change now gets its own line, and is not counted as moved', () => {
    const lines = run(100, 240, (n) => (n === 7 ? 'left' : 'moved'));
    expect(lines).toEqual([
      '  ! sub_7 left on its price: subscription_locked_renewal: renews within 30 minutes; a later run moves it',
      '  100 of 100 subscriptions done, 99 moved',
    ]);
  });

  it('a subscription left without a code shows its reason alone, never an empty field', () => {
    const { reporter, out } = captureReporter();
    const progress = moveProgress(reporter, 240);
    const left: MoveResult = {
      op: 'move subscription sub_3',
      subscription: 'sub_3',
      to: 'pro/monthly-2027',
      status: 'left',
      reason: 'changed since it was read',
    };
    progress(left, { ended: 1, of: 2 });
    progress({ ...left, reason: undefined }, { ended: 2, of: 2 });
    expect(out.stderr.split('\n').filter((line) => line.includes('!'))).toEqual([
      '  ! sub_3 left on its price: changed since it was read',
      '  ! sub_3 left on its price: no reason given',
    ]);
  });

  it('on a terminal, a bar before each line', () => {
    let stderr = '';
    const write = (s: string) => {
      stderr += s;
      return true;
    };
    const io = {
      stdout: { write: () => true },
      stderr: { write, isTTY: true, columns: 80 },
      stdin: { isTTY: true },
      env: {},
      cwd: '/',
    };
    const reporter = new Reporter(io as never, { json: false, color: false });
    moveProgress(reporter, 240)(result(100), { ended: 100, of: 400 });
    expect(stderr).toBe(
      '  [█████░░░░░░░░░░░░░░░] 100 of 400 subscriptions done, 1 moved · about 2 min left at 240 requests a minute\n',
    );
  });

  it('--json: nothing on stderr', () => {
    const { reporter, out } = captureReporter(true);
    moveProgress(reporter, 240)(result(1), { ended: 1, of: 1 });
    expect(out.stderr).toBe('');
  });
});
