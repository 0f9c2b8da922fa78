import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/network-guard.ts', 'test/setup/fuzz-seed.ts'],
    globalSetup: ['test/setup/build-once.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default', './test/setup/closing-line.ts'],
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
  },
});
