import { defineConfig } from 'vitest/config';

// The harness's own tests. The conformance suites in suites/ are run by the CLI, not by this config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests run the compiled code (test/support/compiled.ts).
    globalSetup: ['./test/support/compiled.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/plain-summary.ts'],
    // The slow files (the fault matrix, the CLI runs) mostly wait on child processes: running
    // three at a time keeps both cores busy (one worker on 2 cores ran them one by one).
    maxWorkers: 3,
  },
});
