// The tests `npm run mutation` runs under each mutant: the table tests of the modules where money
// is decided (stryker.config.json names those modules), not the whole suite. These tests are pure:
// no emulator, no dist/ (so no build first). Written out, not merged: a merge adds to `include`.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: [
      'test/moves/predict.test.ts',
      'test/moves/first-bill.test.ts',
      'test/moves/one-date.test.ts',
      'test/review/next-bills.test.ts',
      'test/review/next-bills-targets.test.ts',
      'test/review/samples.test.ts',
      'test/notices/rows.test.ts',
    ],
    globalSetup: ['test/setup/temp-root.ts'],
    reporters: ['default'],
  },
});
