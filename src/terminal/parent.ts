// The end of the process that started this one, for a command that runs until stopped (the
// emulator). npm (npx, npm exec, npm run) runs a command through a shell it starts for it,
// `sh -c '<command>'`, and passes SIGINT and SIGTERM on to that shell only; dash, the sh of Debian
// and Ubuntu, does not hand its process over to the command, and ends on SIGTERM without passing
// it on. So `npx paddle-catalog emulator & kill $!` ended npx and the shell and left the emulator
// running. A process is told nothing when its parent ends; it sees its parent's pid change (to
// init's, or a subreaper's), which is what is watched here.

/** How often the parent is looked at: the emulator stops within this long of npx ending. */
const PARENT_CHECK_MS = 500;

/** Calls `check` every `ms` until the returned function is called. */
type Every = (ms: number, check: () => void) => () => void;

/** A timer that does not keep the process alive by itself. */
const everyUnref: Every = (ms, check) => {
  const timer = setInterval(check, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Whether npm's script runner started this command: npx, npm exec and npm run all set npm_lifecycle_event. */
export function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return env.npm_lifecycle_event !== undefined;
}

/**
 * Calls `gone` once, when the parent `control` had at the call has ended; returns the function
 * that stops watching. `control` is this process, or a test's stand-in.
 */
export function onParentGone(
  control: { readonly ppid: number },
  gone: () => void,
  every: Every = everyUnref,
): () => void {
  const parent = control.ppid;
  let watching = true;
  const stop = every(PARENT_CHECK_MS, () => {
    if (!watching || control.ppid === parent) return;
    release();
    gone();
  });
  const release = () => {
    watching = false;
    stop();
  };
  return release;
}
