/**
 * The test files `npm test` leaves to `.ci/run` (`npm run test:long`, right after it): each
 * repeats whole runs of the harness or waits out a target's timeouts (27 November: npm test took
 * 13.4 minutes with all of them, 8.1 with the first 18 left out). npm test keeps the CLI's exit
 * codes and messages (cli), the hostile targets and the key's leaks (hostile, key-leak), the
 * quick e2e files and every unit test. What they prove is still proven on every change CI judges; a developer runs one with
 * `npx vitest run --config vitest.long.config.ts test/e2e/NAME.test.ts`.
 */
export const LONG_TIER: readonly string[] = [
  'reproducible',
  'bounds',
  'hangs',
  'freedoms',
  'request-space',
  'hostile-output',
  'bench',
  'concurrency',
  'key-leak-escapes',
  'bodies',
  'equivalences',
  'stability',
  'preflight-answers',
  'over-time',
  'slow-target',
  'deep-json',
  'interrupt',
  'probe',
  'shard',
  'tls-options',
  'config-sources',
  'slow',
  'base-url',
  'short-key',
  'open-limits',
  'sunset',
  'http-musts',
  'broken-suites',
  'report-dir',
  'progress',
  'seeding',
  'headers',
]
  .map((name) => `test/e2e/${name}.test.ts`)
  // The GitHub Action's job, run in a shell as a workflow runs it.
  .concat('test/action/action.test.ts');
