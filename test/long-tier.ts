/**
 * The test files `npm test` leaves to `.ci/run` (`npm run test:long`, right after it): each
 * repeats whole runs of the harness or waits out a target's timeouts, and together they took
 * two thirds of npm test's CPU on a 2-core machine (27 November: npm test 13.4 minutes with
 * them). What they prove is still proven on every change CI judges; a developer runs one with
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
].map((name) => `test/e2e/${name}.test.ts`);
