import { petName } from '../arbitraries/pet-name.ts';
import type { NotJudged, UnjudgedCode } from '../checks/types.ts';
import { INT64, LIMIT, PET_STATUSES, type PetStatus } from '../contract/contract.ts';
import { exactJson, exactPetId, integerText } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { petstoreApi } from '../http/petstore-api.ts';
import { BUDGET_SPENT, isRefusal, OUT_OF_TIME, UNRESPONSIVE } from '../http/throttle.ts';
import { lowestCreatedId } from './run-pets.ts';
import { SEED_LABEL } from './set-up-trouble.ts';
import type { PetToFetch } from './suite-run.ts';
import type { Target } from './target.ts';

const STATUS_CYCLE = [...PET_STATUSES, undefined];

const seedingApi = (target: Target) =>
  petstoreApi((options) => target.client.send({ ...options, check: SEED_LABEL }));

/** The pets the harness knows exist, and why there are not more when the run stopped sending. */
export interface Seeded {
  known: number;
  /** Pets known of each status (seen in its page, or created with it), when seeded by status. */
  ofStatus?: Partial<Record<PetStatus, number>>;
  /** The throttle's refusal (budget spent, target unresponsive) of a seeding request. */
  refused?: { code: string; message: string };
}

function seeded(known: number, answers: readonly Exchange[]): Seeded {
  const refusal = answers.find(isRefusal)?.error;
  return refusal === undefined ? { known } : { known, refused: refusal };
}

const pageLength = (page: Exchange) =>
  Array.isArray(page.response?.json) ? page.response.json.length : 0;

/**
 * Makes sure at least `min` pets exist, of every status, so limits and filters are tested on
 * more data than they let through; with `eachStatus`, more than `LIMIT.max` of each status too
 * (a limit with a status filter is judged on more data than it lets through; a full page of a
 * status gets one more pet). One round of pages, then one of creations, each sent together.
 */
export async function seedPets(
  target: Target,
  { min, eachStatus }: { min: number; eachStatus: boolean },
): Promise<Seeded> {
  const api = seedingApi(target);
  // A read-only run works on whatever data the target already holds.
  const byStatus = eachStatus && target.ctx.writes ? PET_STATUSES : [];
  const [page, statusPages] = await Promise.all([
    api.listPets({ limit: LIMIT.max }),
    Promise.all(byStatus.map((status) => api.listPets({ status, limit: LIMIT.max }))),
  ]);
  const seen = pageLength(page);
  if (!target.ctx.writes) return seeded(seen, [page]);
  const perStatus = byStatus.map((status, s) => {
    const seenOfStatus = statusPages[s] ? pageLength(statusPages[s]) : 0;
    const missing = seenOfStatus >= LIMIT.max ? 1 : LIMIT.max + 1 - seenOfStatus;
    // Among the last rounds, wherever those end: the store may hold sold pets already.
    const longFrom = Math.max(TWINS + 1, missing - LONG_SOLD.before);
    const long = (i: number) =>
      status === 'sold' && i >= longFrom && i < longFrom + LONG_SOLD.count;
    return Array.from({ length: missing }, (_, i) => {
      const name = petName(target.ctx.runId, i === TWINS ? 'twins' : `${status}-${i}`);
      return { ...seedFields(long(i) ? longSold(name) : name, i), status };
    });
  });
  // Statuses taken in turn, and a pet without a status every STATUSLESS_EVERY rounds: the
  // store's first page holds every status and pets without one, so a server that ignores the
  // status filter, or lets pets stored without a status through it, answers one with others.
  const ofEachStatus = interleave([...perStatus, statuslessPets(target, perStatus)]);
  const more = Math.max(0, min - seen - ofEachStatus.length);
  const bodies = [...ofEachStatus, ...Array.from({ length: more }, (_, i) => seedPet(target, i))];
  // Independent requests: sent together, up to the run's --concurrency (the throttle queues the rest).
  const answers = await Promise.all(bodies.map((body) => api.createPet(body)));
  const created = answers.filter((ex) => ex.response?.status === 201).length;
  const ofStatus = Object.fromEntries(
    byStatus.map((status, s) => {
      const made = answers.filter(
        (ex, i) => ex.response?.status === 201 && bodies[i]?.status === status,
      ).length;
      return [status, (statusPages[s] ? pageLength(statusPages[s]) : 0) + made];
    }),
  );
  return { ...seeded(seen + created, [page, ...statusPages, ...answers]), ofStatus };
}

