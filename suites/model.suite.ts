import { RUN_MODEL } from '../src/checks/model.ts';
import { RUN_400_NO_EFFECT, RUN_401_NO_EFFECT } from '../src/checks/refused-writes.ts';
import { fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { checkModel } from '../src/language/model-run.ts';
import { refusedFirst } from '../src/language/refused-first.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run, before the others). */
export default function modelSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // The very first writes: createPets the contract refuses, then a page (judged at the end of
  // the run by RUN-401-NO-EFFECT and RUN-400-NO-EFFECT): on a store that lists in creation
  // order, a refused pet stored anyway leads the page, before any pet the run creates.
  fixture(target, [RUN_401_NO_EFFECT, RUN_400_NO_EFFECT], () => refusedFirst(target));
  // Early, before the names and the seed pets: on a store that lists in creation order, its
  // pets then lead the first page, so a list taken while they are created can show them.
  verdictTest(target, RUN_MODEL, (api, requestsSent) => checkModel(api, target.ctx, requestsSent), {
    early: true,
  });
}
