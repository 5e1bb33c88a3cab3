import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { ERR_BODY_STATUS, JSON_CONTENT_TYPE } from '../src/checks/errors.ts';
import { exactPetId } from '../src/checks/exact.ts';
import { isThatPet } from '../src/checks/get-pet.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';
import { getPetRemoved } from '../src/runner/lifecycle.ts';
import { probeUnknownId } from '../src/runner/unknown-id.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function errorsSuite(): void {
  const target = useTarget();
  // After the sunset getPet answers 404 or 410 for everything; the Error body is still owed.
  const getPetError = () => (getPetRemoved(target.ctx) ? [404, 410] : [404]);

  /** Waits for requests sent together; the answers keep the list's order. */
  const together = <T extends { ex: Promise<Exchange> }>(
    requests: T[],
  ): Promise<Array<Omit<T, 'ex'> & { ex: Exchange }>> =>
    Promise.all(requests.map(async (r) => ({ ...r, ex: await r.ex })));

  checkTest(target, ERR_BODY_STATUS, async (api) => {
    const requests = [
      { expected: [401], label: 'listPets without key', ex: api.listPets(undefined, 'none') },
      {
        expected: [401],
        label: 'createPet without key',
        ex: api.createPet(exampleNewPet(target.ctx.runId, 'err'), 'none'),
      },
      { expected: [400], label: 'createPet without name', ex: api.createPet({ categoryId: 1 }) },
    ];
    // A removed route may answer 404 or 410 before any key check: its auth is not probed then.
    if (!getPetRemoved(target.ctx)) {
      requests.push({ expected: [401], label: 'getPet without key', ex: api.getPet(1, 'none') });
    }
    // No id is assumed unknown: one getPet answered with that very pet is not asked about.
    const [answers, unknown] = await Promise.all([
      together(requests),
      probeUnknownId(api, UNKNOWN_IDS[0]),
    ]);
    if (!isThatPet(unknown.ex, unknown.id)) {
      answers.push({ expected: getPetError(), label: 'getPet of an unknown id', ex: unknown.ex });
    }
    return answers;
  });

  checkTest(target, JSON_CONTENT_TYPE, async (api) => {
    const creation = api.createPet(exampleNewPet(target.ctx.runId, 'json'));
    const answers = await together([
      { label: 'listPets 200', ex: api.listPets() },
      { label: 'createPet 201', ex: creation },
      { label: 'listPets 401', expected: [401], ex: api.listPets(undefined, 'none') },
      { label: 'createPet 400', expected: [400], ex: api.createPet({ name: 'x' }) },
      // No id can be assumed unknown (a service may have assigned it): its 200 is not judged here.
      { label: 'getPet 404', ex: api.getPet(UNKNOWN_IDS[0]) },
    ]);
    const id = exactPetId(await creation);
    if (id !== undefined && !getPetRemoved(target.ctx)) {
      answers.push({ label: 'getPet 200', ex: await api.getPet(id) });
    }
    return answers;
  });
}
