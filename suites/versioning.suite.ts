import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { precondition } from '../src/checks/types.ts';
import { lookFurther, SUNSET_GET_LIFECYCLE, VERSION_PREFIX_V1 } from '../src/checks/versioning.ts';
import { LIMIT } from '../src/contract/contract.ts';
import { exactJson, exactPetId, integerText } from '../src/http/exact.ts';
import type { Exchange } from '../src/http/exchange.ts';
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
    const { today } = target.ctx;
    const ex = await api.getPet(id);
    if (!lookFurther(today, ex)) return SUNSET_GET_LIFECYCLE.judge({ today, ex, origin });
    // Another client may have deleted it: a page right after, and a second pet, tell. The
    // second is tried on up to SECOND_PETS pets, each read just then, until one answers 200:
    // another client would have to delete every one between its create and its read.
    const listedAfter = await api.listPets({ limit: LIMIT.max });
    const seconds: { id: string; ex: Exchange }[] = [];
    const tried = new Set([id]);
    while (seconds.length < SECOND_PETS && seconds.at(-1)?.ex.response?.status !== 200) {
      const secondId = target.ctx.writes
        ? exactPetId(await api.createPet(exampleNewPet(target.ctx.runId, 'lifecycle')))
        : otherListedId(listedAfter, tried);
      if (secondId === undefined) break;
      tried.add(secondId);
      seconds.push({ id: secondId, ex: await api.getPet(secondId) });
    }
    const second = seconds.at(-1);
    const more = seconds.length - 1;
    return SUNSET_GET_LIFECYCLE.judge({
      today,
      ex,
      origin,
      listedAfter,
      ...(second ? { second: { ...second, ...(more ? { after: more } : {}) } } : {}),
    });
  });
}

/** Pets tried as the second pet at most (see SUNSET-GET-LIFECYCLE). */
const SECOND_PETS = 3;

/** The id of a pet a page lists, other than those `tried`. */
function otherListedId(page: Exchange, tried: ReadonlySet<string>): string | undefined {
  const items = exactJson(page);
  if (!Array.isArray(items)) return undefined;
  return items
    .map((p) => integerText((p as { id?: unknown })?.id))
    .find((i) => i !== undefined && !tried.has(i));
}
