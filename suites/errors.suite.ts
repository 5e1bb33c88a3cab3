import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { exampleNewPet, refusedNewPet } from '../src/arbitraries/pet-name.ts';
import {
  ERR_BODY_STATUS,
  JSON_CONTENT_TYPE,
  type LabelledExchange,
  type ProvokedError,
} from '../src/checks/errors.ts';
import { isThatPet } from '../src/checks/get-pet.ts';
import { exactJson, exactPetId, integerText } from '../src/http/exact.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { checkTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';
import { probeUnknownId } from '../src/language/unknown-id.ts';

/** The id of the first pet of a listPets answer, exactly as sent, or undefined. */
function firstPetId(page: Exchange): string | undefined {
  const items = exactJson(page);
  return Array.isArray(items) ? integerText((items[0] as { id?: unknown })?.id) : undefined;
}

/** Waits for requests sent together; the answers keep the list's order. */
const together = <T extends { ex: Promise<Exchange> }>(
  requests: T[],
): Promise<Array<Omit<T, 'ex'> & { ex: Exchange }>> =>
  Promise.all(requests.map(async (r) => ({ ...r, ex: await r.ex })));

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function errorsSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { writes, runId } = target.ctx;
  // After the sunset getPet answers 404 or 410 for everything; the Error body is still owed.
  const getPetError = () => (getPetRemoved(target.ctx) ? [404, 410] : [404]);

  // A read-only run provokes its errors with GETs alone; createPet's are added when it may write.
  checkTest(target, ERR_BODY_STATUS, async (api) => {
    const requests = [
      { expected: [401], label: 'listPets without key', ex: api.listPets(undefined, 'none') },
    ];
    if (writes) {
      requests.push(
        {
          expected: [401],
          label: 'createPet without key',
          ex: api.createPet(refusedNewPet(runId, 'err'), 'none'),
        },
        { expected: [400], label: 'createPet without name', ex: api.createPet({ categoryId: 1 }) },
      );
    }
    // A removed route may answer 404 or 410 before any key check: its auth is not probed then.
    if (!getPetRemoved(target.ctx)) {
      requests.push({ expected: [401], label: 'getPet without key', ex: api.getPet(1, 'none') });
    }
    // No id is assumed unknown: one getPet answered with that very pet is not asked about.
    const [answers, unknown] = await Promise.all([
      together(requests),
      probeUnknownId(api, UNKNOWN_IDS[0]),
    ]);
    const provoked: ProvokedError[] = answers;
    if (!isThatPet(unknown.ex, unknown.id)) {
      provoked.push({ expected: getPetError(), label: 'getPet of an unknown id', ex: unknown.ex });
    }
    return provoked;
  });

  // Each answer is labelled by the request that got it, not by the status it ought to have.
  checkTest(target, JSON_CONTENT_TYPE, async (api) => {
    const creation = writes ? api.createPet(exampleNewPet(runId, 'json')) : undefined;
    const listing = api.listPets();
    const requests: Array<Omit<LabelledExchange, 'ex'> & { ex: Promise<Exchange> }> = [
      { label: 'listPets', ex: listing },
      ...(creation ? [{ label: 'createPet', ex: creation }] : []),
      { label: 'listPets without key', expected: [401], ex: api.listPets(undefined, 'none') },
      ...(writes
        ? [
            {
              label: 'createPet without categoryId',
              expected: [400],
              ex: api.createPet({ name: 'x' }),
            },
          ]
        : []),
      // No id can be assumed unknown (a service may have assigned it): its 200 is not judged here.
      { label: 'getPet of an unknown id', ex: api.getPet(UNKNOWN_IDS[0]) },
    ];
    const answers: LabelledExchange[] = await together(requests);
    // A pet this run created, or in a read-only run one the service already lists.
    const id = creation ? exactPetId(await creation) : firstPetId(await listing);
    if (id !== undefined && !getPetRemoved(target.ctx)) {
      answers.push({ label: 'getPet of an existing pet', ex: await api.getPet(id) });
    }
    return answers;
  });
}
