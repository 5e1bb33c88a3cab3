import { defineConfig } from 'vitest/config';

// The harness's own tests. The conformance suites in suites/ are run by the CLI, not by this config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/plain-summary.ts'],
  },
});
