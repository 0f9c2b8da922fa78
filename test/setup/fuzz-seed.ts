// Property tests run with a fixed seed in `npm test`, so CI is repeatable; explore with
// FUZZ_SEED=random (or a number) and FUZZ_RUNS=<n>. A failure prints its seed to replay.
import fc from 'fast-check';

const seed = process.env.FUZZ_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed ? Number(seed) : 20_261_122 });
