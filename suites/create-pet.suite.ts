import { MUTATIONS } from '../src/arbitraries/invalid-new-pet.ts';
import {
  magnitudePlan,
  magnitudes,
  type NameKind,
  nameOfLength,
  paddedNewPet,
} from '../src/arbitraries/magnitudes.ts';
import { boundaryNewPets, edgeNewPets, newPetArb } from '../src/arbitraries/new-pet.ts';
import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { jsonText } from '../src/arbitraries/wire.ts';
import {
  CLIENT_ID_FORMS,
  type ClientIdObservation,
  CREATE_CLIENT_ID,
  clientIdMember,
} from '../src/checks/client-id.ts';
import {
  CREATE_201_PET,
  CREATE_201_PROPERTY,
  CREATE_EXTRA_FIELDS,
  CREATE_ID_UNIQUE,
  INVALID_BODY_CHECKS,
  POLLUTING_MEMBERS,
} from '../src/checks/create-pet.ts';
import { CREATE_MAGNITUDES, type SizedCreate } from '../src/checks/magnitudes.ts';
import { judgeName, NAME_UNICODE, type NameObservation } from '../src/checks/names.ts';
import { LIMIT, PET_STATUSES, type PetStatus } from '../src/contract/contract.ts';
import { exactJson, exactPetId, integerText } from '../src/http/exact.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, eachTest, propertyTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { createAndReadBack } from '../src/language/read-back.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';
import { unicodePets } from '../src/language/unicode-pets.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function createPetSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { runId } = target.ctx;

  checkTest(target, CREATE_201_PET, async (api) => {
    const sent = exampleNewPet(runId, 'create');
    return { sent, ex: await api.createPet(sent) };
  });

  propertyTest(
    target,
    CREATE_201_PROPERTY,
    newPetArb(runId),
    async (api, sent) => ({ sent, ex: await api.createPet(sent) }),
    { examples: [...edgeNewPets(runId), ...boundaryNewPets(runId)], independent: true },
  );

  const UNIQUE_CREATES = 10;
  // Sent together: a counter that is not kept atomically hands out an id twice.
  checkTest(target, CREATE_ID_UNIQUE, (api) =>
    Promise.all(
      Array.from({ length: UNIQUE_CREATES }, (_, i) =>
        api.createPet(exampleNewPet(runId, `unique-${i}`)),
      ),
    ),
  );

  MUTATIONS.forEach((mutation, i) => {
    const check = INVALID_BODY_CHECKS[i];
    if (!check) throw new Error(`no check for mutation ${mutation.id}`);
    propertyTest(
      target,
      check,
      mutation.arb(runId),
      async (api, body) => {
        const ex =
          'raw' in body ? await api.createPetRaw(body.raw) : await api.createPet(body.json);
        return { body: 'raw' in body ? body.raw : jsonText(body.json), ex };
      },
      {
        independent: true,
        ...(mutation.maxRuns === undefined ? {} : { maxRuns: mutation.maxRuns }),
        ...(mutation.examples ? { examples: mutation.examples(runId) } : {}),
      },
    );
  });

  // Names of every kind of character (made before the seed pets), fetched one by one and read
  // in the first page of the store and of each status, where a store in creation order shows them.
  checkTest(target, NAME_UNICODE, async (api) => {
    const named = await unicodePets(target);
    const removed = getPetRemoved(target.ctx) !== undefined;
    const fetched = await Promise.all(
      named.map(({ created }) => {
        const id = exactPetId(created);
        return id === undefined || removed ? undefined : api.getPet(id);
      }),
    );
    const pages = await Promise.all(
      [undefined, ...PET_STATUSES].map((status) =>
        api.listPets({ limit: LIMIT.max, ...(status ? { status } : {}) }),
      ),
    );
    const observations: NameObservation[] = named.map(({ kind, name, created }, i) => ({
      kind: kind.id,
      label: kind.label,
      name,
      created,
      ...(fetched[i] ? { fetched: fetched[i] } : {}),
      pages,
    }));
    // A name read changed after createPet answered it exactly: the same name again, read at once.
    // One twin at a time: twins sent together queue their reads behind their creates and every
    // other check's requests (430 requests apart, once), and "at once" is lost.
    const judged: NameObservation[] = [];
    for (const o of observations) {
      const { problem, ex } = judgeName(o);
      judged.push(!problem || ex === o.created ? o : { ...o, twin: await twins(api, o, removed) });
    }
    return judged;
  });

  // Unknown members, and some a store may read as its own: the original Swagger Petstore's
  // `category` object, `tags` and `photoUrls`, and the known names in another letter case (JSON
  // names are case-sensitive: a binder that folds case takes their values instead).
  const EXTRA_FIELDS = [
    { nickname: 'Rexie' },
    { pcExtra: { nested: [1, 2] } },
    { tags: [] },
    { category: { id: 987654, name: 'cats' }, photoUrls: ['https://example.com/a.png'] },
    { tags: [{ id: 3, name: 'friendly' }], status_reason: 'new' },
    { Name: 'Shadow', CategoryId: 987654, Status: 'sold' },
    // Members a recursive merge follows onto Object.prototype (lodash.merge before 4.17.12): a
    // key check reading a flag from a fresh object then serves every request after it, which the
    // keyless sentinels at the run's end see. JSON.parse keeps `__proto__` an own member.
    ...POLLUTING_MEMBERS,
  ];
  eachTest(
    target,
    CREATE_EXTRA_FIELDS,
    EXTRA_FIELDS,
    async (api, extra) => {
      const sent = { ...exampleNewPet(runId, 'extra'), ...extra };
      return { sent, ex: await api.createPet(sent) };
    },
    'unknown extra fields were accepted and the known ones echoed',
  );

  // A NewPet carrying the id of a pet created just before: the id is the service's to assign.
  eachTest(
    target,
    CREATE_CLIENT_ID,
    [...CLIENT_ID_FORMS],
    async (api, form) => {
      const round = async (label: string): Promise<ClientIdObservation> => {
        const firstSent = exampleNewPet(runId, label);
        const first = { sent: firstSent, ex: await api.createPet(firstSent) };
        const id = exactPetId(first.ex);
        if (id === undefined) return { first, form, sent: firstSent, ex: first.ex };
        const sent = {
          [clientIdMember(form)]: form === 'as a string' ? id : BigInt(id),
          ...exampleNewPet(runId, `${label}-taken`),
        };
        const ex = await api.createPet(sent);
        const removed = getPetRemoved(target.ctx) !== undefined;
        return { first, form, sent, ex, ...(removed ? {} : { reread: await api.getPet(id) }) };
      };
      const observed = await round('client-id');
      // The pet gone: another client's delete, or the create's doing. The same on three other
      // pets at once tells them apart (another client would have to strike all four).
      if (observed.reread?.response?.status !== 404) return observed;
      // Beside them a control, a pet created and read in the same steps without a NewPet
      // carrying its id: a store that loses pets by itself (a retention job) loses it too.
      const control = async () => {
        const id = exactPetId(await api.createPet(exampleNewPet(runId, 'client-id-control')));
        await api.createPet(exampleNewPet(runId, 'client-id-control-next'));
        return id === undefined ? undefined : api.getPet(id);
      };
      const [again, kept] = await Promise.all([
        Promise.all(Array.from({ length: 3 }, (_, i) => round(`client-id-again-${i}`))),
        control(),
      ]);
      return { ...observed, again, ...(kept ? { control: kept } : {}) };
    },
    'a NewPet carrying an existing id got a new one, and the existing pet stayed itself',
  );

  // Every order of magnitude of a name's length, in names of each kind of character, and of a
  // whitespace run, up to the body cap; each pet read back at once. The small ones go together;
  // from ALONE_FROM characters on, one after another, so a large body never waits behind another
  // for its --timeout.
  checkTest(target, CREATE_MAGNITUDES, async (api) => {
    const reads = getPetRemoved(target.ctx) === undefined;
    const sends = magnitudeSends(runId, target.ctx.maxBodyBytes);
    const send = (s: (typeof sends)[number]) => s.send(api, reads);
    const creates = await Promise.all(sends.filter((s) => s.length < ALONE_FROM).map(send));
    for (const s of sends.filter((s) => s.length >= ALONE_FROM)) creates.push(await send(s));
    return creates;
  });
}

