import { startVitest } from 'vitest/node';
import { HarnessError } from '../errors.ts';
import { ResultCollector } from './collector.ts';
import type { HarnessContext } from './context.ts';
import { PACKAGE_ROOT } from './paths.ts';

/** Runs every suite in suites/ against the target and collects one result per check. */
export async function runSuites(
  harness: HarnessContext,
  print: (line: string) => void,
): Promise<ResultCollector> {
  const collector = new ResultCollector(print);
  // A test's own deadline: generous, since each request has its own and properties send many.
  const testTimeout = Math.max(60_000, harness.timeoutMs * 20);
  const vitest = await startVitest(
    'test',
    [],
    {
      root: PACKAGE_ROOT,
      config: false,
      watch: false,
      include: ['suites/**/*.suite.ts'],
      reporters: [collector],
      provide: { harness },
      testTimeout,
      hookTimeout: testTimeout,
      passWithNoTests: false,
    },
    { logLevel: 'silent', clearScreen: false },
  );
  if (!vitest) throw new HarnessError('VITEST', 'vitest could not start the suites');
  await vitest.close();
  // vitest marks failing runs for the process; the CLI decides the exit code itself.
  process.exitCode = undefined;
  return collector;
}
