import { timingSafeEqual } from 'node:crypto';
import { INT64, isPetStatus, LIMIT, VERSION_PREFIX } from '../contract/contract.ts';
import { badRequest, errorResponse, notFound, unauthorized } from './errors.ts';
import { deprecationHeaders, getPetIsGone, gone } from './lifecycle.ts';
import { parseNewPet } from './new-pet.ts';
import { PetStore } from './store.ts';
import type { AppRequest, AppResponse, Clock, Handler } from './types.ts';

export interface ReferenceOptions {
  apiKey: string;
  clock?: Clock;
  store?: PetStore;
}

const MAX_BODY_CHARS = 1024 * 1024;

function keyMatches(header: string | undefined, apiKey: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(apiKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function parseLimit(raw: string | null): number | undefined {
  if (raw === null) return LIMIT.default;
  if (!/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= LIMIT.min && n <= LIMIT.max ? n : undefined;
}

function listPets(store: PetStore, req: AppRequest): AppResponse {
  const limit = parseLimit(req.query.get('limit'));
  if (limit === undefined) {
    return badRequest(`limit must be an integer from ${LIMIT.min} to ${LIMIT.max}.`);
  }
  const status = req.query.get('status');
  if (status !== null && !isPetStatus(status)) {
    return badRequest('status must be one of available, pending, sold.');
  }
  return { status: 200, json: store.list({ limit, ...(status ? { status } : {}) }) };
}

function createPet(store: PetStore, req: AppRequest): AppResponse {
  if (req.body.length > MAX_BODY_CHARS) {
    return errorResponse(413, 'payload_too_large', 'The request body is too large.');
  }
  const parsed = parseNewPet(req.body);
  if (!parsed.ok) return badRequest(parsed.message);
  const pet = store.create(parsed.pet);
  return { status: 201, json: pet, headers: { location: `${VERSION_PREFIX}/pets/${pet.id}` } };
}

function getPet(store: PetStore, clock: Clock, rawId: string): AppResponse {
  if (getPetIsGone(clock)) return gone();
  const headers = deprecationHeaders();
  const id = /^-?\d{1,19}$/.test(rawId) ? BigInt(rawId) : undefined;
  if (id === undefined || id < INT64.min || id > INT64.max) {
    return { ...badRequest('petId must be an int64 integer.'), headers };
  }
  const pet = store.get(id);
  if (!pet) return { ...notFound(`Pet ${rawId}`), headers };
  return { status: 200, json: pet, headers };
}

// A malformed percent-escape is the client's mistake, never a reason for a 5xx.
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// RFC 3986 2.3, 6.2.2.2: a percent-encoded unreserved character is that character (`/v1/%70ets`
// is `/v1/pets`); the other escapes stay, their hex digits in one case (6.2.2.1).
export function normalizePath(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function methodNotAllowed(allow: string): AppResponse {
  return errorResponse(405, 'method_not_allowed', `Allowed: ${allow}.`, { allow });
}

/** The conformant reference implementation of the whole contract, as one handler. */
export function createReferenceApp(options: ReferenceOptions): Handler {
  const store = options.store ?? new PetStore();
  const clock = options.clock ?? (() => new Date());
  return (req) => {
    // Authentication comes before anything else, existence and validation included.
    if (!keyMatches(req.headers.authorization, options.apiKey)) return unauthorized();
    const path = normalizePath(req.path);
    // HEAD is GET without content (RFC 9110 9.3.2): node:http leaves the body out.
    const reads = req.method === 'GET' || req.method === 'HEAD';
    if (path === `${VERSION_PREFIX}/pets`) {
      if (reads) return listPets(store, req);
      if (req.method === 'POST') return createPet(store, req);
      return methodNotAllowed('GET, HEAD, POST');
    }
    const item = new RegExp(`^${VERSION_PREFIX}/pets/([^/]+)$`).exec(path);
    if (item?.[1] !== undefined) {
      if (reads) return getPet(store, clock, safeDecode(item[1]));
      return methodNotAllowed('GET, HEAD');
    }
    return notFound(`${req.method} ${path}`);
  };
}
