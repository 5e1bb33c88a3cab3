import { petName } from '../src/arbitraries/pet-name.ts';
import { type AuthProbe, authCheckFor, orderCheckFor } from '../src/checks/auth.ts';
import {
  CREDENTIAL_STATES,
  type CredentialState,
  INVALID_INPUTS,
  invalidInputPairs,
  OPERATION_ROWS,
  type RequestSpec,
  withCredential,
} from '../src/checks/auth-table.ts';
import {
  AUTH_HEAD,
  AUTH_OPTIONS,
  AUTH_OTHER_METHODS,
  type KeyState,
  type WriteProbe,
} from '../src/checks/methods.ts';
import { precondition } from '../src/checks/types.ts';
import type { OperationName } from '../src/contract/contract.ts';
import type { Auth } from '../src/http/client.ts';
import { exactPetId } from '../src/http/exact.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import {
  checkTest,
  fixture,
  onOwnConnection,
  type Target,
  useTarget,
  verdictTest,
} from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function authSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // Each kept-alive probe on a connection of its own: its keyless request follows a keyed one on
  // that socket, whichever other requests go meanwhile.
  const keptAlive = useTarget(run, { connectionPerTurn: true });
  const { apiKey, runId } = target.ctx;
  // After the sunset the removed route may answer 404 before any key check (issue 12).
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };
  const optionsFor = (operation: OperationName) =>
    operation === 'getPet' ? whileGetPetExists : {};

  /** Sends `spec` with every variant of `state`, all together. */
  async function probe(
    api: PetstoreApi,
    state: CredentialState,
    spec: RequestSpec,
    instead?: AuthProbe['instead'],
  ): Promise<AuthProbe[]> {
    const label = (variant: { label: string }) => `${spec.label} request, ${variant.label}`;
    const extra = instead ? { instead } : {};
    if (!state.keptAlive) {
      // Independent requests: sent together, up to the run's --concurrency.
      return Promise.all(
        state.variants(apiKey).map(async (variant) => ({
          label: label(variant),
          ex: await api.send(withCredential(spec, variant)),
          ...extra,
        })),
      );
    }
    return Promise.all(
      state.variants(apiKey).map((variant) =>
        onOwnConnection(async () => {
          // The connection carries the valid key right before the keyless request on it.
          await api.listPets({ limit: 1 });
          const ex = await api.send(withCredential(spec, variant));
          return { label: label(variant), ex, ...extra };
        }),
      ),
    );
  }

  for (const operation of Object.keys(OPERATION_ROWS) as OperationName[]) {
    const valid = OPERATION_ROWS[operation].valid(runId);
    const invalid = INVALID_INPUTS.filter((i) => i.operation === operation);
    for (const state of CREDENTIAL_STATES) {
      checkTest(
        state.keptAlive ? keptAlive : target,
        authCheckFor(operation, state.id),
        async (api) => {
          if (!state.keptAlive) return probe(api, state, valid);
          // The kept-alive state has no AUTH-BEFORE-* check of its own: its invalid inputs go here.
          const withInvalid = invalid.flatMap((input) =>
            input
              .requests(runId)
              .map((spec) =>
                probe(api, state, spec, { statuses: input.instead, what: input.what }),
              ),
          );
          return (await Promise.all([probe(api, state, valid), ...withInvalid])).flat();
        },
        optionsFor(operation),
      );
    }
  }

  for (const input of INVALID_INPUTS) {
    const instead = { statuses: input.instead, what: input.what };
    checkTest(
      target,
      orderCheckFor(input),
      async (api) => {
        // Every variant of every credential state with one invalid request of this kind, and
        // every invalid request with a variant of each state (the kept-alive state is judged in
        // its own AUTH-<OP>-KEPT-ALIVE checks). Independent requests: sent together.
        return Promise.all(
          invalidInputPairs(input, apiKey, runId).map(async ([variant, spec]) => ({
            label: `${spec.label} request, ${variant.label}`,
            ex: await api.send(withCredential(spec, variant)),
            instead,
          })),
        );
      },
      optionsFor(input.operation),
    );
  }

  methodChecks(target);
}

/** The two ways of coming without the right key, as other methods carry them. */
const KEYLESS: readonly { key: KeyState; words: string; auth: Auth }[] = [
  { key: 'none', words: 'no key', auth: 'none' },
  { key: 'wrong', words: 'a wrong key', auth: { authorization: 'Bearer pc-wrong-key-0000' } },
];

/** HEAD, OPTIONS and the writes the contract does not show, on its two paths. */
function methodChecks(target: Target): void {
  const petToFetch = fixture(target, [AUTH_HEAD, AUTH_OPTIONS], () => somePet(target));
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

  // Each write on a pet of its own, created for it, then read with the key.
  const WRITES = [
    { method: 'DELETE' },
    { method: 'PUT', body: (name: string) => ({ name, categoryId: 2, status: 'sold' }) },
    { method: 'PATCH', body: (name: string) => ({ name }) },
  ];
  checkTest(target, AUTH_OTHER_METHODS, (api) =>
    Promise.all(
      WRITES.flatMap(({ method, body }) =>
        KEYLESS.map(async ({ key, words, auth }): Promise<WriteProbe> => {
          const name = petName(runId, `${method.toLowerCase()}-${key}`);
          const id = exactPetId(await api.createPet({ name, categoryId: 1 }));
          const asked = body ? `${name}-renamed` : undefined;
          const path = `/pets/${id ?? 1}`;
          const ex = await api.send({
            method,
            path,
            auth,
            ...(body && asked ? { json: body(asked) } : {}),
          });
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