/** Sizes from which a CREATE-MAGNITUDES body is sent alone. */
const ALONE_FROM = 100_000;

/** What each kind of name is called in a verdict. */
const KIND_WORDS: Record<NameKind, string> = {
  letters: '',
  escapes: ', runs of quotes and backslashes',
  wide: ' of three UTF-8 bytes each',
  astral: ' past U+FFFF',
};

/**
 * Every create of CREATE-MAGNITUDES: names of each kind at the magnitudes its plan allows (all
 * of them fit one page together), and NewPets padded with whitespace at the letters'
 * magnitudes; each sent, then read back when `reads`.
 */
function magnitudeSends(runId: string, maxBodyBytes: number) {
  const plan = magnitudePlan(maxBodyBytes);
  const named = (Object.keys(plan) as NameKind[]).flatMap((kind) =>
    plan[kind].map((length) => {
      const sent = { name: nameOfLength(runId, length, kind), categoryId: length, status: 'sold' };
      const what = `a name of ${length} characters${KIND_WORDS[kind]}`;
      return { length, what, sent, create: (api: PetstoreApi) => api.createPet(sent) };
    }),
  );
  // Whitespace is not echoed: one order of magnitude past the cap too, past the body size
  // limits proxies and frameworks set by default (100 KB to a few MiB), whose refusal must still
  // be an Error (a proxy's own 413 page is not).
  const sizes = magnitudes(maxBodyBytes);
  const past = (sizes.at(-1) ?? 1) * 10;
  const padded = [...sizes, past].map((length) => {
    const { pet, text } = paddedNewPet(runId, length);
    const what = `a NewPet with ${length} characters of whitespace`;
    return { length, what, sent: pet, create: (api: PetstoreApi) => api.createPetRaw(text) };
  });
  return [...named, ...padded].map(({ length, what, sent, create }) => ({
    length,
    send: async (api: PetstoreApi, reads: boolean): Promise<SizedCreate> => {
      if (!reads) return { what, sent, ex: await create(api) };
      const { created, fetch } = await createAndReadBack(api, () => create(api));
      return { what, sent, ex: created, ...(fetch ? { fetch } : {}) };
    },
  }));
}

