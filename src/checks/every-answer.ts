import { plural } from '../base/plural.ts';
import { quote } from '../base/quote.ts';
import { exactJson, exactPetId, integerText, sameValue, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { echoProblem } from './create-pet.ts';
import { type Finding, finding } from './finding.ts';
import { isOpenRefusal, openLimitAnswer } from './open-limits.ts';
import { isRedirect } from './out-of-domain.ts';
import {
  firstProblem,
  notErrorResponse,
  notJson,
  notPetPage,
  notSuccess,
  type Problem,
  serverError,
} from './problems.ts';
import {
  type ClassContext,
  classifyRequest,
  credentialOf,
  isStrayRequest,
  type RequestClass,
} from './request-class.ts';
import type { DimensionCount } from './request-space.ts';
import { sharedCacheProblem, sharedRefusalProblem } from './shared-cache.ts';
import { type Check, fail, type Judgement, pass, precondition, unjudged } from './types.ts';

/** What an answer is judged against: the request's context, and whether getPet is removed. */
export interface AnswerContext extends ClassContext {
  getPetRemoved: boolean;
}

/** The statuses the contract lists for a request of this class, and whether any 4xx Error goes. */
interface Owed {
  statuses: readonly number[];
  /** The contract prescribes no answer (input outside its rules): any 4xx with an Error body. */
  any4xx: boolean;
  why: string;
}

const ALL_LISTED = { listPets: [200, 401], createPet: [201, 400, 401], getPet: [200, 401, 404] };

/**
 * What the contract owes a request: 401 whatever the input without the right key
 * (Authentication, 3); with it, the success status for valid input, 400 for an invalid NewPet,
 * 200 or 404 for an int64 petId; any 4xx Error where it prescribes nothing. After the sunset
 * getPet's path may answer 404 or 410 before any key check.
 */
function owed(c: RequestClass, removed: boolean): Owed {
  const gone = c.operation === 'getPet' && removed;
  if (c.credential === 'none' || c.credential === 'wrong') {
    const why = `${c.credential === 'none' ? 'no' : 'a wrong'} key`;
    // A form only an RFC makes the contract's, or a request to another Host, may be refused as
    // a request not served (EQUIV-*, AUTH-PATH-SPELLINGS).
    const refusable = c.rfcForm === true || c.foreignHost === true;
    return { statuses: gone ? [401, 404, 410] : [401], any4xx: refusable, why };
  }
  if (gone) return { statuses: [404, 410], any4xx: false, why: 'getPet removed' };
  if (c.credential === 'unclear')
    return { statuses: ALL_LISTED[c.operation], any4xx: true, why: 'the key in another form' };
  if (c.input === 'open')
    return { statuses: ALL_LISTED[c.operation], any4xx: true, why: 'input outside the rules' };
  switch (c.operation) {
    case 'listPets':
      return { statuses: [200], any4xx: false, why: 'a valid query and the key' };
    case 'createPet':
      if (c.input === 'invalid')
        return { statuses: [400], any4xx: false, why: 'an invalid NewPet and the key' };
      return {
        statuses: [201],
        any4xx: c.input === 'extra',
        why: c.input === 'extra' ? 'a NewPet with unknown fields' : 'a valid NewPet and the key',
      };
    case 'getPet':
      return { statuses: [200, 404], any4xx: false, why: 'an int64 petId and the key' };
  }
}

const PET_MEMBERS = ['name', 'categoryId', 'status'] as const;

/**
 * A transfer coding in the answer to an HTTP/1.0 request: a 1.0 client knows none, and reads the
 * chunk sizes as part of the body, which is then no JSON. RFC 9112 6.1: "A server MUST NOT send
 * a response containing Transfer-Encoding unless the corresponding request indicates HTTP/1.1".
 */
function transferCodingTo10(ex: Exchange): Problem {
  const coding = ex.response?.headers['transfer-encoding'];
  if (ex.request.httpVersion !== '1.0' || coding === undefined) return undefined;
  const text = `Transfer-Encoding ${quote(coding, 40)} in the answer to an HTTP/1.0 request: a 1.0 client knows no transfer coding and reads the chunk sizes as the body (RFC 9112 6.1)`;
  return finding('transfer-coding-to-http10', { transferEncoding: coding }, text);
}

/** The request carries a validator precondition a 304 answers (If-None-Match, If-Modified-Since). */
const isConditional = (ex: Exchange) =>
  Object.keys(ex.request.headers).some((name) =>
    ['if-none-match', 'if-modified-since'].includes(name.toLowerCase()),
  );

/**
 * Two items of one page with the same id: a page is a list of animals, and an id identifies one
 * ("id ... Unique identifier"). Within one answer only: the store may change between two reads,
 * so a pet in two pages, or in two reads, is no failure.
 */
export function repeatedId(ex: Exchange): Problem {
  const items = exactJson(ex);
  if (!Array.isArray(items)) return undefined;
  const first = new Map<string, Record<string, unknown>>();
  for (const item of items as Record<string, unknown>[]) {
    const id = integerText(item?.id);
    if (id === undefined) continue;
    const before = first.get(id);
    if (!before) {
      first.set(id, item);
      continue;
    }
    const same = PET_MEMBERS.every((k) => sameValue(before[k], item[k]));
    return same
      ? finding('pet-listed-twice', { id }, `pet ${id} listed twice in one page`)
      : finding(
          'id-shared',
          { id },
          `two different animals share id ${id} in one page (${showValue(before.name)} and ${showValue(item.name)})`,
        );
  }
  return undefined;
}

/** A 2xx body as the request makes it owed: the page, the created pet, the pet asked for. */
function successProblem(ex: Exchange, c: RequestClass, status: number): Problem {
  if (c.operation === 'listPets') {
    return firstProblem(
      () => notPetPage(ex, c.limit ?? 100),
      () => repeatedId(ex),
      () => {
        if (c.status === undefined) return undefined;
        const items = (exactJson(ex) ?? []) as { id?: unknown; status?: unknown }[];
        const other = items.find((p) => p.status !== c.status);
        return other
          ? finding(
              'status-filter',
              { status: c.status },
              `pet ${showValue(other.id)} is not ${c.status} in a page filtered by it`,
            )
          : undefined;
      },
    );
  }
  if (c.operation === 'createPet') {
    return firstProblem(
      () => notSuccess(ex, status, 'pet', 'Pet'),
      () => (c.sent && c.input !== 'open' ? echoProblem(c.sent, ex) : undefined),
      () => (status === 201 ? locationProblem(ex) : undefined),
    );
  }
  return firstProblem(
    () => notSuccess(ex, status, 'pet', 'Pet'),
    () => {
      const got = exactPetId(ex);
      if (c.int64Id === undefined || got === undefined || sameValue(c.int64Id, BigInt(got)))
        return undefined;
      return finding(
        'other-pet',
        { asked: c.petId, got },
        `asked for id ${c.petId}, got pet ${got}`,
      );
    },
  );
}

/**
 * The invariants every answer of the contract's three operations keeps, whoever sent the
 * request (preflight, set-up, any check): no 5xx; a status the operation lists for such a
 * request, or a sane refusal (413 or 429 Error; any 4xx Error where the input is outside the
 * rules); `application/json` and JSON octets as sent (no BOM, valid UTF-8, framed by their
 * Content-Length); an Error whose `status` repeats the HTTP status; a 2xx body of the schema
 * its operation names, as the request makes it owed. Undefined when it keeps them all.
 */
export function answerProblem(ex: Exchange, c: RequestClass, removed: boolean): Problem {
  // A version the server does not serve, refused as such (RFC 9110 15.6.6), with the Error body.
  if (ex.response?.status === 505 && c.otherVersion) return notErrorResponse(ex, 505);
  const coded = transferCodingTo10(ex);
  if (coded) return coded;
  const broken = serverError(ex);
  if (broken || !ex.response) return broken;
  const { status } = ex.response;
  // A 304 answers a precondition the client sent with the key (RFC 9110 13.1.1, 13.1.3, 15.4.5):
  // its representation is the selected one. Whether it was, is LIST-VALIDATOR-PER-QUERY's.
  if (status === 304 && c.credential === 'key' && isConditional(ex)) return undefined;
  const { statuses, any4xx, why } = owed(c, removed);
  const client = status >= 400 && status < 500;
  // Where the contract prescribes nothing, a redirect that says where to go is sane too; and to
  // a request for another Host, a redirect to the service's own name serves nothing.
  const keyless = c.credential === 'none' || c.credential === 'wrong';
  const redirect = any4xx && (!keyless || c.foreignHost === true) && isRedirect(ex);
  const refusal = isOpenRefusal(status, c.credential === 'key') || (any4xx && client) || redirect;
  if (!statuses.includes(status) && !refusal) {
    // The same finding as the auth checks': one cause, said once in the reports.
    if (status >= 200 && status < 300 && (c.credential === 'none' || c.credential === 'wrong'))
      return finding('served-without-key', {}, 'served without the right key');
    const text = `${status} where ${statuses.join(' or ')} is owed (${why})`;
    return finding('status-mismatch', { expected: statuses, got: status }, text);
  }
  if (client) return notErrorResponse(ex, status);
  if (redirect && !statuses.includes(status)) return undefined;
  return firstProblem(
    () => notJson(ex),
    () => successProblem(ex, c, status),
  );
}

/** How deep and how wide a body is searched for pets (a hostile answer may nest without end). */
const PET_SEARCH = { depth: 6, nodes: 10_000 };

/**
 * The first pet of the store (an object with a name and an id some earlier answer gave a pet)
 * anywhere in `body`, whatever its status or envelope: a pet in an Error's extra member, or in
 * a 401 page, is served as surely as in a 200.
 */
export function petIn(body: unknown, known: ReadonlySet<string>): string | undefined {
  let nodes = 0;
  const search = (value: unknown, depth: number): string | undefined => {
    if (depth > PET_SEARCH.depth || ++nodes > PET_SEARCH.nodes) return undefined;
    if (typeof value !== 'object' || value === null) return undefined;
    const items = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) {
      const { id, name } = value as { id?: unknown; name?: unknown };
      const text = integerText(id);
      if (text !== undefined && typeof name === 'string' && known.has(text)) return text;
    }
    for (const item of items) {
      const found = search(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return search(body, 0);
}

/**
 * The run's tag and the ASCII label after it that open a pet's name (`pc-<runId>-m4.2-`): what a
 * pet's name is told by in any text, however the rest of the name is escaped or cut.
 */
const NAME_STEM = /pc-[0-9a-f]{8}-[A-Za-z0-9._-]*/g;

/** The stem (NAME_STEM) a pet's name opens with, or undefined for a name the run did not tag. */
export function nameStem(name: string): string | undefined {
  NAME_STEM.lastIndex = 0;
  const match = NAME_STEM.exec(name);
  // A bare tag (a name whose label opens with a character beyond ASCII) tells no pet apart.
  return match?.index === 0 && match[0].length > 'pc-01234567-'.length ? match[0] : undefined;
}

/** Everything a request said, as sent and with its percent-encoding undone. */
function askedText(ex: Exchange): string {
  const { url, body = '', headers } = ex.request;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A malformed escape: the URL as sent.
  }
  return [url, decoded, body, ...Object.values(headers)].join('\n');
}

/**
 * The stem of a pet the run made (`stems`) that an answer shows in its body or its fields and its
 * request did not carry: a 401 that names the pet (its message, a header), a page served to a
 * path no operation describes, whatever the body's format.
 */
export function revealedName(ex: Exchange, stems: ReadonlySet<string>): string | undefined {
  const res = ex.response;
  if (!res || stems.size === 0) return undefined;
  // Each text looked at as it is: a copy of a hostile megabyte body a request cost 13 ms.
  const said = [res.body, ...Object.values(res.headers).map(String)].filter((t) =>
    t.includes('pc-'),
  );
  if (said.length === 0) return undefined;
  const asked = askedText(ex);
  for (const text of said)
    for (const [stem] of text.matchAll(NAME_STEM))
      if (stems.has(stem) && !asked.includes(stem)) return stem;
  return undefined;
}

/**
 * A pet of the store in the answer to a request without the right key, whatever its status and
 * whatever the request (an operation, another path, any framing): as an object with an id some
 * earlier answer gave a pet (`known`), or by its name's stem (`stems`). Authentication, 1: every
 * operation requires the key; an answer that shows a pet without it has read the store for
 * anyone.
 */
export function keylessPetProblem(
  ex: Exchange,
  credential: RequestClass['credential'],
  known: ReadonlySet<string>,
  stems: ReadonlySet<string> = new Set(),
): Problem {
  if (credential !== 'none' && credential !== 'wrong') return undefined;
  const id = ex.response?.json === undefined ? undefined : petIn(exactJson(ex), known);
  if (id !== undefined) {
    const text = `the answer to a request without the right key holds pet ${id} of the store`;
    return finding('pets-without-key', { id }, text);
  }
  const stem = revealedName(ex, stems);
  if (stem === undefined) return undefined;
  const text = `the answer to a request without the right key shows the name of a pet of the store (${stem}...), which the request did not carry`;
  return finding('pets-without-key', { name: stem }, text);
}

/** One answer that broke an invariant: who sent the request, what it was, and why it fails. */
export interface Offence {
  label: string;
  problem: Finding;
  ex: Exchange;
  /** Its 413 or 429 is what fails (Around.limitIsTheFault). */
  limitIsTheFault?: true;
  /** Another answer that shows the offence (the larger body that was taken). */
  beside?: Exchange;
}

/** A createPet body, valid and with the key, and the size in octets it was sent at. */
export interface SizedBody {
  bytes: number;
  ex: Exchange;
  label: string;
}

/**
 * A 413 for a valid NewPet no larger than half a body the service took (201): no body size limit
 * refuses the smaller body (a limit on a field, which the contract does not set, does). The
 * contract leaves body size limits open, and nothing else: such a NewPet is owed 201.
 */
export function notASizeLimit(accepted?: SizedBody, refused?: SizedBody): Offence | undefined {
  if (!accepted || !refused || refused.bytes * 2 > accepted.bytes) return undefined;
  const text = `413 for a valid NewPet of ${refused.bytes} octets, though one of ${accepted.bytes} was taken (201): no body size limit refuses the smaller body, so a valid NewPet is owed 201`;
  const problem = finding(
    'not-a-size-limit',
    { refused: refused.bytes, accepted: accepted.bytes },
    text,
  );
  return {
    label: refused.label,
    problem,
    ex: refused.ex,
    limitIsTheFault: true,
    beside: accepted.ex,
  };
}

/** Every answer the run received, judged: how many were, how many broke an invariant, the first few. */
export interface AnswersObservation {
  judged: number;
  /** Answers to requests no operation describes, or cut at the size cap: not judged here. */
  outside: number;
  /** Of the judged, those that were a 413 or 429 Error (limits the contract leaves open). */
  limited?: number;
  offences: number;
  first: readonly Offence[];
  /** The request space the answered requests covered (report.json `coverage.dimensions`). */
  dimensions?: readonly DimensionCount[];
}

const CREDENTIAL_WORDS = {
  key: 'the key',
  none: 'no key',
  wrong: 'a wrong key',
  unclear: 'the key in another form',
} as const;

/** How an offence reads: the sender, the request, and what is wrong. */
export function offenceLabel(ex: Exchange, c: Pick<RequestClass, 'credential'>): string {
  const url = new URL(ex.request.url);
  const who = ex.check ?? 'the run';
  return `${ex.request.method} ${url.pathname}${url.search} (${CREDENTIAL_WORDS[c.credential]}, sent by ${who})`;
}

/**
 * Judges one exchange for the run's ledger: undefined when not judged here (no answer: the
 * check that sent it judges a hang; another route; a body cut at the cap), else its problem or
 * null when it keeps every invariant.
 */
export function judgeAnswer(
  ex: Exchange,
  ctx: AnswerContext,
  classified?: RequestClass,
  known: ReadonlySet<string> = new Set(),
): { problem: Finding | null; label: string; limited?: true } | undefined {
  if (!ex.response || ex.response.truncated) return undefined;
  const c = classified ?? classifyRequest(ex.request, ctx);
  if (!c) return undefined;
  const leak = keylessPetProblem(ex, c.credential, known);
  if (leak) return { problem: leak, label: offenceLabel(ex, c) };
  // With the key, a page a cache may give to anyone; without it, a 401 it may give to the key.
  const cached =
    c.credential === 'key'
      ? sharedCacheProblem(ex)
      : c.credential === 'unclear'
        ? undefined
        : sharedRefusalProblem(ex);
  if (cached) return { problem: cached, label: offenceLabel(ex, c) };
  // A 413 or 429 Error is a limit the contract leaves open: sane for any request, and it says
  // nothing of the clauses the request was sent for.
  if (openLimitAnswer([ex])) return { problem: null, label: '', limited: true };
  const problem = answerProblem(ex, c, ctx.getPetRemoved);
  return { problem: problem ?? null, label: problem ? offenceLabel(ex, c) : '' };
}

/**
 * A 201 whose Location names another pet than the one it shows: "the Location value refers to
 * the primary resource created by the request" (RFC 9110 10.2.2, 15.3.2), and a client that
 * follows it fetches another animal than the one added. A Location elsewhere is not judged.
 */
function locationProblem(ex: Exchange): Problem {
  return namedOtherPet(ex, 'location') ?? namedOtherPet(ex, 'content-location');
}

/**
 * A 201's `field` (Location: the resource created, RFC 9110 10.2.2; Content-Location: the
 * resource its content represents, 8.7) naming, on the contract's getPet path, another pet than
 * the one it shows.
 */
function namedOtherPet(ex: Exchange, field: 'location' | 'content-location'): Problem {
  const value = ex.response?.headers[field];
  const created = exactPetId(ex);
  if (!value || created === undefined || !URL.canParse(value, ex.request.url)) return undefined;
  const target = new URL(value, ex.request.url);
  const base = new URL(ex.request.url).pathname.replace(/\/pets$/, '');
  const named = /^\/pets\/(-?\d+)$/.exec(target.pathname.slice(base.length));
  if (!target.pathname.startsWith(base) || !named?.[1]) return undefined;
  if (sameValue(BigInt(named[1]), BigInt(created))) return undefined;
  const harm =
    field === 'location'
      ? 'a client following it fetches another animal than the one added (RFC 9110 10.2.2)'
      : 'it says the pet it holds is the representation of another animal, which a cache files under that id (RFC 9110 8.7)';
  const name = field === 'location' ? 'Location' : 'Content-Location';
  const text = `201 for pet ${created} with ${name} ${quote(value, 80)}, which names pet ${named[1]}: ${harm}`;
  return finding('location-other-pet', { created, [field]: value }, text);
}

/**
 * What an answer to a stray request (isStrayRequest: another path or method under the base
 * address) shows wrong. The contract owes it no status, but "All error responses carry the
 * Error body", and a 5xx is the service failing: 501, a method it does not implement (RFC 9110
 * 15.6.2), is a refusal as a 405 is, and carries the Error body too.
 */
export function strayAnswerProblem(ex: Exchange): Problem {
  const status = ex.response?.status;
  if (status === undefined) return undefined;
  const coded = transferCodingTo10(ex);
  if (coded) return coded;
  if (status < 400) return softError(ex, status);
  if (status >= 500 && status !== 501) return serverError(ex);
  return notErrorResponse(ex, status);
}

/**
 * An Error body under a status that is no error (an SPA fallback's 200 with `"status": 404`):
 * "All error responses carry the Error body [...] `status` repeats the HTTP status code". A
 * client that trusts the status line takes the refusal for a success.
 */
function softError(ex: Exchange, status: number): Problem {
  const body = exactJson(ex) as { code?: unknown; message?: unknown; status?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { code, message } = body;
  const said = integerText(body.status);
  if (typeof code !== 'string' || typeof message !== 'string' || said === undefined)
    return undefined;
  if (said === String(status)) return undefined;
  const text = `a ${status} answer carries an Error whose status is ${said}: an error answer's status repeats the HTTP status code`;
  return finding('soft-error', { httpStatus: status, errorStatus: said }, text);
}

/** judgeAnswer for a stray request (isStrayRequest), or undefined for any other request. */
export function judgeStray(
  ex: Exchange,
  ctx: AnswerContext,
): { problem: Finding | null; label: string; limited?: true } | undefined {
  if (!ex.response || ex.response.truncated || !isStrayRequest(ex.request, ctx)) return undefined;
  if (openLimitAnswer([ex])) return { problem: null, label: '', limited: true };
  const problem = strayAnswerProblem(ex);
  if (!problem) return { problem: null, label: '' };
  const credential = credentialOf(ex.request.headers, ctx.apiKey);
  return { problem, label: `${offenceLabel(ex, { credential })}, a path or method not shown` };
}

export const EVERY_ANSWER: Check<AnswersObservation> = {
  id: 'EVERY-ANSWER',
  title:
    'Every answer of the run (preflight, set-up and every check) has a status its operation lists for that request or a sane refusal, a body valid for it, application/json octets as sent, an Error repeating its status, no 5xx; none to a request without the right key holds a pet of the store, whatever its status, nor does a shared cache get leave to give it one (Cache-Control public without Vary: Authorization); and an error answer to another path or method under the base address is an Error',
  operation: 'all',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: false,
  judge: (observation) => {
    const judgement = judgeAnswers(observation);
    return observation.dimensions
      ? { ...judgement, dimensions: observation.dimensions }
      : judgement;
  },
};

function judgeAnswers(observation: AnswersObservation): Judgement {
  const { judged, outside, offences, first, limited = 0 } = observation;
  const [one] = first;
  if (one) {
    const more = offences > 1 ? ` (${offences} of ${judged} answers broke one)` : '';
    const around = { before: `${one.label}: `, after: more };
    if (one.limitIsTheFault)
      return fail(one.problem, [one.ex, ...(one.beside ? [one.beside] : [])], {
        ...around,
        limitIsTheFault: true,
      });
    const evidence = first.slice(0, 3).flatMap((o) => (o.beside ? [o.beside, o.ex] : [o.ex]));
    return fail(one.problem, evidence, around);
  }
  if (judged === limited && limited > 0) {
    const why = `every answer (${limited}) was a 413 or 429 Error, or a 503 shedding load that was waited out: limits the contract leaves open`;
    return unjudged('open-limit', why);
  }
  if (judged === 0) return precondition('no answer of the three operations to judge');
  const also = outside ? `; ${plural(outside, 'other answer')} not judged here` : '';
  return pass(`${plural(judged, 'answer')} judged, each sound${also}`);
}
