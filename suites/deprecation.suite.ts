import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import {
  DEPRECATION_HEADER,
  DEPRECATION_LINKS,
  DEPRECATION_ONLY_GETPET,
  SUNSET_COUNTDOWN,
  SUNSET_HEADER,
} from '../src/checks/deprecation.ts';
import { type Judgement, precondition } from '../src/checks/types.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function deprecationSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // Once getPet is removed, how it used to announce its removal no longer matters.
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };

  const fetched = [SUNSET_HEADER, DEPRECATION_HEADER, DEPRECATION_LINKS];
  const petToFetch = fixture(target, fetched, () => somePet(target));

  /** getPet's answer for an existing pet: the response whose headers announce the sunset. */
  async function fetchSomePet(api: PetstoreApi): Promise<Exchange | Judgement> {
    const pet = await petToFetch();
    return 'none' in pet ? precondition(pet.none) : api.getPet(pet.id);
  }

  for (const check of fetched) {
    verdictTest(
      target,
      check,
      async (api) => {
        const ex = await fetchSomePet(api);
        return 'verdict' in ex ? ex : check.judge(ex);
      },
      whileGetPetExists,
    );
  }

  checkTest(target, DEPRECATION_ONLY_GETPET, (api) =>
    Promise.all([
      api.listPets(),
      // The replacement the contract names: listPets with the status filter.
      api.listPets({ status: 'sold' }),
      // createPet is looked at only when the run may write.
      ...(target.ctx.writes
        ? [api.createPet(exampleNewPet(target.ctx.runId, 'not-deprecated'))]
        : []),
    ]),
  );

  checkTest(target, SUNSET_COUNTDOWN, async () => ({
    today: target.ctx.today,
    warnWithinDays: target.ctx.sunsetWarnDays,
  }));
}
