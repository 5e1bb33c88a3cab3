import type { Clause } from './types.ts';

/**
 * The normative statements of the contract (spec/petstore-interface.md), each with the
 * section it is written in and a short quote. Every clause is enforced by at least one check.
 */
export const CLAUSES = {
  json: {
    section: 'Endpoints',
    quote: 'Request and response bodies are `application/json`.',
  },
  authRequired: {
    section: 'Authentication, 1-2',
    quote:
      'Every operation requires HTTP bearer authentication. [...] `Authorization: Bearer <API_KEY>`.',
  },
  auth401: {
    section: 'Authentication, 3',
    quote: 'When the key is missing or invalid, the response is 401 with an Error body.',
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
  create201: {
    section: 'Endpoints, createPet',
    quote: '201 | Pet (with the assigned `id`) | Animal added.',
  },
  petFields: {
    section: 'Resources and their fields, Pet',
    quote:
      'A Pet has every field of NewPet plus: id [...] Unique identifier assigned by the service on creation.',
  },
  get200: {
    section: 'Endpoints, getPet',
    quote: '200 | Pet | Animal found.',
  },
} as const satisfies Record<string, Clause>;

export type ClauseKey = keyof typeof CLAUSES;
