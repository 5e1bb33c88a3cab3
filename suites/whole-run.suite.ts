import { boundaryNewPets } from '../src/arbitraries/new-pet.ts';
import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { petName } from '../src/arbitraries/pet-name.ts';
import { type Sandwich, sandwichProblem, statusSplit } from '../src/checks/agreement.ts';
import { KEYLESS } from '../src/checks/auth-table.ts';
import { DEPRECATION_EVERY_GETPET } from '../src/checks/deprecation.ts';
import { EVERY_ANSWER } from '../src/checks/every-answer.ts';
import { RUN_LIMIT_NO_EFFECT } from '../src/checks/limited-writes.ts';
import { LIST_NEXT_LINK, nextLinkQueries, smallerLimitQuery } from '../src/checks/next-link.ts';
import { type ReadBackProblem, RUN_READ_AFTER_WRITE } from '../src/checks/read-after-write.ts';
import { RUN_400_NO_EFFECT, RUN_401_NO_EFFECT } from '../src/checks/refused-writes.ts';
import {
  RUN_ID_UNIQUE,
  RUN_MIN_CREATIONS,
  RUN_PET_CONSISTENT,
  SPLIT_PAUSES_MS,
} from '../src/checks/run-wide.ts';
import { RUN_SENTINELS } from '../src/checks/sentinels.ts';
import { LIMIT, PET_STATUSES } from '../src/contract/contract.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { createAndReadBack, readTwins } from '../src/language/read-back.ts';
import type { FetchAgain } from '../src/language/read-backs.ts';
import { settledSince } from '../src/language/recheck-empty.ts';
import { isStatusOnly, lowestCreatedId, type Mismatch } from '../src/language/run-pets.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function wholeRunSuite(run: SuiteRun): void {
  // Registered last, its checks start after all others: they judge what those created and saw.
  const target = useTarget(run, { afterTheRest: true });
  const { runId } = target.ctx;
  /** Pets read again back to back at the end, at most. */
  const REREAD = 20;
  /** Next pages the service linked to, followed at most. */
  const NEXT_PAGES = 3;
  /** Fewer pets read back than this, and RUN-READ-AFTER-WRITE makes its own. */
  const READ_ALONE = 40;

  checkTest(target, RUN_ID_UNIQUE, async (api) => {
    const pets = target.run.pets;
    // However few pets the selected checks created, go past 100 creations.
    const missing = Math.max(0, RUN_MIN_CREATIONS - pets.creations);
    await Promise.all(
      Array.from({ length: missing }, (_, i) =>
        api.createPet({
          name: petName(runId, `run-${i}`),
          categoryId: i,
          status: PET_STATUSES[i % PET_STATUSES.length],
        }),
      ),
    );
    return { creations: pets.creations, distinct: pets.created.size, reused: pets.reused };
  });

  /** Every `step`-th id of a list in id order, at most `count`. */
  function spread(ids: string[], count: number): string[] {
    const sorted = [...ids].sort(byValue);
    const step = Math.max(1, Math.floor(sorted.length / count));
    return sorted.filter((_, i) => i % step === 0).slice(0, count);
  }

  /**
   * The pets to read again, at most REREAD: those seen with another name or category than
   * created, then those a page held (their two views can be compared at one moment), then
   * those whose status moved on, then a sample of the rest.
   */
  function toReread(pets: typeof target.run.pets): string[] {
    const [statusOnly, changed] = [true, false].map((only) => [
      ...new Set(pets.mismatches.filter((m) => isStatusOnly(m) === only).map((m) => m.id)),
    ]) as [string[], string[]];
    // Of each status the pets were created with, a few a page held: a view wrong for one status
    // alone shows in those.
    const ofStatus = (status: unknown) =>
      [...pets.listed].filter((id) => pets.created.get(id)?.pet.status === status);
    const listed = [undefined, ...PET_STATUSES].flatMap((s) => spread(ofStatus(s), 3));
    const ordered = [
      ...spread(changed, REREAD / 4),
      ...listed,
      ...spread(statusOnly, REREAD / 4),
      // As many as REREAD allows: the same number of reads whichever pets the pages held.
      ...spread([...pets.created.keys()], REREAD),
    ];
    return [...new Set(ordered)].slice(0, REREAD);
  }

  /** The store's first page, and each status's: the views of a pet between two getPet reads. */
  // The first page of the store and of each status, and the pages (reached by a next link, or
  // asked otherwise) where a pet looked unlike its creation: the very view is read again.
  const everyPage = (api: PetstoreApi) =>
    Promise.all([
      ...[undefined, ...PET_STATUSES].map((status) =>
        api.listPets({ limit: LIMIT.max, ...(status ? { status } : {}) }),
      ),
      ...mismatchPages(target.run.pets.mismatches, target.ctx.baseUrl).map((query) =>
        api.listPets(query),
      ),
    ]);

  /** The pages and getPet once more for each pet, from its last getPet on. */
  async function readAgain(api: PetstoreApi, last: readonly Sandwich[]): Promise<Sandwich[]> {
    const pages = await everyPage(api);
    const after = await Promise.all(last.map((r) => api.getPet(r.id)));
    return last.map((r, i) => ({
      id: r.id,
      before: r.after,
      middle: pages,
      after: after[i] as Exchange,
    }));
  }

  checkTest(target, RUN_PET_CONSISTENT, async (api) => {
    const pets = target.run.pets;
    // Alone (e.g. --only RUN-PET), the run has created nothing yet: a few pets to follow.
    if (pets.created.size === 0) {
      await Promise.all(
        PET_STATUSES.map((status, i) =>
          api.createPet({
            name: petName(runId, `follow-${status}`),
            // Odd, past 2^53: no double holds them, so a store that rounds shows it.
            categoryId: 2n ** 53n + 1n + 2n * BigInt(i),
            status,
          }),
        ),
      );
    }
    const ids = getPetRemoved(target.ctx) ? [] : toReread(pets);
    // getPet, the pages, getPet again, each round sent together: a pet's views between two
    // reads that agree must agree with them (pages are judged only for the pets they hold:
    // how to reach later pages is not shown).
    const before = await Promise.all(ids.map((id) => api.getPet(id)));
    const pages = await everyPage(api);
    const after = await Promise.all(ids.map((id) => api.getPet(id)));
    const rereads = ids.map((id, i) => ({
      id,
      before: before[i] as Exchange,
      middle: pages,
      after: after[i] as Exchange,
    }));
    // A status split between the views once may be a transition and its undoing: twice more,
    // some milliseconds apart (a hold that comes and goes does not keep in step with them).
    let split = rereads.filter((r) => statusSplit(r) !== undefined);
    const again: Sandwich[] = [];
    for (const pauseMs of split.length ? SPLIT_PAUSES_MS : []) {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const more = await readAgain(api, split);
      again.push(...more);
      split = split.filter((r) => more.some((m) => m.id === r.id && statusSplit(m) !== undefined));
      if (!split.length) break;
    }
    // A pet listed while getPet answers 404 around it: another client deleted it, and the
    // listing (a search index) may learn of that late, as it may of a create: asked once more
    // when --list-lag has passed since the first 404.
    const gone = rereads.filter((r) => sandwichProblem(r)?.code === 'listed-not-found');
    const [firstGone] = [...gone].sort((a, b) =>
      a.before.startedAt.localeCompare(b.before.startedAt),
    );
    await settledSince(target, firstGone?.before);
    const lagged = gone.length ? await readAgain(api, gone) : [];
    return { sightings: pets.sightings, mismatches: pets.mismatches, rereads, again, lagged };
  });

  // The last round of sentinel probes, then every probe of the run judged.
  checkTest(target, RUN_SENTINELS, async (api) => {
    target.run.sentinels.finalRound(api.send);
    return target.run.sentinels.observation();
  });

  // Every refused createPet of the run that carried a marked name, looked for in every page and
  // pet the run read, and in one more page of 100 (on a store listing newest first, the late ones).
  for (const check of [RUN_401_NO_EFFECT, RUN_400_NO_EFFECT]) {
    checkTest(target, check, async (api) => {
      await api.listPets({ limit: LIMIT.max });
      return target.run.answers.refused.observation();
    });
  }

  // Every createPet with the key and a NewPet that an error answered (413, 429, 503), looked for
  // by its name in every page and pet the run read, and in one more page of 100.
  checkTest(target, RUN_LIMIT_NO_EFFECT, async (api) => {
    await api.listPets({ limit: LIMIT.max });
    return target.run.answers.limitedWrites.observation();
  });

  // Every pet the run created was read straight after; those another client could have spoilt
  // are created again with the same request and read again.
  // Alone (e.g. --only RUN-READ), the run has created too little: the edge pairs, each read back.
  checkTest(target, RUN_READ_AFTER_WRITE, async (api) => {
    const { readBacks } = target.run;
    await readBacks.settled();
    const own =
      readBacks.active && readBacks.read < READ_ALONE
        ? await Promise.all(
            boundaryNewPets(runId).map((pet) => createAndReadBack(api, () => api.createPet(pet))),
          )
        : [];
    const again = new Map<ReadBackProblem, FetchAgain>();
    for (const [problem, options] of readBacks.toReplay())
      again.set(problem, await readTwins(api, () => api.send(options)));
    return readBacks.observation(again, own);
  });

  // The next pages the service linked to, on its own listPets path: those of two pages of its
  // own first (one filtered by status), then the run's.
  checkTest(target, LIST_NEXT_LINK, async (api) => {
    // Alone, on an empty store, a next page would hold nothing to judge: pets of two statuses.
    if (target.ctx.writes && target.run.pets.creations < NEXT_PAGES * 2)
      await Promise.all(
        ['sold', 'sold', 'sold', 'available', 'pending'].map((status, i) =>
          api.createPet({ name: petName(runId, `next-${i}`), categoryId: i, status }),
        ),
      );
    const own = await Promise.all([
      api.listPets({ status: 'sold', limit: 5 }),
      api.listPets({ limit: 5 }),
    ]);
    const base = new URL(target.ctx.baseUrl);
    const links = [
      ...own.map((ex): [string, string] => [ex.response?.headers.link ?? '', ex.request.url]),
      ...target.run.answers.links,
    ];
    const linked = links.flatMap(([value, url]) => nextLinkQueries(value, url, base));
    const followed = [...new Set(linked)].slice(0, NEXT_PAGES);
    // Each also with a smaller limit: a cursor's recorded page size must not outweigh it.
    const smaller = followed.flatMap((query) => smallerLimitQuery(query) ?? []);
    const queries = [...new Set([...followed, ...smaller])];
    const pages = await Promise.all(
      queries.map(async (query) => ({ query, ex: await api.listPets(query) })),
    );
    // A next link without the key: a cursor is no credential (Authentication, 1), however it
    // is signed. EVERY-ANSWER judges these answers (owed 401, and no pet shown).
    await Promise.all(queries.flatMap((query) => KEYLESS.map((k) => api.listPets(query, k.auth))));
    return { pages };
  });

  // Every deprecation notice a getPet answer of the run carried, whatever its status; and, for a
  // run of this check alone, two answers of its own: a pet of the run's and an unknown id.
  checkTest(
    target,
    DEPRECATION_EVERY_GETPET,
    async (api) => {
      const own = lowestCreatedId(target.run.pets);
      await Promise.all([api.getPet(UNKNOWN_IDS[0]), ...(own ? [api.getPet(own)] : [])]);
      const { notices, misplacedNotices } = target.run.answers;
      return {
        notices: [...notices.values()],
        misplaced: [...misplacedNotices.values()],
        today: target.ctx.today,
      };
    },
    { unlessSkipped: () => getPetRemoved(target.ctx) },
  );

  // Last of all: every answer the run received, the preflight's and the set-up's included.
  checkTest(target, EVERY_ANSWER, async () => target.run.answers.observation());
}

/** Decimal ids in numeric order. */
function byValue(a: string, b: string): number {
  const d = BigInt(a) - BigInt(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** Pages read again where a pet looked unlike its creation: at most this many. */
const MISMATCH_PAGES = 5;

/**
 * The queries of the listPets pages (of the run's base URL) where a created pet looked unlike its
 * creation, but the plain first pages: a view that only a page past the first shows (a search
 * index behind the next links) is asked again beside getPet, so the views are told apart.
 */
function mismatchPages(mismatches: readonly Mismatch[], baseUrl: string): string[] {
  const base = new URL(baseUrl);
  const list = `${base.pathname.replace(/\/+$/, '')}/pets`;
  const queries = mismatches.flatMap(({ seen }) => {
    if (seen.request.method !== 'GET' || !URL.canParse(seen.request.url)) return [];
    const url = new URL(seen.request.url);
    if (url.origin !== base.origin || url.pathname !== list) return [];
    const query = url.search.slice(1);
    return /^(limit=\d+(&status=\w+)?)?$/.test(query) ? [] : [query];
  });
  return [...new Set(queries)].slice(0, MISMATCH_PAGES);
}