/**
 * Rounds of the status seed pets between two pets seeded without a status. Pets of each status
 * alone left none without one (the default of `status` is not shown, so a server may store
 * none), and a server showing those in every status-filtered list passed: one every 10 rounds,
 * from the first round to the last, puts some among the first and the last pets of each status.
 */
export const STATUSLESS_EVERY = 10;

type SeedBody = { name: string; categoryId: number | bigint; status?: string };

/** Pets without a status, one every STATUSLESS_EVERY rounds and in the last; holes between. */
function statuslessPets(
  target: Target,
  perStatus: readonly SeedBody[][],
): (SeedBody | undefined)[] {
  const rounds = Math.max(0, ...perStatus.map((list) => list.length));
  return Array.from({ length: rounds }, (_, i) =>
    i % STATUSLESS_EVERY === 0 || i === rounds - 1
      ? seedFields(petName(target.ctx.runId, `statusless-${i}`), i)
      : undefined,
  );
}

/** The first item of each list, then the second of each, and so on (holes skipped). */
function interleave<T>(lists: readonly (T | undefined)[][]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) =>
    lists.flatMap((list) => list.slice(i, i + 1)).filter((item) => item !== undefined),
  ).flat();
}

/** Why checks that judge by existing pets cannot run, or undefined when some exist. */
export function noPetsReason({ known, refused }: Seeded): NotJudged | undefined {
  if (known > 0) return undefined;
  if (refused === undefined)
    return { code: 'precondition', message: 'no pets exist: nothing to judge limits by' };
  return {
    code: REFUSED_AS[refused.code] ?? 'precondition',
    message: `${refused.message} before any pet could be listed or created`,
  };
}

/** A seeding request the throttle refused, as the code of what it leaves unjudged. */
const REFUSED_AS: Readonly<Record<string, UnjudgedCode>> = {
  [UNRESPONSIVE]: 'target-unresponsive',
  [BUDGET_SPENT]: 'budget',
  [OUT_OF_TIME]: 'out-of-time',
};

/**
 * Names and categoryIds servers mangle (whitespace kept as sent, letters beyond ASCII, ids past
 * 32 bits and negative ones, names of 256, 2,400, 4,001 and 10,500 characters, line ends, XML's and SQL's
 * special characters, percent-escapes). The first seed pets of each kind carry them: the pages the checks
 * list (the store's first, each status's first) then hold pets worth comparing field by field.
 */
