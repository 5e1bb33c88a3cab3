import { petName, refusedNewPet } from '../src/arbitraries/pet-name.ts';
import { type AuthProbe, authCheckFor, orderCheckFor } from '../src/checks/auth.ts';
import {
  CREDENTIAL_STATES,
  type CredentialState,
  INVALID_INPUTS,
  invalidInputPairs,
  KEYLESS,
  OPERATION_ROWS,
  type RequestSpec,
  withCredential,
} from '../src/checks/auth-table.ts';
import { AUTH_SESSION_COOKIE, cookiesSet } from '../src/checks/session.ts';
import type { OperationName } from '../src/contract/contract.ts';
import { exactPetId } from '../src/http/exact.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import {
  checkTest,
  eachTest,
  fixture,
  onOwnConnection,
  useTarget,
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

  /**
   * The variants of `state` a check sends: under a request budget, not the unpaired ones (keys
   * left on from development, addresses a proxy reports): depth that would leave the clauses
   * after the auth checks unjudged within a probe's 200 requests; each state is judged anyway.
   */
  const variantsOf = (state: CredentialState) =>
    state
      .variants(apiKey)
      .filter((v) => !(v.unpaired && target.ctx.limits.maxRequests !== undefined));

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
        variantsOf(state).map(async (variant) => ({
          label: label(variant),
          ex: await api.send(withCredential(spec, variant)),
          ...extra,
          ...(variant.servedOnly ? { servedOnly: true as const } : {}),
        })),
      );
    }
    return Promise.all(
      variantsOf(state).map((variant) =>
        onOwnConnection(async () => {
          // The connection carries the valid key right before the keyless request on it.
          await api.listPets({ limit: 1 });
          const ex = await api.send(withCredential(spec, variant));
          return { label: label(variant), ex, ...extra };
        }),
      ),
    );
  }

  // A pet of the store, whose answer may carry validators (ETag, Last-Modified) to send back.
  const petToFetch = fixture(target, [authCheckFor('getPet', 'NO-KEY')], () => somePet(target));

  /**
   * The validators a keyed answer to `spec` carried (ETag, Last-Modified), sent back in a
   * conditional request without the key: a cache or an ETag layer before the key check answers
   * 304 to the tag it gave itself, which `*` or a date of its own may not show.
   */
  async function ownValidators(api: PetstoreApi, spec: RequestSpec): Promise<AuthProbe[]> {
    const keyed = await api.send(withCredential(spec, { label: 'the key', auth: 'key' }));
    const headers = keyed.response?.headers ?? {};
    const conditions = [
      ['if-none-match', headers.etag],
      ['if-modified-since', headers['last-modified']],
    ].filter((c): c is [string, string] => c[1] !== undefined);
    return Promise.all(
      conditions.map(async ([name, value]) => {
        const label = `no key, with ${name} from the keyed answer`;
        const variant = { label, auth: 'none' as const, headers: { [name]: value } };
        return {
          label: `${spec.label} request, ${label}`,
          ex: await api.send(withCredential(spec, variant)),
        };
      }),
    );
  }

  /** The request of `operation` whose keyed answer's validators NO-KEY sends back. */
  async function conditionalSpec(operation: OperationName, valid: RequestSpec) {
    if (operation === 'createPet') return undefined;
    if (operation === 'listPets') return valid;
    const pet = await petToFetch();
    return 'id' in pet ? { ...valid, path: `/pets/${encodeURIComponent(pet.id)}` } : undefined;
  }

  /**
   * A createPet with the key and an Idempotency-Key, then the same request (that key, that body)
   * again with `state`'s first variant: an idempotency layer before the key check answers the
   * stored 201, and so hands the pet to anyone who replays a logged request.
   */
  async function idempotentReplay(api: PetstoreApi, state: CredentialState): Promise<AuthProbe[]> {
    const variant = variantsOf(state)[0];
    if (!variant) return [];
    const spec: RequestSpec = {
      label: 'a replayed createPet',
      method: 'POST',
      path: '/pets',
      json: { name: petName(runId, `replay-${state.id.toLowerCase()}`), categoryId: 1 },
      // An sf-string, as draft-ietf-httpapi-idempotency-key-header writes it (a strict parser
      // refuses a bare token 400, and then nothing is stored to replay).
      headers: { 'idempotency-key': `"pc-${runId}-replay-${state.id.toLowerCase()}"` },
    };
    await api.send(withCredential(spec, { label: 'the key', auth: 'key' }));
    const label = `createPet replayed with the Idempotency-Key and body of a keyed one, ${variant.label}`;
    return [{ label, ex: await api.send(withCredential(spec, variant)) }];
  }
  /** The states a replayed createPet goes with: the key missing, and a wrong one. */
  const REPLAYED = new Set(['NO-KEY', 'WRONG-KEY']);

  for (const operation of Object.keys(OPERATION_ROWS) as OperationName[]) {
    const invalid = INVALID_INPUTS.filter((i) => i.operation === operation);
    for (const state of CREDENTIAL_STATES) {
      const valid = OPERATION_ROWS[operation].valid(runId, state.id);
      checkTest(
        state.keptAlive ? keptAlive : target,
        authCheckFor(operation, state.id),
        async (api) => {
          const replayed = operation === 'createPet' && REPLAYED.has(state.id);
          if (state.id === 'NO-KEY' || replayed) {
            const conditional = await conditionalSpec(operation, valid);
            const own = await Promise.all([
              probe(api, state, valid),
              conditional && state.id === 'NO-KEY' ? ownValidators(api, conditional) : [],
              replayed ? idempotentReplay(api, state) : [],
            ]);
            return own.flat();
          }
          if (!state.keptAlive) return probe(api, state, valid);
          // The kept-alive state has no AUTH-BEFORE-* check of its own: its invalid inputs go here.
          const withInvalid = invalid.flatMap((input) =>
            input
              .requests(runId, apiKey)
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
    const check = orderCheckFor(input);
    // Every variant of every credential state with one invalid request of this kind, and every
    // invalid request with a variant of each state (the kept-alive state is judged in its own
    // AUTH-<OP>-KEPT-ALIVE checks). Independent requests: sent together; under a request budget,
    // one after another while the check's share lasts.
    eachTest(
      target,
      check,
      invalidInputPairs(input, apiKey, runId),
      async (api, [variant, spec]) => [
        {
          label: `${spec.label} request, ${variant.label}`,
          ex: await api.send(withCredential(spec, variant)),
          instead,
        },
      ],
      'each request, whatever its credential, got 401 with a valid Error body',
      optionsFor(input.operation),
    );
  }

  // The cookies the service sets on answers to the key (a session), or on its 401 to a request
  // without it, sent back without it.
  checkTest(target, AUTH_SESSION_COOKIE, async (api) => {
    const created = await api.createPet({ name: petName(runId, 'session'), categoryId: 1 });
    const id = exactPetId(created);
    const read = id === undefined || getPetRemoved(target.ctx) ? [] : [await api.getPet(id)];
    // The answers to requests without the key too: a guest session handed out on the 401, or
    // on a CORS preflight's answer (which a browser asks before any request with a key).
    const preflight = {
      origin: 'https://petstore.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    };
    const refused = await Promise.all(
      [
        { method: 'GET', path: '/pets' },
        ...(read.length ? [{ method: 'GET', path: `/pets/${id}` }] : []),
        { method: 'OPTIONS', path: '/pets', headers: preflight },
        { method: 'HEAD', path: '/pets' },
      ].map((request) => api.send({ ...request, auth: 'none' })),
    );
    const keyed = [await api.listPets({ limit: 1 }), created, ...read, ...refused];
    const cookie = cookiesSet(keyed);
    if (cookie === undefined) return { keyed, replays: [] };
    const requests = [
      { label: 'listPets', method: 'GET', path: '/pets', query: { limit: 1 } },
      ...(read.length ? [{ label: 'getPet', method: 'GET', path: `/pets/${id}` }] : []),
      { label: 'createPet', method: 'POST', path: '/pets', json: refusedNewPet(runId, 'session') },
    ];
    const replays = await Promise.all(
      requests.flatMap(({ label, ...request }) =>
        KEYLESS.map(async ({ words, auth }) => ({
          label: `${label} with the session's cookies, ${words}`,
          ex: await api.send({ ...request, auth, headers: { cookie } }),
        })),
      ),
    );
    return { keyed, cookie, replays };
  });
}
