// Whether the target is Paddle or the project's own emulator, as its answers say: the emulator names
// itself in a header of ours on every answer (EMULATOR_HEADER); Paddle sends none. A proxy in front
// of Paddle, or any other server, is Paddle as far as this goes: only a target that says so is the
// emulator. Used where the two differ for the user: a webhook destination on this machine, which
// the emulator delivers to and Paddle cannot reach.

export type TargetKind = 'paddle' | 'emulator';

/** The target's kind as its answers tell it: `hear` is given each answer's EMULATOR_HEADER. */
export interface HeardTargetKind {
  hear(header: string | null): void;
  /** undefined until an answer came; the emulator only while every answer named it */
  kind(): TargetKind | undefined;
}

export function targetKindHeard(): HeardTargetKind {
  let answers = 0;
  let named = 0;
  return {
    hear: (header) => {
      answers += 1;
      if (header !== null) named += 1;
    },
    kind: () => (answers === 0 ? undefined : named === answers ? 'emulator' : 'paddle'),
  };
}
