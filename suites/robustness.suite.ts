import fc from 'fast-check';
import { petName } from '../src/arbitraries/pet-name.ts';
import { anyQueryArb, WRITTEN_QUERIES } from '../src/arbitraries/query.ts';
import { withCredential } from '../src/checks/auth-table.ts';
import { oddJsonTexts, otherMediaBodies } from '../src/checks/body-forms.ts';
import {
  ROBUST_CREATE_ANY_JSON,
  ROBUST_CREATE_MEDIA,
  ROBUST_CREATE_TEXT,
  ROBUST_LIST_ANY_QUERY,
} from '../src/checks/robustness.ts';
import { eachTest, propertyTest, useTarget } from '../src/language/check-test.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function robustnessSuite(run: SuiteRun): void {
  const target = useTarget(run);

  propertyTest(
    target,
    ROBUST_LIST_ANY_QUERY,
    anyQueryArb,
    async (api, query) => ({
      input: `query ${JSON.stringify(query)}`,
      ex: await api.listPets(query),
      sent: query,
    }),
    // Queries within the rules, whose outcome the contract fixes, and queries as written, whatever
    // the seed.
    {
      independent: true,
      examples: [{}, { status: 'pending' }, { limit: '7' }, ...WRITTEN_QUERIES],
    },
  );

  propertyTest(
    target,
    ROBUST_CREATE_ANY_JSON,
    fc.jsonValue({ maxDepth: 3 }),
    async (api, value) => ({
      input: `body ${JSON.stringify(value)}`,
      ex: await api.createPet(value),
      sent: value,
    }),
    // A boolean body, whatever the seed (the request space's `createPet body: boolean`).
    { independent: true, examples: [true, false] },
  );

  // NewPets the contract prescribes no answer to, sent with the key.
  const pet = (label: string) => ({ name: petName(target.ctx.runId, label), categoryId: 1 });
  const bodies = [
    { check: ROBUST_CREATE_MEDIA, specs: otherMediaBodies(pet('media')) },
    { check: ROBUST_CREATE_TEXT, specs: oddJsonTexts(pet('text')) },
  ];
  for (const { check, specs } of bodies) {
    eachTest(
      target,
      check,
      specs,
      async (api, spec) => ({
        input: spec.label,
        ex: await api.send(withCredential(spec, { label: 'the key', auth: 'key' })),
      }),
      'each got a 201 Pet or a 4xx Error',
    );
  }
}
