import { RUN_MODEL } from '../src/checks/model.ts';
import { useTarget, verdictTest } from '../src/language/check-test.ts';
import { checkModel } from '../src/language/model-run.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run, before the others). */
export default function modelSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // Early, before the names and the seed pets: on a store that lists in creation order, its
  // pets then lead the first page, so a list taken while they are created can show them.
  verdictTest(target, RUN_MODEL, (api, requestsSent) => checkModel(api, target.ctx, requestsSent), {
    early: true,
  });
}
