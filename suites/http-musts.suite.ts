import { exampleNewPet, refusedNewPet } from '../src/arbitraries/pet-name.ts';
import { WRONG_TOKEN } from '../src/checks/auth-table.ts';
import { HTTP_401_CHALLENGE, HTTP_DATE, type LabelledAnswer } from '../src/checks/http-musts.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Waits for labelled requests sent together. */
const together = (
  requests: { label: string; ex: Promise<Exchange> }[],
): Promise<LabelledAnswer[]> =>
  Promise.all(requests.map(async ({ label, ex }) => ({ label, ex: await ex })));

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function httpMustsSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { runId, writes } = target.ctx;
  const wrong = { authorization: `Bearer ${WRONG_TOKEN}` };

  checkTest(target, HTTP_401_CHALLENGE, (api: PetstoreApi) =>
    together([
      { label: 'listPets without a key', ex: api.listPets(undefined, 'none') },
      { label: 'listPets with a wrong key', ex: api.listPets(undefined, wrong) },
      ...(writes
        ? [
            {
              label: 'createPet with a wrong key',
              ex: api.createPet(refusedNewPet(runId, 'rfc'), wrong),
            },
          ]
        : []),
      // A removed route may answer 404 or 410 before any key check.
      ...(getPetRemoved(target.ctx)
        ? []
        : [{ label: 'getPet without a key', ex: api.getPet(1, 'none') }]),
    ]),
  );

  checkTest(target, HTTP_DATE, async (api: PetstoreApi) => {
    const answers = await together([
      { label: 'listPets', ex: api.listPets({ limit: 1 }) },
      { label: 'listPets with limit=0', ex: api.listPets({ limit: 0 }) },
      { label: 'listPets without a key', ex: api.listPets(undefined, 'none') },
      { label: 'getPet of an unknown id', ex: api.getPet('9223372036854775807') },
      ...(writes
        ? [
            { label: 'createPet', ex: api.createPet(exampleNewPet(runId, 'date')) },
            { label: 'createPet without name', ex: api.createPet({ categoryId: 1 }) },
          ]
        : []),
    ]);
    return answers;
  });
}
