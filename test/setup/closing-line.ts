// Ends a run with the plain closing line CI reads: `Tests: N passed, N failed, N skipped`.
import type { Reporter, TestModule } from 'vitest/node';

export default class ClosingLine implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed' || state === 'skipped') count[state] += 1;
      }
    }
    process.stdout.write(
      `\nTests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`,
    );
  }
}
