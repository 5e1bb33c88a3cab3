import { petName, refusedNewPet } from '../src/arbitraries/pet-name.ts';
import { KEYLESS } from '../src/checks/auth-table.ts';
import {
  AUTH_EXTENSION_METHODS,
  AUTH_HEAD,
  AUTH_METHOD_OVERRIDE,
  AUTH_OPTIONS,
  AUTH_OTHER_METHODS,
  ERROR_BODY_OTHER_METHODS,
  ERROR_BODY_OTHER_PATHS,
  EXTENSION_METHODS,
  METHOD_OVERRIDES,
  type MethodProbe,
  OTHER_PATHS,
  PET_SUBRESOURCES,
  type WriteProbe,
} from '../src/checks/methods.ts';
import { precondition } from '../src/checks/types.ts';
import { exactPetId } from '../src/http/exact.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

// Other methods on the contract's two paths without the right key: after the versioning and
// deprecation suites, so a probe's request budget judges the contract's own clauses first.

/** HEAD, OPTIONS and the writes the contract does not show, on its two paths. */
/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function methodsSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const petToFetch = fixture(
    target,
    [AUTH_HEAD, AUTH_OPTIONS, AUTH_METHOD_OVERRIDE, AUTH_EXTENSION_METHODS, ERROR_BODY_OTHER_PATHS],
    () => somePet(target),
  );
  const { runId } = target.ctx;

  /** `method` on both paths with no key, a wrong one and (when asked) the key. */
  const onBothPaths = async (api: PetstoreApi, method: string, withKey: boolean) => {
    const pet = await petToFetch();
    if ('none' in pet) return precondition(pet.none);
    const paths = ['/pets', ...(getPetRemoved(target.ctx) ? [] : [`/pets/${pet.id}`])];
    const keys = [
      ...KEYLESS,
      ...(withKey ? [{ key: 'valid' as const, words: 'the key', auth: 'key' as const }] : []),
    ];
    return Promise.all(
      paths.flatMap((path) =>
        keys.map(async ({ key, words, auth }) => ({
          label: `${method} ${path}, ${words}`,
          key,
          // A connection of its own: a body after a HEAD answer must not spoil another's.
          ex: await api.send({ method, path, auth, freshConnection: true }),
        })),
      ),
    );
  };
  verdictTest(target, AUTH_HEAD, async (api) => {
    const probes = await onBothPaths(api, 'HEAD', true);
    return Array.isArray(probes) ? AUTH_HEAD.judge(probes) : probes;
  });
  verdictTest(target, AUTH_OPTIONS, async (api) => {
    const probes = await onBothPaths(api, 'OPTIONS', false);
    return Array.isArray(probes) ? AUTH_OPTIONS.judge(probes) : probes;
  });

  // Each override on OPTIONS (which a CORS layer may let past the key check) and on POST, to GET
  // and to POST, and on GET and POST to OPTIONS, without the right key.
  verdictTest(target, AUTH_METHOD_OVERRIDE, async (api) => {
    const pet = await petToFetch();
    if ('none' in pet) return precondition(pet.none);
    const item = getPetRemoved(target.ctx) ? [] : [`/pets/${pet.id}`];
    const shapes: { method: string; path: string; to: string; body?: true }[] = [
      ...['/pets', ...item].map((path) => ({ method: 'OPTIONS', path, to: 'GET' })),
      { method: 'OPTIONS', path: '/pets', to: 'POST', body: true as const },
      { method: 'POST', path: '/pets', to: 'GET', body: true as const },
      // The other way round: a key check that lets preflights through may read the override
      // while the router goes by the request's own method.
      ...['/pets', ...item].map((path) => ({ method: 'GET', path, to: 'OPTIONS' })),
      { method: 'POST', path: '/pets', to: 'OPTIONS', body: true as const },
    ];
    const probes = await Promise.all(
      METHOD_OVERRIDES.flatMap((override) =>
        shapes.flatMap(({ method, path, to, body }) =>
          KEYLESS.map(async ({ key, words, auth }): Promise<MethodProbe> => {
            const json = body ? refusedNewPet(runId, `override-${key}`) : undefined;
            const ex = await api.send({
              method,
              path,
              auth,
              ...(override.headers ? { headers: override.headers(to) } : {}),
              ...(override.query ? { query: override.query(to) } : {}),
              ...(json ? { json } : {}),
            });
            return { label: `${method} ${path} with ${override.label} ${to}, ${words}`, key, ex };
          }),
        ),
      ),
    );
    return AUTH_METHOD_OVERRIDE.judge(probes);
  });

  // Each method beyond the contract's on both paths, QUERY with a body (its filters), keyless.
  verdictTest(target, AUTH_EXTENSION_METHODS, async (api) => {
    const pet = await petToFetch();
    if ('none' in pet) return precondition(pet.none);
    const paths = ['/pets', ...(getPetRemoved(target.ctx) ? [] : [`/pets/${pet.id}`])];
    const probes = await Promise.all(
      EXTENSION_METHODS.flatMap((method) =>
        paths.flatMap((path) =>
          KEYLESS.map(async ({ key, words, auth }): Promise<MethodProbe> => {
            const body = method === 'QUERY' ? { json: {} } : {};
            const ex = await api.send({ method, path, auth, freshConnection: true, ...body });
            return { label: `${method} ${path}, ${words}`, key, ex };
          }),
        ),
      ),
    );
    return AUTH_EXTENSION_METHODS.judge(probes);
  });

  const WRITES = [
    { method: 'DELETE' },
    { method: 'PUT', body: (name: string) => ({ name, categoryId: 2, status: 'sold' }) },
    { method: 'PATCH', body: (name: string) => ({ name }) },
    // The sample Swagger Petstore's update of a pet by a form (POST /pet/{petId}).
    { method: 'POST', form: (name: string) => `name=${encodeURIComponent(name)}&status=sold` },
  ] as const;
  /** A write's body: JSON, or a form. */
  const writeBody = (write: (typeof WRITES)[number], name: string) =>
    'body' in write
      ? { json: write.body(name) }
      : 'form' in write
        ? {
            rawBody: write.form(name),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {};

  // Methods the contract does not show, with the key, each write on a pet of its own.
  checkTest(target, ERROR_BODY_OTHER_METHODS, async (api) => {
    const writes = WRITES.map(async (write): Promise<MethodProbe> => {
      const { method } = write;
      const name = petName(runId, `${method.toLowerCase()}-keyed`);
      const id = exactPetId(await api.createPet({ name, categoryId: 2, status: 'sold' }));
      const path = `/pets/${id ?? 1}`;
      // The pet's own fields again: where the method exists, the pet stays as the run knows it.
      const ex = await api.send({ method, path, auth: 'key', ...writeBody(write, name) });
      return { label: `${method} ${path}, the key`, key: 'valid', ex };
    });
    // The collection's own router answers PATCH, PUT and DELETE on /pets; of these only an
    // empty merge patch changes nothing wherever the method exists (RFC 7386), so only it is sent.
    const collection = (async (): Promise<MethodProbe> => ({
      label: 'PATCH /pets {}, the key',
      key: 'valid',
      ex: await api.send({ method: 'PATCH', path: '/pets', auth: 'key', json: {} }),
    }))();
    const options = ['OPTIONS', 'TRACE'].flatMap((method) =>
      ['/pets', '/pets/1'].map(
        async (path): Promise<MethodProbe> => ({
          label: `${method} ${path}, the key`,
          key: 'valid',
          ex: await api.send({ method, path, auth: 'key' }),
        }),
      ),
    );
    return Promise.all([...writes, collection, ...options]);
  });

  // Paths the contract does not show, with the key: a framework's default 404 is no Error.
  checkTest(target, ERROR_BODY_OTHER_PATHS, async (api) => {
    // Without the key too: no pet may show in any answer (EVERY-ANSWER judges these), nor in a
    // sub-resource of a pet the store holds (a share page mounted before the key check).
    const pet = await petToFetch();
    const under = 'id' in pet ? PET_SUBRESOURCES.map((sub) => `/pets/${pet.id}/${sub}`) : [];
    await Promise.all(
      [...OTHER_PATHS, ...under].flatMap((path) =>
        KEYLESS.map(({ auth }) => api.send({ method: 'GET', path, auth })),
      ),
    );
    return Promise.all(
      OTHER_PATHS.map(
        async (path): Promise<MethodProbe> => ({
          label: `GET ${path}, the key`,
          key: 'valid',
          ex: await api.send({ method: 'GET', path, auth: 'key' }),
        }),
      ),
    );
  });

  // Each write on a pet of its own, created for it, then read with the key.
  checkTest(target, AUTH_OTHER_METHODS, (api) =>
    Promise.all(
      WRITES.flatMap((write) =>
        KEYLESS.map(async ({ key, words, auth }): Promise<WriteProbe> => {
          const { method } = write;
          const name = petName(runId, `${method.toLowerCase()}-${key}`);
          const id = exactPetId(await api.createPet({ name, categoryId: 1 }));
          const asked = method === 'DELETE' ? undefined : `${name}-renamed`;
          const path = `/pets/${id ?? 1}`;
          const ex = await api.send({ method, path, auth, ...writeBody(write, asked ?? name) });
          const after =
            id === undefined || getPetRemoved(target.ctx) ? undefined : await api.getPet(id);
          return {
            label: `${method} ${path}, ${words}`,
            key,
            ex,
            name,
            ...(asked ? { asked } : {}),
            ...(after ? { after } : {}),
          };
        }),
      ),
    ),
  );
}
