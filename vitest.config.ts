import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/network-guard.ts', 'test/setup/fuzz-seed.ts'],
    globalSetup: ['test/setup/build-once.ts', 'test/setup/temp-root.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Much of the suite waits (emulator latency, retry backoff, child processes): a worker per core
    // keeps every core busy. Vitest's default leaves one core free: on 2 cores, one file at a time.
    maxWorkers: availableParallelism(),
    // Files share their worker's module cache instead of importing src/, the SDK and zod again for
    // each of ~90 files (about 45 s of the 2-core machine's time). Safe because nothing here is
    // global: no module mocks, no env or global changes, CLI runs in-process get their own io
    // (test/support/run-cli-in-process.ts). A test that needs a fresh module graph does not belong.
    isolate: false,
    reporters: ['default', './test/setup/closing-line.ts'],
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
  },
});
