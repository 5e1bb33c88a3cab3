import { petName } from '../src/arbitraries/pet-name.ts';
import { KEYLESS } from '../src/checks/auth-table.ts';
import {
  AUTH_PATH_SPELLINGS,
  AUTH_PATH_SPELLINGS_CREATE,
  createdId,
  type Spelling,
  type SpellingProbe,
  spellingsOf,
} from '../src/checks/path-spellings.ts';
import { precondition } from '../src/checks/types.ts';
import type { Auth } from '../src/http/client.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

const written = (s: Spelling) => (s.query ? `${s.path}?${s.query}` : s.path);

/**
 * The contract's paths spelled otherwise, without the right key: sent as written (no dot
 * segment resolved, no slash merged), each with no key and with a wrong one.
 */
/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function pathSpellingsSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { runId, baseUrl } = target.ctx;
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  // A pet in the store: a served list then shows one, and an item spelling names one.
  const petToFetch = fixture(target, [AUTH_PATH_SPELLINGS], () => somePet(target));
  const send = (api: PetstoreApi, method: string, s: Spelling, auth: Auth, json?: unknown) =>
    api.send({
      method,
      path: s.path,
      ...(s.query ? { query: s.query } : {}),
      ...(s.headers ? { headers: s.headers } : {}),
      ...(s.absoluteOrigin ? { absoluteForm: s.absoluteOrigin } : {}),
      auth,
      asWritten: true,
      ...(json === undefined ? {} : { json }),
    });

  verdictTest(target, AUTH_PATH_SPELLINGS, async (api) => {
    const pet = await petToFetch();
    if ('none' in pet) return precondition(pet.none);
    const item = getPetRemoved(target.ctx) ? [] : spellingsOf(basePath, `/pets/${pet.id}`);
    const spellings = [...spellingsOf(basePath, '/pets'), ...item];
    const probes = await Promise.all(
      spellings.flatMap((s) =>
        KEYLESS.map(async ({ words, auth }) => ({
          label: `GET ${written(s)} (${s.label}), ${words}`,
          ex: await send(api, 'GET', s, auth),
        })),
      ),
    );
    return AUTH_PATH_SPELLINGS.judge(probes);
  });

  // A 2xx that gave an id is read back with the key: a pet of this run's name means one was made.
  checkTest(target, AUTH_PATH_SPELLINGS_CREATE, (api) =>
    Promise.all(
      spellingsOf(basePath, '/pets').flatMap((s, i) =>
        KEYLESS.map(async ({ key, words, auth }): Promise<SpellingProbe> => {
          const name = petName(runId, `spelling-${i}-${key}`);
          const ex = await send(api, 'POST', s, auth, { name, categoryId: 1 });
          const id = createdId(ex);
          const after =
            id === undefined || getPetRemoved(target.ctx) ? undefined : await api.getPet(id);
          return {
            label: `POST ${written(s)} (${s.label}), ${words}`,
            ex,
            name,
            ...(after ? { after } : {}),
          };
        }),
      ),
    ),
  );
}
