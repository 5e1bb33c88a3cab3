import { precondition } from '../src/checks/types.ts';
import { SUNSET_GET_LIFECYCLE, VERSION_PREFIX_V1 } from '../src/checks/versioning.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function versioningSuite(run: SuiteRun): void {
  const target = useTarget(run);

  checkTest(target, VERSION_PREFIX_V1, async () => target.ctx.baseUrl);

  const petToFetch = fixture(target, [SUNSET_GET_LIFECYCLE], () => somePet(target));

  verdictTest(target, SUNSET_GET_LIFECYCLE, async (api) => {
    const pet = await petToFetch();
    if ('none' in pet) return precondition(pet.none);
    const { id } = pet;
    const created = target.run.pets.created.get(id);
    const origin = created
      ? `created at ${created.ex.startedAt} in this run`
      : 'listed by listPets at the start of the run';
    return SUNSET_GET_LIFECYCLE.judge({
      today: target.ctx.today,
      ex: await api.getPet(id),
      origin,
    });
  });
}
