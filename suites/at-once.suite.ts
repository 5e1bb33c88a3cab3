import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { AT_ONCE, RUN_AT_ONCE } from '../src/checks/at-once.ts';
import { exactPetId } from '../src/http/exact.ts';
import { checkTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/**
 * Registers RUN-AT-ONCE among the checks that start once all others have ended: the burst is then
 * the only load on the target, so what it shows is what several requests at once do to it.
 */
export default function atOnceSuite(run: SuiteRun): void {
  const target = useTarget(run, { afterTheRest: true });
  const { runId } = target.ctx;
  const times = <T>(make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, i) => make(i)));

  checkTest(target, RUN_AT_ONCE, async (api) => {
    const together = true;
    const sent = Array.from({ length: AT_ONCE }, (_, i) => ({
      ...exampleNewPet(runId, `at-once-${i}`),
      categoryId: i + 1,
    }));
    const [lists, creates] = await Promise.all([
      times(() => api.send({ method: 'GET', path: '/pets', together })),
      times((i) => api.send({ method: 'POST', path: '/pets', json: sent[i], together })),
    ]);
    const ids = creates.flatMap((ex) => {
      const id = ex.response?.status === 201 ? exactPetId(ex) : undefined;
      return id === undefined ? [] : [String(id)];
    });
    // After the sunset only the pages and the ids are judged: getPet is gone.
    const reads = getPetRemoved(target.ctx)
      ? []
      : await Promise.all(
          ids.map(async (id) => ({
            id,
            ex: await api.send({ method: 'GET', path: `/pets/${id}`, together }),
          })),
        );
    return {
      lists,
      creates: creates.map((ex, i) => ({ sent: sent[i] as Record<string, unknown>, ex })),
      reads,
    };
  });
}
