import { WRONG_TOKEN } from '../src/checks/auth-table.ts';
import { type EquivalentAnswer, equivalenceCheck } from '../src/checks/equivalence.ts';
import {
  FAMILIES,
  type Family,
  type FormContext,
  type KeyState,
  RELATIONS,
} from '../src/checks/equivalence-table.ts';
import { checkTest, fixture, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

const KEY_STATES: readonly KeyState[] = ['valid', 'wrong', 'none'];
/** A petId for the forms owed 404: far from where services start counting (any may be assigned). */
const UNKNOWN_ID = '6917529027641081853';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function equivalenceSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { apiKey, runId, writes } = target.ctx;
  const families = Object.keys(FAMILIES) as Family[];
  const checks = families.map(equivalenceCheck);
  const petToFetch = fixture(target, checks, () => somePet(target));
  const tokenOf = (key: KeyState) =>
    key === 'valid' ? apiKey : key === 'wrong' ? WRONG_TOKEN : undefined;

  families.forEach((family, i) => {
    checkTest(target, checks[i] as (typeof checks)[number], async (api) => {
      const pet = await petToFetch();
      // No pet to fetch (a read-only run on an empty store), or getPet removed: no getPet forms.
      const fetchable = 'id' in pet && !getPetRemoved(target.ctx);
      const ctx = (key: KeyState): FormContext => ({
        petId: 'id' in pet ? pet.id : '1',
        runId,
        host: new URL(target.ctx.baseUrl).host,
        ...(fetchable ? { unknownId: UNKNOWN_ID } : {}),
        ...(key === 'valid' ? {} : { refused: true }),
      });
      // Every form with every key state (its NewPets named as refused without the valid key).
      const forms = KEY_STATES.flatMap((key) =>
        RELATIONS.filter((r) => r.family === family).flatMap((relation) =>
          relation
            .forms(ctx(key))
            .filter(
              (f) =>
                (writes || (f.meaning.op !== 'createPet' && f.meaning.op !== 'invalidPet')) &&
                (fetchable || f.meaning.op !== 'getPet'),
            )
            .map((form) => ({
              key,
              relation: relation.id,
              rfcForm: relation.basis === 'rfc',
              form,
            })),
        ),
      );
      // Independent requests, sent together.
      const answers: EquivalentAnswer[] = await Promise.all(
        forms.map(async ({ key, relation, rfcForm, form }) => ({
          relation,
          form: form.label,
          key,
          meaning: form.meaning,
          ex: await api.send({ ...form.request(tokenOf(key)), ...(rfcForm ? { rfcForm } : {}) }),
        })),
      );
      // The pet written plainly, after every form: a 404 before it was not a deletion.
      const plainGet = fetchable && 'id' in pet ? await api.getPet(pet.id) : undefined;
      return { answers, ...(plainGet ? { plainGet } : {}) };
    });
  });
}