const MANGLED: readonly { name: (name: string) => string; categoryId: number | bigint }[] = [
  { name: (name) => `  ${name}\t `, categoryId: 2 ** 31 },
  { name: (name) => `${name} Ünïcødé 🐶 名前`, categoryId: Number.MAX_SAFE_INTEGER },
  { name: (name) => `${name} inner   runs  of    spaces`, categoryId: Number.MIN_SAFE_INTEGER },
  { name: (name) => `${name} combining e\u0301 a\u0308`, categoryId: -(2 ** 40) },
  // Past the lengths stores and list projections cut at (255, 1024, 2000 characters).
  { name: (name) => `${name} ${'a name that goes on '.repeat(120)}end`, categoryId: 2 ** 33 },
  // The empty name and the int64 bounds: a list writer that prints -2^63 by negating it, or
  // writes a falsy name as null, shows them wrong in pages only.
  { name: () => '', categoryId: INT64.min },
  { name: (name) => name, categoryId: INT64.max },
  // Line ends of every kind (a text-mode writer turns CR LF into LF), the characters XML and SQL
  // text escape (an adapter that keeps `&amp;`, a hand-built INSERT that doubles `'`), a name of
  // white space only (a parser drops it as ignorable), and one past 10,000 characters (an
  // index field's cap).
  { name: (name) => `${name} line\r\nends\rand\nbreaks`, categoryId: 5 },
  { name: (name) => `${name} O'Malley & <Rex> "the" 'pet' ''`, categoryId: 6 },
  { name: () => ' \t ', categoryId: 7 },
  { name: (name) => `${name} ${'a name past ten thousand '.repeat(420)}end`, categoryId: 8 },
  // Percent-escapes that decode, and a plus a form decoder reads as a space (a view that
  // "undoes" a double encoding shows `100% cotton`, `a/b c`): kept as written, the name is the
  // animal's.
  { name: (name) => `${name} 100%25 cotton a%2Fb%20c 1+1`, categoryId: 9 },
  // One past the widths columns are made with (VARCHAR(255), VARCHAR2(4000)): a store that keeps
  // longer names apart (an overflow table) and a view that joins it only past some length shows
  // them cut in pages alone.
  { name: (name) => paddedTo(`${name} `, 256), categoryId: 10 },
  { name: (name) => paddedTo(`${name} `, 4001), categoryId: 11 },
];

/** `text` followed by letters up to `length` characters (longer text as it is). */
const paddedTo = (text: string, length: number) =>
  `${text}${'w'.repeat(Math.max(0, length - text.length))}`;

/**
 * The round of the status seed pets whose pets share one name, one of each status: a view
 * that looks a pet's fields up by its name (a cache keyed by name) shows them all alike.
 */
const TWINS = MANGLED.length;

/**
 * Sold seed pets with names of 9,000 characters, 8 of the last 12 rounds: a page of 100 sold
 * pets passes 64 KiB, where a writer with a fixed buffer cuts it. Late rounds: only the few pages
 * of nearly 100 sold pets carry them, not every page the run reads (their records share a budget).
 */
const LONG_SOLD = { before: 12, count: 8 };
const longSold = (name: string) => `${name} ${'a long sold name '.repeat(529)}end`;

function seedFields(name: string, i: number) {
  const mangled = MANGLED[i];
  return mangled
    ? { name: mangled.name(name), categoryId: mangled.categoryId }
    : { name, categoryId: i };
}

function seedPet(target: Target, i: number) {
  const status = STATUS_CYCLE[i % STATUS_CYCLE.length];
  return {
    ...seedFields(petName(target.ctx.runId, `seed-${i}`), i),
    ...(status ? { status } : {}),
  };
}

/**
 * A pet to fetch, the same for every check of a run that asks: one the run created already, else
 * one the target already holds, else (when the run may write) a new one.
 */
export function somePet(target: Target): Promise<PetToFetch> {
  target.run.toFetch ??= findOrCreatePet(target);
  return target.run.toFetch;
}

async function findOrCreatePet(target: Target): Promise<PetToFetch> {
  // A pet the run created already (e.g. a seed pet) needs no request: the lowest id, so that
  // the choice is the same whichever creation came back first.
  const lowest = lowestCreatedId(target.run.pets);
  if (lowest !== undefined) return { id: lowest };
  const api = seedingApi(target);
  const page = await api.listPets({ limit: 1 });
  if (page.error) return { none: `${page.error.message} (listing a pet to fetch)` };
  const items = exactJson(page);
  const existing = Array.isArray(items)
    ? integerText((items[0] as { id?: unknown })?.id)
    : undefined;
  if (existing !== undefined) return { id: existing };
  if (!target.ctx.writes)
    return { none: 'no pet exists to fetch, and this run may not create one' };
  const created = await api.createPet({
    name: petName(target.ctx.runId, 'to-fetch'),
    categoryId: 1,
  });
  const id = exactPetId(created);
  if (created.response?.status === 201 && id !== undefined) return { id };
  const why = created.error?.message ?? `createPet answered ${created.response?.status}`;
  return { none: `no pet exists to fetch, and none could be created: ${why}` };
}
