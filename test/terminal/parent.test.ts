// Watching the process that started this one (src/terminal/parent.ts): its end is seen as the
// parent's pid changing, once, and not after the watch is stopped. The checks are ticked by hand.
import { describe, expect, it } from 'vitest';
import { onParentGone, startedByNpm } from '../../src/terminal/parent.js';

/** A parent to end by hand and a timer to tick by hand. */
function watched() {
  const control = { ppid: 4242 };
  let check: (() => void) | undefined;
  let timers = 0;
  const every = (_ms: number, tick: () => void) => {
    check = tick;
    timers += 1;
    return () => {
      timers -= 1;
    };
  };
  return { control, every, tick: () => check?.(), running: () => timers };
}

describe('the process that started the command', () => {
  it('is seen gone once its pid is no longer the parent’s, and only once', () => {
    const { control, every, tick, running } = watched();
    let gone = 0;
    onParentGone(control, () => (gone += 1), every);
    tick();
    expect(gone).toBe(0);
    control.ppid = 1; // reparented to init: the parent ended
    tick();
    tick();
    expect(gone).toBe(1);
    expect(running()).toBe(0);
  });

  it('is no longer watched once the watch is stopped (the command stopped by a signal)', () => {
    const { control, every, tick, running } = watched();
    let gone = 0;
    const stop = onParentGone(control, () => (gone += 1), every);
    stop();
    control.ppid = 1;
    tick();
    expect(gone).toBe(0);
    expect(running()).toBe(0);
  });

  it.each([
    ['npx or npm exec', { npm_lifecycle_event: 'npx' }, true],
    ['npm run', { npm_lifecycle_event: 'emulator' }, true],
    ['a shell, a script or a service', {}, false],
  ])('started by %s: watched for its end, %s', (_, env, watchedByNpm) => {
    expect(startedByNpm(env)).toBe(watchedByNpm);
  });
});
