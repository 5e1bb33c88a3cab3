import type { Clause } from './types.ts';

/**
 * The normative statements of the contract, each with the section it is written in and a short
 * quote: verbatim phrases of the contract, joined by ` [...] ` where words are left out.
 * docs/contract.md explains each clause (under its id) and what the harness accepts where the
 * contract leaves a choice; tests prove every clause is enforced by some check and appears there.
 */
const WORDING = {
  json: {
    section: 'Endpoints',
    quote: 'Request and response bodies are `application/json`.',
  },
  responses: {
    section: 'Endpoints, Responses of each operation; Errors',
    quote: 'Responses: [...] Other status codes, such as 403, 429 and 5xx: not shown.',
  },
  auth401: {
    section: 'Authentication, 1-3',
    quote:
      'Every operation requires HTTP bearer authentication. [...] When the key is missing or invalid, the response is 401 with an Error body.',
  },
  errorBody: {
    section: 'Errors',
    quote:
      'All error responses carry the Error body (`code`, `message`, `status`). `status` repeats the HTTP status code.',
  },
  list200: {
    section: 'Endpoints, listPets',
    quote:
      '200 | Pets (array of Pet) | Success. [...] The body is a bare array. No envelope is part of the contract.',
  },
  listLimit: {
    section: 'Endpoints, listPets; Limits',
    quote:
      'limit | integer | no | minimum 1, maximum 100, default 20 | Maximum number of animals to return.',
  },
  listLimitDefault: {
    section: 'Limits',
    quote: 'Page size, default | 20 | `listPets` (`limit`)',
  },
  listStatus: {
    section: 'Endpoints, listPets',
    quote:
      'status | PetStatus | no | one of `available`, `pending`, `sold` | Filters by availability status.',
  },
  newPet: {
    section: 'Endpoints, createPet; Resources and their fields, NewPet',
    quote:
      'Request body (required): NewPet. `name` and `categoryId` are required. [...] categoryId | integer | int64 | yes',
  },
  create201: {
    section: 'Endpoints, createPet',
    quote: '201 | Pet (with the assigned `id`) | Animal added.',
  },
  create400: {
    section: 'Endpoints, createPet',
    quote: '400 | Error | Body is missing required fields or contains invalid values.',
  },
  petFields: {
    section: 'Resources and their fields, Pet',
    quote: 'A Pet has every field of NewPet plus: [...] id | integer | int64 | yes',
  },
  petIdUnique: {
    section: 'Resources and their fields, Pet',
    quote: 'id [...] Unique identifier assigned by the service on creation.',
  },
  get200: {
    section: 'Endpoints, getPet',
    quote: '200 | Pet | Animal found.',
  },
  get404: {
    section: 'Endpoints, getPet',
    quote: '404 | Error | No animal with that identifier.',
  },
  getPetId: {
    section: 'Endpoints, getPet',
    quote: 'Path parameter: `petId`, integer (int64), required.',
  },
  versionPrefix: {
    section: 'What the service does; Versioning, 1',
    quote: 'Both base addresses end in the version prefix `/v1`.',
  },
  deprecated: {
    section: 'Endpoints, getPet',
    quote:
      'Deprecated. It is to be removed on 5 December 2030. The replacement is `GET /pets` with the `status` filter.',
  },
  sunset: {
    section: 'Endpoints, getPet; Versioning, 2',
    quote: '`GET /pets/{petId}` is deprecated and is removed on 5 December 2030.',
  },
} as const satisfies Record<string, Omit<Clause, 'id'>>;

export type ClauseKey = keyof typeof WORDING;

/** The clauses, each carrying its own stable id (the key). */
export const CLAUSES = Object.fromEntries(
  Object.entries(WORDING).map(([id, wording]) => [id, { id, ...wording }]),
) as { readonly [K in ClauseKey]: Clause };