/**
 * The name of `o` created again and read back at once, and again (at most `left` times) while the
 * read shows it changed: another client would have to strike every one between create and read.
 */
async function twins(
  api: PetstoreApi,
  o: NameObservation,
  removed: boolean,
  left = 2,
): Promise<NameObservation> {
  const twin = await nameTwin(api, o, removed);
  const { problem, ex } = judgeName(twin);
  if (!problem || ex === twin.created || left <= 1) return twin;
  return { ...twin, twin: await twins(api, o, removed, left - 1) };
}

/** The name of `o` created again and read back at once: by getPet, or after the sunset by a page of its status. */
async function nameTwin(
  api: PetstoreApi,
  o: NameObservation,
  removed: boolean,
): Promise<NameObservation> {
  const sent = exactJson(o.created) as { categoryId?: unknown; status?: PetStatus };
  const body = {
    name: o.name,
    categoryId: BigInt(integerText(sent.categoryId) ?? '1'),
    ...(sent.status ? { status: sent.status } : {}),
  };
  const created = await api.createPet(body);
  const id = exactPetId(created);
  if (id === undefined) return { kind: o.kind, label: o.label, name: o.name, created, pages: [] };
  const query = { limit: LIMIT.max, ...(sent.status ? { status: sent.status } : {}) };
  const fetched = removed ? undefined : await api.getPet(id);
  const pages = removed ? [await api.listPets(query)] : [];
  const twin: NameObservation = { kind: o.kind, label: o.label, name: o.name, created, pages };
  return fetched ? { ...twin, fetched } : twin;
}
