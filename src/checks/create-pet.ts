import { MUTATIONS } from '../arbitraries/invalid-new-pet.ts';
import { doubleRoundedInteger, exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { openLimitAnswer } from './open-limits.ts';
import { petDifferences } from './pet-fields.ts';
import {
  firstProblem,
  isClientError,
  notClientError,
  notErrorResponse,
  notSuccess,
  type Problem,
  unsound,
} from './problems.ts';
import { newPetInput } from './request-class.ts';
import { type Check, fail, judged, pass, warnOf } from './types.ts';

/** A create request and its answer. */
export interface CreateObservation {
  sent: Record<string, unknown>;
  ex: Exchange;
}

/** Fields sent must come back as sent; `status` only when it was sent (its default is not shown). */
export function echoProblem(sent: Record<string, unknown>, ex: Exchange): Problem {
  const fields = ['name', 'categoryId', ...('status' in sent ? ['status'] : [])];
  const diffs = petDifferences(sent, exactJson(ex) as Record<string, unknown>, fields);
  return diffs.length
    ? finding('not-echoed', { differences: diffs }, `fields not echoed: ${diffs.join('; ')}`)
    : undefined;
}

function judgeCreate({ sent, ex }: CreateObservation) {
  return judged(
    firstProblem(
      () => notSuccess(ex, 201, 'pet', 'Pet'),
      () => echoProblem(sent, ex),
    ),
    `201 with Pet id ${exactPetId(ex)}`,
    ex,
  );
}

export const CREATE_201_PET: Check<CreateObservation> = {
  id: 'CREATE-201-PET',
  title: 'POST /pets with a valid NewPet -> 201 Pet with an id, fields echoed',
  operation: 'createPet',
  clause: CLAUSES.petFields,
  level: 'MUST',
  writes: true,
  judge: judgeCreate,
};

export const CREATE_201_PROPERTY: Check<CreateObservation> = {
  id: 'CREATE-201-PROPERTY',
  title:
    'POST /pets with generated valid NewPets (Unicode and long names, int64 categoryIds, status or not) -> 201 Pet echoing them',
  operation: 'createPet',
  clause: CLAUSES.create201,
  level: 'MUST',
  writes: true,
  judge: judgeCreate,
};

export const CREATE_ID_UNIQUE: Check<Exchange[]> = {
  id: 'CREATE-ID-UNIQUE',
  title: 'POST /pets several times -> every Pet gets an id no other has',
  operation: 'createPet',
  clause: CLAUSES.petIdUnique,
  level: 'MUST',
  writes: true,
  judge: (exchanges) => {
    const seen = new Map<string, Exchange>();
    for (const ex of exchanges) {
      const problem = notSuccess(ex, 201, 'pet', 'Pet');
      if (problem) return fail(problem, [ex]);
      const id = String(exactPetId(ex));
      const earlier = seen.get(id);
      if (earlier)
        return fail(finding('id-reused', { id }, `id ${id} was assigned twice`), [earlier, ex]);
      seen.set(id, ex);
    }
    return pass(`${seen.size} creates, ${seen.size} distinct ids`);
  },
};

/** An invalid body, described, and the answer to it. */
export interface InvalidBodyObservation {
  body: string;
  ex: Exchange;
}

function invalidBodyCheck(mutationId: string, label: string): Check<InvalidBodyObservation> {
  return {
    id: `CREATE-400-${mutationId}`,
    title: `POST /pets ${label} -> 400 Error`,
    operation: 'createPet',
    clause: CLAUSES.create400,
    level: 'MUST',
    writes: true,
    judge: ({ body, ex }) => {
      const asDouble = ex.response?.status === 201 ? readAsDouble(body) : undefined;
      if (asDouble) return judgeReadAsDouble(asDouble, ex);
      return judged(notErrorResponse(ex, 400), '400 with a valid Error body', ex);
    },
  };
}

/**
 * A NewPet whose categoryId is a fraction a double rounds to an integer, read that way: the
 * body as the request class reads it (which leaves such a body open, for EVERY-ANSWER too).
 */
function readAsDouble(body: string): Record<string, unknown> | undefined {
  const { sent } = newPetInput(body);
  const rounded = sent ? doubleRoundedInteger(sent.categoryId) : undefined;
  return rounded === undefined ? undefined : { ...sent, categoryId: rounded };
}

/**
 * A 201 for a fraction a double rounds to an integer: a reader with a double's precision (RFC
 * 8259 6 lets a parser limit it) saw that integer, a valid NewPet. It must then be the Pet it
 * read. That the fraction was lost, not refused, rests on how far the RFC lets precision go:
 * it fails under certify only (settle reads `rfc`), and warns elsewhere.
 */
function judgeReadAsDouble(read: Record<string, unknown>, ex: Exchange) {
  const problem = firstProblem(
    () => notSuccess(ex, 201, 'pet', 'Pet'),
    () => echoProblem(read, ex),
  );
  if (problem) return fail(problem, [ex]);
  const lost = fail(
    `201 with categoryId ${String(read.categoryId)}: the fraction sent was read with a double's precision and lost rather than refused (RFC 8259 6 lets a parser limit precision: fails under certify)`,
    [ex],
  );
  return { ...lost, rfc: 'RFC 8259 6' };
}

/** One check per named invalidity, e.g. `CREATE-400-MISSING-NAME`. */
export const INVALID_BODY_CHECKS: readonly Check<InvalidBodyObservation>[] = MUTATIONS.map((m) =>
  invalidBodyCheck(m.id, m.label),
);

/** The flags an authorisation check may read from an object that inherits them. */
const GRANTS = '{"authenticated":true,"authorized":true,"isAuthenticated":true,"isAdmin":true}';

/**
 * NewPet members that pollute Object.prototype through a merge that follows them: `__proto__`,
 * and `constructor.prototype`. Parsed from JSON, so `__proto__` is an own member (an object
 * literal would set the prototype instead).
 */
export const POLLUTING_MEMBERS: readonly Record<string, unknown>[] = [
  JSON.parse(`{"__proto__":${GRANTS}}`),
  JSON.parse(`{"constructor":{"prototype":${GRANTS}}}`),
];

/** A body carrying a member that may pollute a prototype, which a JSON parser may refuse. */
const polluting = (sent: unknown) =>
  sent !== null &&
  typeof sent === 'object' &&
  (Object.hasOwn(sent, '__proto__') || Object.hasOwn(sent, 'constructor'));

export const CREATE_EXTRA_FIELDS: Check<CreateObservation> = {
  id: 'CREATE-EXTRA-FIELDS',
  title:
    'POST /pets with unknown extra fields (also __proto__ and constructor.prototype members, whose refusal is sane) -> 201 Pet or any 4xx Error (which one: warn), never 5xx',
  operation: 'createPet',
  clause: CLAUSES.newPet,
  level: 'MUST',
  writes: true,
  judge: ({ sent, ex }) => {
    const broken = unsound(ex);
    if (broken) return fail(broken, [ex]);
    // The contract says nothing of extra fields: refusing them with 400, 422 or another 4xx
    // is equally sane, as long as the answer is an Error.
    if (isClientError(ex)) {
      const problem = notClientError(ex);
      if (problem) return fail(problem, [ex]);
      // A parser that guards against prototype poisoning (Fastify's) refuses `__proto__`: sane.
      // (A 413 or 429 is a limit, left unjudged as for any body: warnOf.)
      if (polluting(sent) && !openLimitAnswer([ex]))
        return pass(`refused a member that may pollute a prototype: ${ex.response?.status}`);
      return warnOf(
        `rejected unknown fields with ${ex.response?.status} (the contract does not say; clients adding fields will break)`,
        ex,
      );
    }
    return judgeCreate({ sent, ex });
  },
};

export const CREATE_CHECKS = [
  CREATE_201_PET,
  CREATE_201_PROPERTY,
  CREATE_ID_UNIQUE,
  ...INVALID_BODY_CHECKS,
  CREATE_EXTRA_FIELDS,
] as const;
