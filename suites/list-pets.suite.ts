import {
  EVERY_LIMIT,
  EVERY_LIMIT_WITH_A_STATUS,
  INVALID_LIMITS,
  INVALID_STATUSES,
  MALFORMED_LIMITS,
  MALFORMED_STATUSES,
} from '../src/arbitraries/query.ts';
import { sendableValue } from '../src/base/field-value.ts';
import {
  LIST_200_PETS,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_INVALID,
  LIST_LIMIT_MAX,
  LIST_LIMIT_MIN,
  LIST_LIMIT_RANGE,
  LIST_LIMIT_STATUS,
  LIST_STATUS_CHECKS,
  LIST_STATUS_INVALID,
  type OddQueryObservation,
  SEEDED_LIST_CHECKS,
} from '../src/checks/list-pets.ts';
import { type CrossTagProbe, LIST_VALIDATOR_PER_QUERY } from '../src/checks/list-validators.ts';
import { NAME_UNICODE } from '../src/checks/names.ts';
import { exclusionReason } from '../src/checks/selection.ts';
import type { Check } from '../src/checks/types.ts';
import { LIMIT, PET_STATUSES } from '../src/contract/contract.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, eachTest, fixture, useTarget } from '../src/language/check-test.ts';
import { recheckEmpty } from '../src/language/recheck-empty.ts';
import { noPetsReason, seedPets } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';
import { unicodePets } from '../src/language/unicode-pets.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function listPetsSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // Names of every kind of character first: on a store that lists in creation order they lead
  // every page the list checks and the seeding read, so each is judged as listPets shows it.
  fixture(target, [NAME_UNICODE, ...SEEDED_LIST_CHECKS], () => unicodePets(target));
  // More pets than the largest page, and more than that of each status when LIST-LIMIT-STATUS
  // runs: otherwise a server ignoring limit or status would pass for lack of data. Created
  // before the checks, when one of them is selected.
  const knownPets = fixture(target, SEEDED_LIST_CHECKS, () =>
    seedPets(target, {
      min: LIMIT.max + 1,
      eachStatus: exclusionReason(LIST_LIMIT_STATUS.id, target.ctx) === undefined,
    }),
  );

  checkTest(target, LIST_200_PETS, (api) => api.listPets());

  // Pairs of queries whose pages differ on a store of several pets of each status: each page's
  // tag sent with the other query, as a client's cache keyed too loosely would.
  checkTest(target, LIST_VALIDATOR_PER_QUERY, async (api) => {
    const pairs = [
      ['status=available', 'status=sold'],
      ['limit=20', 'limit=1'],
      ['status=sold', 'status=pending'],
    ] as const;
    const probes: CrossTagProbe[] = [];
    for (const [from, to] of pairs) probes.push(await crossTagProbe(api, from, to));
    return { probes };
  });

  // With no pets at all, every limit is kept by an empty list: nothing would be judged.
  const whilePetsExist = {
    unlessSkipped: async () => noPetsReason(await knownPets()),
  };

  for (const [check, limit] of [
    [LIST_LIMIT_MIN, LIMIT.min],
    [LIST_LIMIT_MAX, LIMIT.max],
  ] as const) {
    checkTest(
      target,
      check,
      async (api) => {
        const ex = await api.listPets({ limit });
        const recheck = await recheckEmpty(target, api, ex, () => api.listPets({ limit }));
        return { limit, ex, known: (await knownPets()).known, ...(recheck ? { recheck } : {}) };
      },
      whilePetsExist,
    );
  }

  // The domain is 100 values: every one is sent, not a sample (a server failing limit=37 alone
  // passed ci's seed). Under a request budget the sweep stops at the check's share, in an
  // order that spreads over the range (EVERY_LIMIT), and its verdict says how many it sent.
  eachTest(
    target,
    LIST_LIMIT_RANGE,
    EVERY_LIMIT,
    async (api, limit) => ({ limit, ex: await api.listPets({ limit }) }),
    `every limit ${LIMIT.min}..${LIMIT.max}: 200 with at most limit Pets`,
    whilePetsExist,
  );

  checkTest(target, LIST_LIMIT_DEFAULT, async (api) => {
    const known = (await knownPets()).known;
    const ex = await api.listPets();
    const recheck = await recheckEmpty(target, api, ex, () => api.listPets());
    return { known, ex, ...(recheck ? { recheck } : {}) };
  });

  for (const status of PET_STATUSES) {
    checkTest(target, LIST_STATUS_CHECKS[status], async (api) => {
      const known = (await knownPets()).ofStatus?.[status];
      const query = { status, limit: LIMIT.max };
      const ex = await api.listPets(query);
      const recheck = known
        ? await recheckEmpty(target, api, ex, () => api.listPets(query), status)
        : undefined;
      return {
        status,
        ex,
        ...(known === undefined ? {} : { known }),
        ...(recheck ? { recheck } : {}),
      };
    });
  }

  let rechecksLeft = 3;
  // 300 pairs: every limit once with the statuses in turn, after the named pairs (see
  // EVERY_LIMIT_WITH_A_STATUS); cut by a budget as LIST-LIMIT-RANGE is.
  eachTest(
    target,
    LIST_LIMIT_STATUS,
    EVERY_LIMIT_WITH_A_STATUS,
    async (api, [limit, status]) => {
      const query = { limit, status };
      const ex = await api.listPets(query);
      const known = (await knownPets()).ofStatus?.[status];
      // A few second looks at empty pages are enough to tell; the rest are judged as seen.
      const empty = Array.isArray(ex.response?.json) && ex.response.json.length === 0;
      const recheck =
        known && empty && rechecksLeft-- > 0
          ? await recheckEmpty(target, api, ex, () => api.listPets(query), status)
          : undefined;
      return { ...query, ex, ...(known ? { known } : {}), ...(recheck ? { recheck } : {}) };
    },
    `every limit ${LIMIT.min}..${LIMIT.max} with a status, each status in turn, and 1, 2, 5, ${LIMIT.default}, ${LIMIT.max} with each: at most limit Pets, all of that status`,
    whilePetsExist,
  );

  /**
   * Each value of one query parameter outside its rules, sent alone; then `agented` sent again
   * from a store app (User-Agent: PetstoreApp/...): a gateway's tier for its own app must not
   * take a limit the contract refuses.
   */
  // Each value encoded, then the malformed escapes sent as written.
  const invalidQueryTest = (
    check: Check<OddQueryObservation>,
    name: string,
    values: readonly string[],
    malformed: readonly string[],
    what: string,
    agented: readonly string[] = [],
  ) =>
    eachTest(
      target,
      check,
      [
        ...values.map((value) => ({ value, written: encodeURIComponent(value) })),
        ...malformed.map((value) => ({ value, written: value })),
        ...agented.map((value) => ({ value, written: value, agent: APP_AGENT })),
      ],
      async (
        api,
        { value, written, agent }: { value: string; written: string; agent?: string },
      ) => ({
        query: `${name}=${JSON.stringify(value)}${agent ? ` from User-Agent: ${agent}` : ''}`,
        ex: agent
          ? await api.send({
              method: 'GET',
              path: '/pets',
              query: `${name}=${written}`,
              headers: { 'user-agent': agent },
            })
          : await api.listPets(`${name}=${written}`),
      }),
      `every ${what} (${values.length}, ${malformed.length} malformed escapes, ${agented.length} from a store app) got 400 Error`,
    );
  invalidQueryTest(
    LIST_LIMIT_INVALID,
    'limit',
    INVALID_LIMITS,
    MALFORMED_LIMITS,
    'out-of-range or non-integer limit',
    ['101', '200'],
  );
  invalidQueryTest(
    LIST_STATUS_INVALID,
    'status',
    INVALID_STATUSES,
    MALFORMED_STATUSES,
    'unknown status',
  );
}

/** A store app's User-Agent, as a gateway that tiers its own clients recognises. */
const APP_AGENT = 'PetstoreApp/3.2 (iOS 17.1; iPhone15,2)';

/** `from`'s page, then `to` with If-None-Match of its tag (when it has one), then `to` plainly. */
async function crossTagProbe(api: PetstoreApi, from: string, to: string): Promise<CrossTagProbe> {
  const tagged = await api.listPets(from);
  const etag = tagged.response?.headers.etag;
  const headers: Record<string, string> = sendableValue(etag) ? { 'if-none-match': etag } : {};
  const conditional = await api.send({ method: 'GET', path: '/pets', query: to, headers });
  const own = await api.listPets(to);
  return { from, to, tagged, conditional, own };
}
