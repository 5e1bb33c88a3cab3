import { deflateSync, gzipSync } from 'node:zlib';
import { stringify } from 'lossless-json';
import { refusedMark } from '../arbitraries/pet-name.ts';
import type { PetStatus } from '../contract/contract.ts';
import type { ChunkFraming } from '../http/chunk-framing.ts';
import type { SendOptions } from '../http/client.ts';

/**
 * Requests that mean the same thing, by the RFCs the contract brings in (docs/equivalences.md,
 * one row per relation there): RFC 3986 (URIs), RFC 9110 (semantics), RFC 9112 (HTTP/1.1),
 * RFC 6750 (bearer tokens), RFC 8259 (JSON). Each relation sends its forms three times: with the
 * valid key each is owed the outcome the contract fixes for the request it means; with a wrong
 * key, and with none, each is owed 401. The forms are fixed, not drawn: every relation is sent
 * whatever the seed.
 */

/** The part of a request a relation touches; its check is named after it. */
export const FAMILIES = {
  URI: 'target URI',
  FIELDS: 'field names and values',
  CREDENTIALS: 'credentials',
  MEDIA: 'media types',
  FRAMING: 'content coding and framing',
  JSON: 'JSON text',
} as const;
export type Family = keyof typeof FAMILIES;

/** What a form means: the request of the contract it is another way of writing. */
export type Meaning =
  | { op: 'listPets'; limit?: number; status?: PetStatus }
  | { op: 'createPet'; pet: { name: string; categoryId: number | bigint; status?: PetStatus } }
  | { op: 'getPet'; id: string }
  /** GET of a petId no pet has (404 Error), or a body that is no NewPet (400 Error). */
  | { op: 'unknownPet'; id: string }
  | { op: 'invalidPet'; body: Record<string, unknown> };

/** The key a form carries: the valid one, a wrong one, or none at all. */
export type KeyState = 'valid' | 'wrong' | 'none';

/** One way of writing a request: what it means, and how it is sent with a given token. */
export interface Form {
  label: string;
  meaning: Meaning;
  /** The request carrying `token` in this form's way; undefined: no key at all. */
  request(token: string | undefined): SendOptions;
}

/** What the forms are built from: a pet to fetch, names that mark the run's pets. */
export interface FormContext {
  petId: string;
  runId: string;
  /**
   * The forms go without the valid key: the NewPets they carry are named as refused writes
   * (refusedMark), so a pet stored all the same shows in RUN-401-NO-EFFECT.
   */
  refused?: boolean;
  /** The target's host, as the Host field names it, e.g. `petstore.example:8443`. */
  host: string;
  /** A petId no pet has (the unknown-id probe's), for the forms owed 404. */
  unknownId?: string;
}

export interface Relation {
  /** Stable id, counted in report.json's `coverage.equivalences`. */
  id: string;
  family: Family;
  /** The RFC sections that make the forms equivalent. */
  rfc: string;
  /** The forms, in words. */
  says: string;
  /**
   * A refusal an RFC allows for some form (a MAY): these statuses with an Error body warn, or,
   * `quiet`, pass (the contract's own words allow it as readily as the form).
   */
  refusal?: { statuses: readonly number[]; rfc: string; quiet?: true };
  /**
   * `rfc`: with the valid key, the forms are one request by the RFC alone, and the contract's
   * text writes none of it out (it writes `Authorization: Bearer <API_KEY>`, `GET /pets`, a
   * body of application/json): a form not served alike fails under certify and warns
   * elsewhere, as HTTP's own MUSTs do. Without the key every form is owed the contract's 401.
   * Absent: the contract's own words fix the outcome (a query parameter is its decoded name
   * and value; a JSON text is the value it denotes).
   */
  basis?: 'rfc';
  /**
   * A 206 is judged as the 200 it is part of (RFC 9110 15.3.7): the form asks for a range, which
   * a server may honour (14.2), so long as the page keeps the contract's limits.
   */
  partial?: true;
  forms(ctx: FormContext): Form[];
}

const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

/** A request written with the plain bearer field, the rest as given. */
function plain(meaning: Meaning, label: string, shape: Partial<SendOptions> = {}): Form {
  return {
    label,
    meaning,
    request: (token) => ({
      ...pathOf(meaning),
      ...shape,
      auth: 'none',
      headers: { ...bearer(token), ...shape.headers },
    }),
  };
}

/** The method and path a meaning is sent to, written plainly. */
function pathOf(meaning: Meaning): Pick<SendOptions, 'method' | 'path' | 'query' | 'json'> {
  if (meaning.op === 'getPet' || meaning.op === 'unknownPet')
    return { method: 'GET', path: `/pets/${meaning.id}` };
  if (meaning.op === 'invalidPet') return { method: 'POST', path: '/pets', json: meaning.body };
  if (meaning.op === 'createPet') return { method: 'POST', path: '/pets', json: meaning.pet };
  const query: Record<string, string> = {};
  if (meaning.limit !== undefined) query.limit = String(meaning.limit);
  if (meaning.status !== undefined) query.status = meaning.status;
  return { method: 'GET', path: '/pets', ...(Object.keys(query).length ? { query } : {}) };
}

/** Every character of `text` percent-encoded (RFC 3986 2.1), hex digits upper-case. */
const encodeAll = (text: string, lower = false) =>
  [...Buffer.from(text)]
    .map((b) => `%${b.toString(16).padStart(2, '0')[lower ? 'toLowerCase' : 'toUpperCase']()}`)
    .join('');

/** A name with characters each JSON form may write otherwise: ASCII, `/`, `"`, ü and an astral. */
export const formName = (runId: string, label: string, refused = false) =>
  `${refused ? refusedMark(runId) : `pc-${runId}-`}eq-${label} a/"ü🐶`;

const newPet = (ctx: FormContext, label: string, status?: PetStatus): Meaning => ({
  op: 'createPet',
  pet: {
    name: formName(ctx.runId, label, ctx.refused),
    categoryId: 28,
    ...(status ? { status } : {}),
  },
});

/** A NewPet's JSON text in three pieces. */
export const inThree = (text: string) => [text.slice(0, 5), text.slice(5, 20), text.slice(20)];

/**
 * A NewPet sent chunked (no Content-Length), in the pieces `split` makes of its text; its chunks
 * carry `framing`'s extensions and trailer when given.
 */
function chunkedForm(
  ctx: FormContext,
  label: string,
  split: (text: string) => string[],
  framing?: { chunkFraming: ChunkFraming; headers?: Record<string, string> },
): Form {
  const meaning = newPet(ctx, label) as Extract<Meaning, { op: 'createPet' }>;
  const bodyChunks = split(JSON.stringify(meaning.pet));
  return plain(meaning, label, { json: undefined, bodyChunks, ...framing });
}

/** A NewPet sent chunked in three pieces, its chunks framed as `chunkFraming` says. */
const framedForm = (
  ctx: FormContext,
  label: string,
  chunkFraming: ChunkFraming,
  headers?: Record<string, string>,
): Form => chunkedForm(ctx, label, inThree, { chunkFraming, ...(headers ? { headers } : {}) });

/**
 * NewPets the contract owes a 400, each a value a lenient path coerces or lets by: a categoryId
 * in a string, a categoryId with a fraction, a status outside PetStatus. Sent in a form of their
 * own, they show a validation that only the plain form goes through.
 */
function invalidNewPets(
  ctx: FormContext,
  label: string,
): { label: string; body: Record<string, unknown> }[] {
  const name = (what: string) => formName(ctx.runId, `${label}-${what}`, true);
  return [
    { label: 'categoryId "12"', body: { name: name('string-id'), categoryId: '12' } },
    { label: 'categoryId 1.5', body: { name: name('fraction'), categoryId: 1.5 } },
    { label: 'status "adopted"', body: { name: name('status'), categoryId: 1, status: 'adopted' } },
  ];
}

/** Each of invalidNewPets in the shape `shape` gives its text (a content type, chunks, HTTP/1.0). */
const invalidForms = (
  ctx: FormContext,
  label: string,
  shape: (text: string) => Partial<SendOptions>,
): Form[] =>
  invalidNewPets(ctx, label).map(({ label: what, body }) =>
    plain({ op: 'invalidPet', body }, `${label}, an invalid NewPet (${what})`, {
      ...shape(JSON.stringify(body)),
    }),
  );

/** A NewPet created with the Content-Type field written as `type`. */
const typed = (ctx: FormContext, label: string, type: string): Form =>
  plain(newPet(ctx, label), `Content-Type: ${type}`, { headers: { 'content-type': type } });

/** A NewPet as JSON text, written by `write` (member order, spacing, escapes). */
function jsonForm(
  meaning: Extract<Meaning, { op: 'createPet' }>,
  label: string,
  text: string,
): Form {
  return plain(meaning, label, { method: 'POST', path: '/pets', json: undefined, rawBody: text });
}

/**
 * A string as JSON with every character escaped as \uXXXX (surrogate pairs for astral ones),
 * but for its first `keep`: the run's mark stays legible, as in every name the run sends.
 */
const escapeAll = (text: string, upper: boolean, keep = 0) =>
  `"${text.slice(0, keep)}${[...text.slice(keep)]
    .flatMap((ch) => {
      const units = ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [ch.charCodeAt(0)];
      return units.map((u) => {
        const hex = u.toString(16).padStart(4, '0');
        return `\\u${upper ? hex.toUpperCase() : hex}`;
      });
    })
    .join('')}"`;

/** The key as the Authorization field carries it in one credential form. */
const scheme =
  (write: (token: string) => string, bare: string) =>
  (meaning: Meaning, label: string): Form => ({
    label,
    meaning,
    request: (token) => ({
      ...pathOf(meaning),
      auth: 'none',
      headers: { authorization: token === undefined ? bare : write(token) },
    }),
  });

export const RELATIONS: readonly Relation[] = [
  {
    id: 'uri-pct-unreserved-path',
    family: 'URI',
    basis: 'rfc',
    rfc: 'RFC 3986 2.3, 6.2.2.2; RFC 9110 4.2.3',
    says: 'an unreserved character of the path percent-encoded: /v1/%70ets is /v1/pets, /pets/%31%32 is /pets/12',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 3 }, 'GET /%70ets?limit=3', {
        path: '/%70ets',
        query: 'limit=3',
      }),
      plain({ op: 'getPet', id: ctx.petId }, `GET /pets/${encodeAll(ctx.petId)}`, {
        path: `/pets/${encodeAll(ctx.petId)}`,
      }),
      plain(newPet(ctx, 'path'), 'POST /%70%65%74%73', { path: '/%70%65%74%73' }),
    ],
  },
  {
    id: 'uri-pct-unreserved-query',
    family: 'URI',
    rfc: 'RFC 3986 2.3, 3.4, 6.2.2.2',
    says: 'query names and values with unreserved characters percent-encoded: %6Cimit=%31%30 is limit=10',
    forms: () => [
      plain({ op: 'listPets', limit: 10 }, '?%6Cimit=%31%30', { query: '%6Cimit=%31%30' }),
      plain({ op: 'listPets', limit: 5, status: 'sold' }, '?limit=5&%73tatus=%73old', {
        query: 'limit=5&%73tatus=%73old',
      }),
      plain(
        { op: 'listPets', limit: 2, status: 'available' },
        `?status=${encodeAll('available')}&limit=%32`,
        {
          query: `status=${encodeAll('available')}&limit=%32`,
        },
      ),
    ],
  },
  {
    id: 'uri-pct-hex-case',
    family: 'URI',
    basis: 'rfc',
    rfc: 'RFC 3986 2.1, 6.2.2.1',
    says: 'the hex digits of a percent-encoding in either case: %6c is %6C',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 4, status: 'pending' }, '?%6cimit=4&status=pe%6eding', {
        query: '%6cimit=4&status=pe%6eding',
      }),
      plain({ op: 'getPet', id: ctx.petId }, `GET /pets/${encodeAll(ctx.petId, true)}`, {
        path: `/pets/${encodeAll(ctx.petId, true)}`,
      }),
    ],
  },
  {
    id: 'uri-absolute-form',
    family: 'URI',
    basis: 'rfc',
    rfc: 'RFC 9112 3.2.2 (a server MUST accept the absolute-form); RFC 9110 7.1',
    says: 'the request target in absolute-form: GET http://host/v1/pets?limit=2 is GET /v1/pets?limit=2',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'GET http://host/v1/pets?limit=2', {
        query: 'limit=2',
        absoluteForm: true,
      }),
      plain({ op: 'getPet', id: ctx.petId }, `GET http://host/v1/pets/${ctx.petId}`, {
        absoluteForm: true,
      }),
      plain(newPet(ctx, 'absolute'), 'POST http://host/v1/pets', { absoluteForm: true }),
    ],
  },
  {
    id: 'uri-host-case',
    family: 'URI',
    basis: 'rfc',
    rfc: 'RFC 3986 3.2.2, 6.2.2.1; RFC 9110 4.2.3, 7.2',
    says: 'the host in the Host field in upper case (the host is case-insensitive)',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 1 }, `Host: ${ctx.host.toUpperCase()}`, {
        headers: { host: ctx.host.toUpperCase() },
      }),
    ],
  },
  {
    id: 'field-name-case',
    family: 'FIELDS',
    rfc: 'RFC 9110 5.1',
    says: 'field names in any letter case: AUTHORIZATION, Accept, CONTENT-TYPE',
    forms: (ctx) => {
      const named = (meaning: Meaning, label: string, names: Record<string, string>): Form => ({
        label,
        meaning,
        request: (token) => ({
          ...pathOf(meaning),
          auth: 'none',
          dropHeaders: ['accept'],
          headers: {
            ...(token === undefined ? {} : { [names.auth as string]: `Bearer ${token}` }),
            [names.accept as string]: 'application/json',
            ...(meaning.op === 'createPet' ? { [names.type as string]: 'application/json' } : {}),
          },
        }),
      });
      return [
        named({ op: 'listPets', limit: 2 }, 'AUTHORIZATION, ACCEPT', {
          auth: 'AUTHORIZATION',
          accept: 'ACCEPT',
        }),
        named({ op: 'getPet', id: ctx.petId }, 'Authorization, Accept', {
          auth: 'Authorization',
          accept: 'Accept',
        }),
        named(newPet(ctx, 'names'), 'aUtHoRiZaTiOn, CONTENT-TYPE', {
          auth: 'aUtHoRiZaTiOn',
          accept: 'accept',
          type: 'CONTENT-TYPE',
        }),
      ];
    },
  },
  {
    id: 'field-value-ows',
    family: 'FIELDS',
    rfc: 'RFC 9110 5.5, 5.6.3; RFC 9112 5.1',
    says: 'whitespace around a field value is no part of it: "Authorization: \\t Bearer K \\t"',
    forms: (ctx) => {
      const padded = (meaning: Meaning, label: string, pad: string): Form => ({
        label,
        meaning,
        request: (token) => ({
          ...pathOf(meaning),
          auth: 'none',
          headers: {
            ...(token === undefined ? {} : { authorization: `${pad}Bearer ${token}${pad}` }),
            accept: `${pad}application/json${pad}`,
            ...(meaning.op === 'createPet'
              ? { 'content-type': `${pad}application/json${pad}` }
              : {}),
          },
        }),
      });
      return [
        padded({ op: 'listPets', limit: 2 }, 'values padded with spaces', '   '),
        padded({ op: 'getPet', id: ctx.petId }, 'values padded with tabs', '\t'),
        padded(newPet(ctx, 'ows'), 'values padded with a tab and spaces', ' \t '),
      ];
    },
  },
  {
    id: 'ignored-fields',
    family: 'FIELDS',
    rfc: 'RFC 9110 5.1 (unrecognized fields ignored), 7.6.3 (Via), 10.1.5 (User-Agent), 12.5.4 (Accept-Language); RFC 9111 5.2 (Cache-Control); RFC 7239 (Forwarded)',
    says: 'fields an ordinary client or a proxy adds, which the contract gives no meaning: User-Agent, Via, X-Forwarded-For, Forwarded, Cache-Control, traceparent, ...',
    forms: (ctx) => {
      const client = {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36',
        'accept-language': 'de-CH, en;q=0.5',
        // Deprecated, and no leave to send JSON in another charset (RFC 8259 8.1: UTF-8).
        'accept-charset': 'iso-8859-1, utf-8;q=0.5',
        origin: 'https://app.example',
        referer: 'https://app.example/pets',
        cookie: 'session=abc123',
      };
      const proxy = {
        via: '1.1 proxy.example, 1.1 gateway.internal',
        'x-forwarded-for': '127.0.0.1, 10.0.0.1',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'internal.petstore',
        'x-real-ip': '127.0.0.1',
        forwarded: 'for=127.0.0.1;proto=https;by=10.0.0.1',
      };
      const tracing = {
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        'x-request-id': 'pc-request-1',
        'cache-control': 'no-cache',
        pragma: 'no-cache',
        'user-agent': 'curl/8.5.0',
      };
      const browserFetch = {
        'sec-fetch-mode': 'cors',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        'x-requested-with': 'XMLHttpRequest',
      };
      // The answers a client's locale or charset could change most: errors, and names beyond ASCII.
      const invalid = {
        name: formName(ctx.runId, 'invalid-ignored', true),
        categoryId: 'not a number',
      };
      return [
        plain({ op: 'listPets', limit: 10 }, 'a browser-like client', { headers: client }),
        plain(newPet(ctx, 'browser'), 'a browser-like client, creating', { headers: client }),
        plain({ op: 'invalidPet', body: invalid }, 'a browser-like client, an invalid NewPet', {
          headers: client,
        }),
        ...(ctx.unknownId === undefined
          ? []
          : [
              plain(
                { op: 'unknownPet', id: ctx.unknownId },
                'a browser-like client, an unknown id',
                {
                  headers: client,
                },
              ),
            ]),
        plain({ op: 'getPet', id: ctx.petId }, 'behind proxies (Via, X-Forwarded-For: 127.0.0.1)', {
          headers: proxy,
        }),
        plain(newPet(ctx, 'proxy'), 'behind proxies, creating', { headers: proxy }),
        plain({ op: 'listPets', limit: 2 }, 'behind proxies, listing', { headers: proxy }),
        plain({ op: 'getPet', id: ctx.petId }, 'traced, uncached', { headers: tracing }),
        // A script's fetch from the service's own pages: anti-XSSI prefixes and CSRF layers act on these.
        plain(
          { op: 'getPet', id: ctx.petId },
          'a browser’s fetch (Sec-Fetch-*, X-Requested-With)',
          {
            headers: browserFetch,
          },
        ),
        plain({ op: 'listPets', limit: 2 }, 'a browser’s fetch, listing', {
          headers: browserFetch,
        }),
        plain(newPet(ctx, 'fetch'), 'a browser’s fetch, creating', { headers: browserFetch }),
        // A page size preferred (RFC 7240; OData's maxpagesize): the limit is still the
        // query's, its default 20 here.
        plain({ op: 'listPets' }, 'preferring pages of 500 (Prefer: maxpagesize=500)', {
          headers: { prefer: 'maxpagesize=500, odata.maxpagesize=500' },
        }),
        // A tag no answer carried: the precondition holds, so the request is served as if
        // unconditional (RFC 9110 13.1.2), not answered 304.
        plain({ op: 'listPets', limit: 3 }, 'with If-None-Match of a tag no answer had', {
          headers: { 'if-none-match': '"pc-no-such-tag"' },
        }),
        plain({ op: 'getPet', id: ctx.petId }, 'getPet with If-None-Match of a tag no answer had', {
          headers: { 'if-none-match': '"pc-no-such-tag"' },
        }),
        // A representation preferred (RFC 7240 4.2, as PostgREST and OData clients send it): a
        // preference the server MAY ignore, so the contract's 201 with the Pet is still owed.
        plain(newPet(ctx, 'prefer-full'), 'Prefer: return=representation, creating', {
          headers: { prefer: 'return=representation' },
        }),
        // Not return=minimal: a client that asks for no body may get a 201 without one, or a 204
        // (RFC 7240 4.2), which the contract's 201 Pet does not settle.
      ];
    },
  },
  {
    id: 'user-agents',
    family: 'FIELDS',
    rfc: 'RFC 9110 10.1.5 (User-Agent identifies the client software; it is no parameter of the request), 5.1 (unrecognized fields ignored)',
    says: 'User-Agent of a store app, a browser, curl, okhttp, and fields naming an app (X-Requested-With, X-App-Version, X-Platform): listPets with and without limit is bounded by its limit (or the default 20) whoever asks',
    forms: () => {
      // Gateways give "their own" apps other page sizes: an app UA on each limit case, the
      // others on the default page, where a tier of their own would show first.
      const agent = (ua: string, limit?: number): Form =>
        plain(
          { op: 'listPets', ...(limit === undefined ? {} : { limit }) },
          `User-Agent: ${ua}${limit === undefined ? '' : `, limit=${limit}`}`,
          { headers: { 'user-agent': ua } },
        );
      const app = 'PetstoreApp/3.2 (iOS 17.1; iPhone15,2)';
      return [
        agent(app),
        agent(app, 100),
        agent(app, 5),
        agent('PetstoreApp/2.9.1 (Android 14; Pixel 8)'),
        agent(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        ),
        agent('curl/8.5.0', 5),
        agent('okhttp/4.12.0'),
        // The app named by fields of its own instead: they are no parameters of listPets either.
        plain({ op: 'listPets' }, 'an app named by X-Requested-With, X-App-Version, X-Platform', {
          headers: {
            'x-requested-with': 'com.petstore.app',
            'x-app-version': '3.2.0',
            'x-platform': 'ios',
            'x-client-id': 'petstore-mobile',
          },
        }),
      ];
    },
  },
  {
    id: 'range-items',
    family: 'FIELDS',
    rfc: 'RFC 9110 14.2 (a server MAY ignore Range; MUST ignore a range unit it does not understand), 15.5.17 (416)',
    says: 'Range: items=0-499 (a Dojo-style item range) on listPets with and without limit: a page within the limit (20 without one), as a 200 or a 206, or a 416 Error',
    partial: true,
    // A server that takes item ranges may refuse one past its page size (416), or refuse the
    // field it reads as malformed (400): with an Error body, either is a sane answer.
    refusal: {
      statuses: [400, 416],
      rfc: 'RFC 9110 15.5.17: 416 Range Not Satisfiable, or a 400 refusing the field',
      quiet: true,
    },
    forms: () => [
      plain({ op: 'listPets' }, 'Range: items=0-499', { headers: { range: 'items=0-499' } }),
      plain({ op: 'listPets', limit: 5 }, 'Range: items=0-499, limit=5', {
        headers: { range: 'items=0-499' },
      }),
    ],
  },
  {
    id: 'field-lines',
    family: 'FIELDS',
    rfc: 'RFC 9110 5.2, 5.3 (field lines of one name are one field, their values joined by commas, in order)',
    says: 'a list field sent as several field lines of its name: Accept, Cache-Control, Via, X-Forwarded-For',
    forms: (ctx) => {
      const lines = (meaning: Meaning, label: string, headers: Record<string, string[]>) =>
        plain(meaning, label, { headers });
      return [
        lines({ op: 'listPets', limit: 2 }, 'Accept in two lines, JSON second', {
          accept: ['text/plain;q=0.5', 'application/json'],
        }),
        lines({ op: 'getPet', id: ctx.petId }, 'Accept in two lines, JSON first', {
          accept: ['application/json', 'text/html;q=0.1'],
        }),
        lines(newPet(ctx, 'lines'), 'Accept and Cache-Control in two lines each, creating', {
          accept: ['text/html;q=0.9', 'application/json'],
          'cache-control': ['no-cache', 'max-age=0'],
        }),
        lines({ op: 'getPet', id: ctx.petId }, 'behind two proxies, a line each', {
          via: ['1.1 proxy.example', '1.1 gateway.internal'],
          'x-forwarded-for': ['203.0.113.9', '127.0.0.1'],
        }),
      ];
    },
  },
  {
    id: 'list-empty-elements',
    family: 'FIELDS',
    basis: 'rfc',
    rfc: 'RFC 9110 5.6.1.2 (a recipient MUST parse and ignore a reasonable number of empty list elements)',
    says: 'empty elements in a list field: Accept: , application/json,',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'Accept: , application/json,', {
        headers: { accept: ', application/json,' },
      }),
      plain({ op: 'getPet', id: ctx.petId }, 'Accept: application/json, , text/plain;q=0.1', {
        headers: { accept: 'application/json, , text/plain;q=0.1' },
      }),
      plain(
        newPet(ctx, 'empty-elements'),
        'Accept: ,application/json and Cache-Control: , no-cache',
        {
          headers: { accept: ',application/json', 'cache-control': ', no-cache' },
        },
      ),
    ],
  },
  {
    id: 'auth-scheme-case',
    family: 'CREDENTIALS',
    basis: 'rfc',
    rfc: 'RFC 9110 11.1; RFC 6750 2.1',
    says: 'the auth-scheme in any letter case: bearer, BEARER, bEaReR (the token itself is case-sensitive)',
    forms: (ctx) => [
      scheme((t) => `bearer ${t}`, 'bearer ')({ op: 'listPets', limit: 2 }, 'bearer'),
      scheme((t) => `BEARER ${t}`, 'BEARER ')({ op: 'getPet', id: ctx.petId }, 'BEARER'),
      scheme((t) => `bEaReR ${t}`, 'bEaReR ')(newPet(ctx, 'scheme'), 'bEaReR'),
    ],
  },
  {
    id: 'auth-token-spaces',
    family: 'CREDENTIALS',
    basis: 'rfc',
    rfc: 'RFC 9110 11.4 (credentials = auth-scheme [ 1*SP ... ]); RFC 6750 2.1',
    says: 'one or more spaces between the scheme and the token: "Bearer   K"',
    forms: (ctx) => [
      scheme((t) => `Bearer  ${t}`, 'Bearer  ')({ op: 'listPets', limit: 2 }, 'two spaces'),
      scheme((t) => `Bearer     ${t}`, 'Bearer     ')(newPet(ctx, 'spaces'), 'five spaces'),
    ],
  },
  {
    id: 'media-type-case',
    family: 'MEDIA',
    basis: 'rfc',
    rfc: 'RFC 9110 8.3.1',
    says: 'the type and subtype in any letter case: Application/JSON',
    forms: (ctx) => [
      typed(ctx, 'type', 'Application/JSON'),
      plain({ op: 'listPets', limit: 2 }, 'Accept: APPLICATION/JSON', {
        headers: { accept: 'APPLICATION/JSON' },
      }),
    ],
  },
  {
    id: 'media-charset',
    family: 'MEDIA',
    rfc: 'RFC 8259 11 (a charset parameter has no effect); RFC 9110 8.3.2 (charset names are case-insensitive)',
    says: 'application/json with a charset parameter, in any case: ; charset=utf-8, ; charset=UTF-8',
    forms: (ctx) => [
      typed(ctx, 'charset', 'application/json; charset=utf-8'),
      typed(ctx, 'charset-upper', 'application/json; charset=UTF-8'),
      ...invalidForms(ctx, 'Content-Type: application/json; charset=utf-8', () => ({
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })),
    ],
  },
  {
    id: 'media-param-syntax',
    family: 'MEDIA',
    basis: 'rfc',
    rfc: 'RFC 9110 5.6.6 (parameter names case-insensitive, OWS around ";"), 8.3.1 (token and quoted-string forms equivalent)',
    says: 'a parameter written otherwise: CHARSET=utf-8, charset="utf-8", application/json ; charset=utf-8',
    forms: (ctx) => [
      typed(ctx, 'param-case', 'application/json; CHARSET=utf-8'),
      typed(ctx, 'param-quoted', 'application/json; charset="utf-8"'),
      typed(ctx, 'param-ows', 'application/json ;\tcharset=utf-8'),
    ],
  },
  {
    id: 'accept-forms',
    family: 'MEDIA',
    basis: 'rfc',
    rfc: 'RFC 9110 12.5.1, 12.4.2',
    says: 'any Accept that admits application/json, or none: */*, application/*, q-values, a list',
    forms: (ctx) => {
      const accepting = (meaning: Meaning, accept: string | undefined): Form =>
        plain(meaning, accept === undefined ? 'no Accept' : `Accept: ${accept}`, {
          ...(accept === undefined ? { dropHeaders: ['accept'] } : { headers: { accept } }),
        });
      return [
        accepting({ op: 'listPets', limit: 2 }, undefined),
        accepting({ op: 'getPet', id: ctx.petId }, '*/*'),
        accepting({ op: 'listPets', limit: 2 }, 'application/*'),
        accepting(
          { op: 'getPet', id: ctx.petId },
          'text/html;q=0.9, application/json;q=0.5, */*;q=0.1',
        ),
        accepting(newPet(ctx, 'accept'), 'application/json, text/plain'),
      ];
    },
  },
  {
    id: 'accept-unavailable',
    family: 'MEDIA',
    rfc: 'RFC 9110 12.5.1 (a server may disregard Accept, or answer 406), 15.5.7; the contract (bodies are application/json)',
    says: 'an Accept that admits no JSON (application/xml, text/xml) on listPets, getPet and a petId no pet has: the answer in JSON as if Accept were absent, or a 406 Error',
    refusal: { statuses: [406], rfc: 'RFC 9110 15.5.7: 406 Not Acceptable', quiet: true },
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'Accept: application/xml, listing', {
        headers: { accept: 'application/xml' },
      }),
      plain({ op: 'getPet', id: ctx.petId }, 'Accept: text/xml, fetching', {
        headers: { accept: 'text/xml' },
      }),
      ...(ctx.unknownId === undefined
        ? []
        : [
            plain(
              { op: 'unknownPet', id: ctx.unknownId },
              'Accept: application/xml, an unknown id',
              {
                headers: { accept: 'application/xml' },
              },
            ),
          ]),
    ],
  },
  {
    id: 'http-1.0',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9112 2.3 (a server answers a 1.0 request in a version the client understands); RFC 9110 2.5, 15.6.6 (505)',
    says: 'the request line in HTTP/1.0, on a connection of its own: GET /v1/pets HTTP/1.0 is GET /v1/pets',
    refusal: { statuses: [505], rfc: 'RFC 9110 15.6.6: 505 HTTP Version Not Supported' },
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'GET /pets?limit=2 HTTP/1.0', {
        query: 'limit=2',
        http10: true,
      }),
      plain({ op: 'getPet', id: ctx.petId }, `GET /pets/${ctx.petId} HTTP/1.0`, { http10: true }),
      plain(newPet(ctx, 'http10'), 'POST /pets HTTP/1.0', { http10: true }),
      // The default page too: a front end of its own for 1.0 may have another default.
      plain({ op: 'listPets' }, 'GET /pets HTTP/1.0', { http10: true }),
      ...invalidForms(ctx, 'POST /pets HTTP/1.0', () => ({ http10: true })),
    ],
  },
  {
    id: 'http-1.0-no-host',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: "RFC 1945 (HTTP/1.0 has no Host field); RFC 9112 3.2 (Host is 1.1's); RFC 9110 15.6.6 (505)",
    says: 'the request line in HTTP/1.0 and no Host field, as an old client or a health checker sends it',
    refusal: {
      statuses: [400, 505],
      rfc: 'RFC 9110 15.5.1, 15.6.6: 400 for a request without a Host, 505 for the version',
    },
    forms: () => [
      plain({ op: 'listPets', limit: 2 }, 'GET /pets?limit=2 HTTP/1.0 without Host', {
        query: 'limit=2',
        http10: 'without-host',
      }),
    ],
  },
  {
    id: 'after-head',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9112 9.3 (a persistent connection carries request after request); RFC 9110 9.3.2 (a HEAD answer carries no content)',
    says: 'the request sent after a HEAD of itself on one connection, once the HEAD’s answer head came (curl -I URL --next URL): its answer is the one after that header section',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'GET /pets?limit=2 after its HEAD on one connection', {
        afterOwnHead: true,
      }),
      plain(
        { op: 'getPet', id: ctx.petId },
        `GET /pets/${ctx.petId} after its HEAD on one connection`,
        {
          afterOwnHead: true,
        },
      ),
      // An id no pet has: HEAD owes the 404 GET gets (a framework's automatic HEAD answers 200).
      ...(ctx.unknownId === undefined
        ? []
        : [
            plain(
              { op: 'unknownPet', id: ctx.unknownId },
              `GET /pets/${ctx.unknownId} (no pet) after its HEAD on one connection`,
              { afterOwnHead: true },
            ),
          ]),
    ],
  },
  {
    id: 'chunked-body',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9112 6.1, 7.1 (a recipient MUST be able to parse chunked); RFC 9110 15.5.12 (411)',
    says: 'the body sent chunked, without Content-Length: in three pieces, and a byte a chunk',
    refusal: { statuses: [411], rfc: 'RFC 9110 15.5.12: 411 Length Required' },
    forms: (ctx) => [
      chunkedForm(ctx, 'chunked in three pieces', inThree),
      chunkedForm(ctx, 'chunked a character at a time', (t) => [...t]),
      ...invalidForms(ctx, 'chunked in three pieces', (text) => ({
        json: undefined,
        bodyChunks: inThree(text),
      })),
    ],
  },
  {
    id: 'chunk-extensions',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9112 7.1.1 (a recipient MUST ignore unrecognized chunk extensions); RFC 9110 15.5.12 (411)',
    says: 'the body sent chunked, every chunk size followed by extensions: a name=token, a quoted-string, a name alone',
    refusal: { statuses: [411], rfc: 'RFC 9110 15.5.12: 411 Length Required' },
    forms: (ctx) => [
      framedForm(ctx, 'chunks with an extension', { extension: 'pc-note=1' }),
      framedForm(ctx, 'chunks with a quoted and a bare extension', {
        extension: 'pc-flag;pc-note="a b;c"',
      }),
    ],
  },
  {
    id: 'chunk-trailers',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9112 7.1.2 (a trailer section after the last chunk); RFC 9110 6.5 (trailer fields), 6.6.2 (Trailer); RFC 9110 15.5.12 (411)',
    says: 'the body sent chunked, a trailer field after the last chunk, announced by Trailer or not',
    refusal: { statuses: [411], rfc: 'RFC 9110 15.5.12: 411 Length Required' },
    forms: (ctx) => [
      framedForm(
        ctx,
        'a trailer field, announced',
        { trailer: { 'x-pc-note': 'end' } },
        { trailer: 'x-pc-note' },
      ),
      framedForm(ctx, 'two trailer fields', {
        trailer: { 'x-pc-note': 'end', 'x-pc-digest': 'none' },
      }),
    ],
  },
  {
    id: 'idempotency-key',
    family: 'FIELDS',
    rfc: 'RFC 9110 5.1 (a field the recipient does not know is ignored); draft-ietf-httpapi-idempotency-key-header (a key reused with another body is refused, 422)',
    says: 'two different NewPets sent with one Idempotency-Key: each is owed its own pet (a store that replays the first answer for the key adds nothing)',
    refusal: {
      statuses: [409, 422],
      rfc: 'draft-ietf-httpapi-idempotency-key-header 2.7: 422 for a key reused with another body, 409 while the first is under way',
      quiet: true,
    },
    forms: (ctx) => {
      // An sf-string, as the draft writes it (2.1): a strict parser refuses a bare token.
      const headers = { 'idempotency-key': `"pc-${ctx.runId}-one-key"` };
      return [
        plain(newPet(ctx, 'idempotent-1'), 'Idempotency-Key, a first NewPet', { headers }),
        plain(newPet(ctx, 'idempotent-2', 'sold'), 'the same Idempotency-Key, another NewPet', {
          headers,
        }),
      ];
    },
  },
  {
    id: 'expect-continue',
    family: 'FIELDS',
    basis: 'rfc',
    rfc: 'RFC 9110 10.1.1 (Expect: 100-continue; 417 for an expectation the server does not meet)',
    says: 'a NewPet sent with Expect: 100-continue, as curl sends a large body',
    refusal: {
      statuses: [417],
      rfc: 'RFC 9110 10.1.1, 15.5.18: 417 Expectation Failed',
      quiet: true,
    },
    forms: (ctx) => [
      plain(newPet(ctx, 'expect'), 'Expect: 100-continue', { expectContinue: true }),
    ],
  },
  {
    id: 'accept-encoding',
    family: 'FRAMING',
    rfc: 'RFC 9110 8.4 (content codings), 12.5.3 (Accept-Encoding)',
    says: 'Accept-Encoding: gzip, deflate, br, as browsers and curl --compressed send it, gzip alone, br alone, deflate alone, or gzip refused with q=0: the answer in a coding the request accepted, or none, means the same once decoded',
    forms: (ctx) => {
      const compressed = { 'accept-encoding': 'gzip, deflate, br' };
      // Queries one after another, each judged by its own: a compressed answer cached by path
      // alone serves the first page to every later query.
      const listed = (meaning: Meaning & { op: 'listPets' }, query: string) =>
        plain(meaning, `compressed, listing ?${query}`, { headers: { 'accept-encoding': 'gzip' } });
      return [
        plain({ op: 'listPets', limit: 10 }, 'compressed, listing', { headers: compressed }),
        listed({ op: 'listPets', status: 'available' }, 'status=available'),
        listed({ op: 'listPets', status: 'sold' }, 'status=sold'),
        listed({ op: 'listPets', limit: 1 }, 'limit=1'),
        plain({ op: 'getPet', id: ctx.petId }, 'compressed, fetching', { headers: compressed }),
        plain(newPet(ctx, 'compressed'), 'compressed, creating', { headers: compressed }),
        // A coding the request refused (q=0), or did not name, is not to be used (12.5.3): the
        // answer comes in one it named, or none.
        plain({ op: 'listPets', limit: 10 }, 'gzip refused (gzip;q=0, identity)', {
          headers: { 'accept-encoding': 'gzip;q=0, identity' },
        }),
        plain({ op: 'getPet', id: ctx.petId }, 'only br accepted', {
          headers: { 'accept-encoding': 'br' },
        }),
        plain({ op: 'listPets', limit: 3 }, 'only deflate accepted', {
          headers: { 'accept-encoding': 'deflate' },
        }),
        ...(ctx.unknownId === undefined
          ? []
          : [
              plain({ op: 'unknownPet', id: ctx.unknownId }, 'compressed, an unknown id', {
                headers: compressed,
              }),
            ]),
      ];
    },
  },
  {
    id: 'content-coding',
    family: 'FRAMING',
    basis: 'rfc',
    rfc: 'RFC 9110 8.4 (Content-Encoding), 15.5.16 (415 for a coding the server does not take)',
    says: 'the NewPet sent compressed, with Content-Encoding: gzip or deflate',
    // A server that takes no coding reads the octets as they are: no JSON, a 400 as sane as 415.
    refusal: {
      statuses: [400, 415],
      rfc: 'RFC 9110 8.4.1, 15.5.16: 415 for a content coding not accepted, or 400 for octets that are no JSON',
      quiet: true,
    },
    forms: (ctx) =>
      (['gzip', 'deflate'] as const).map((coding) => {
        const meaning = newPet(ctx, `coded-${coding}`) as Extract<Meaning, { op: 'createPet' }>;
        const text = Buffer.from(stringify(meaning.pet) ?? '');
        const bodyOctets = coding === 'gzip' ? gzipSync(text) : deflateSync(text);
        return plain(meaning, `Content-Encoding: ${coding}`, {
          json: undefined,
          bodyOctets,
          headers: { 'content-encoding': coding },
        });
      }),
  },
  {
    id: 'get-with-body',
    family: 'FRAMING',
    rfc: "RFC 9110 9.3.1 (content received in a GET request has no generally defined semantics); the contract (listPets' parameters are in the query)",
    says: 'GET /pets?limit=5 carrying a body that names other parameters (limit=500 as a form, {"limit":500,"status":"sold"} as JSON): the query\'s page, or a 4xx Error refusing the body',
    // Refusing content on a GET is as sane as ignoring it (RFC 9110 9.3.1: "may reject").
    refusal: {
      statuses: [400, 413, 415],
      rfc: 'RFC 9110 9.3.1: an origin server may reject a GET with content',
      quiet: true,
    },
    forms: () => {
      const withBody = (limit: number | undefined, label: string, type: string, text: string) =>
        plain({ op: 'listPets', ...(limit === undefined ? {} : { limit }) }, label, {
          rawBody: text,
          headers: { 'content-type': type },
        });
      const form = 'application/x-www-form-urlencoded';
      return [
        withBody(5, 'limit=5, a form body limit=500', form, 'limit=500'),
        withBody(
          5,
          'limit=5, a JSON body {"limit":500,"status":"sold"}',
          'application/json',
          '{"limit":500,"status":"sold"}',
        ),
        withBody(
          undefined,
          'no limit, a form body limit=500&status=sold',
          form,
          'limit=500&status=sold',
        ),
      ];
    },
  },
  {
    id: 'connection-close',
    family: 'FRAMING',
    rfc: 'RFC 9112 9.3, 9.6',
    says: 'Connection: close (the connection ends after the answer)',
    forms: (ctx) => [
      plain({ op: 'listPets', limit: 2 }, 'Connection: close, listing', {
        headers: { connection: 'close' },
      }),
      plain({ op: 'getPet', id: ctx.petId }, 'Connection: close, fetching', {
        headers: { connection: 'close' },
      }),
    ],
  },
  {
    id: 'json-member-order',
    family: 'JSON',
    rfc: 'RFC 8259 4',
    says: 'object members in any order',
    forms: (ctx) => {
      const m = newPet(ctx, 'order', 'pending') as Extract<Meaning, { op: 'createPet' }>;
      const n = newPet(ctx, 'order-2') as Extract<Meaning, { op: 'createPet' }>;
      const { name, categoryId, status } = m.pet;
      return [
        jsonForm(m, 'status, categoryId, name', JSON.stringify({ status, categoryId, name })),
        jsonForm(
          n,
          'categoryId, name',
          JSON.stringify({ categoryId: n.pet.categoryId, name: n.pet.name }),
        ),
      ];
    },
  },
  {
    id: 'json-whitespace',
    family: 'JSON',
    rfc: 'RFC 8259 2',
    says: 'insignificant whitespace (space, tab, LF, CR) before and after every structural character and around the text',
    forms: (ctx) => {
      const m = newPet(ctx, 'ws', 'sold') as Extract<Meaning, { op: 'createPet' }>;
      const { name, categoryId, status } = m.pet;
      const text = `\r\n \t{\n\t"name"\t:\r\n${JSON.stringify(name)} ,\n  "categoryId" :${categoryId}\t,"status":\n"${status}"\r\n}\n \t`;
      return [jsonForm(m, 'whitespace everywhere', text)];
    },
  },
  {
    id: 'json-escapes',
    family: 'JSON',
    rfc: 'RFC 8259 7',
    says: 'any character of a string escaped: \\u0061 for a, \\/ for /, \\u00fc or \\u00FC for ü, a surrogate pair for 🐶, member names too',
    forms: (ctx) => {
      const mark = `pc-${ctx.runId}-`.length;
      const lower = newPet(ctx, 'esc') as Extract<Meaning, { op: 'createPet' }>;
      const upper = newPet(ctx, 'esc-2') as Extract<Meaning, { op: 'createPet' }>;
      const slash = newPet(ctx, 'esc-3') as Extract<Meaning, { op: 'createPet' }>;
      return [
        jsonForm(
          lower,
          'every character \\u-escaped, lower-case hex',
          `{${escapeAll('name', false)}:${escapeAll(lower.pet.name, false, mark)},"categoryId":28}`,
        ),
        jsonForm(
          upper,
          'every character \\u-escaped, upper-case hex',
          `{"name":${escapeAll(upper.pet.name, true, mark)},${escapeAll('categoryId', true)}:28}`,
        ),
        jsonForm(
          slash,
          '\\/ and a literal ü and 🐶',
          `{"name":${JSON.stringify(slash.pet.name).replaceAll('/', '\\/')},"categoryId":28}`,
        ),
      ];
    },
  },
  {
    id: 'json-integral-numbers',
    family: 'JSON',
    rfc: 'RFC 8259 6',
    says: 'an integer categoryId written with a fraction part or an exponent: 100.0, 1e2, 1E+2, 1.5e1, 10000e-2, -2.5E+3',
    // A reader that takes only integer literals as integers finds the value invalid: the
    // contract's 400 for "invalid values". Taken, it must be the value the number denotes.
    refusal: {
      statuses: [400],
      rfc: 'the contract (400: "contains invalid values"), for a reader of integer literals only',
      quiet: true,
    },
    forms: (ctx) =>
      INTEGRAL_NUMBERS.map(([text, categoryId], i) => {
        const m = newPet(ctx, `number-${i}`) as Extract<Meaning, { op: 'createPet' }>;
        const meaning = { ...m, pet: { ...m.pet, categoryId } };
        return jsonForm(
          meaning,
          `categoryId ${text}`,
          `{"name":${JSON.stringify(m.pet.name)},"categoryId":${text}}`,
        );
      }),
  },
  {
    id: 'json-large-text',
    family: 'JSON',
    rfc: 'RFC 8259 2 (insignificant whitespace), 9 (a parser MAY limit the size of texts); the contract (400 with an Error for invalid values)',
    says: 'an invalid NewPet (categoryId a string) in a JSON text past 16 KiB, by a long name (20 KiB) or whitespace (100 KiB), and malformed JSON of 20 KiB: owed 400 with an Error, as small ones are',
    // Body size limits are not shown: a 413 with an Error body is a refusal as sane.
    refusal: { statuses: [413], rfc: 'RFC 9110 15.5.14: 413 Content Too Large', quiet: true },
    forms: (ctx) => {
      const name = formName(ctx.runId, 'large-invalid', true);
      const invalid = (label: string, body: Record<string, unknown>, text: string): Form =>
        plain({ op: 'invalidPet', body }, label, { json: undefined, rawBody: text });
      const long = { name: `${name} ${'x'.repeat(20 * 1024)}`, categoryId: 'not a number' };
      const small = { name, categoryId: 'not a number' };
      const padded = `{${' '.repeat(100 * 1024)}"name":${JSON.stringify(name)},"categoryId":"not a number"}`;
      const malformed = `{"name":${JSON.stringify(`${name} ${'y'.repeat(20 * 1024)}`)},"categoryId":`;
      return [
        invalid('categoryId a string, a 20 KiB name', long, JSON.stringify(long)),
        invalid('categoryId a string, 100 KiB of whitespace', small, padded),
        invalid('malformed JSON of 20 KiB', small, malformed),
      ];
    },
  },
];

/**
 * Integers written with a fraction part or an exponent, and the value each denotes. The first
 * are doubles exactly, so a reader through a double owes the same value; the last are int64s past
 * 2^53, owed exactly like the integer literals of the int64 checks.
 */
const INTEGRAL_NUMBERS: ReadonlyArray<readonly [string, bigint]> = [
  ['100.0', 100n],
  ['1e2', 100n],
  ['1E+2', 100n],
  ['1.5e1', 15n],
  ['10000e-2', 100n],
  ['-2.5E+3', -2500n],
  // Past 2^53, where a read through a double rounds (to 9007199254740992, 1234567890123456768):
  // categoryId is an int64, so the integer the text denotes is owed as a literal's would be.
  ['9007199254740993.0', 9007199254740993n],
  ['1.2345678901234567e18', 1234567890123456700n],
];

/** The relation of each id. */
export function relationById(id: string): Relation {
  const relation = RELATIONS.find((r) => r.id === id);
  if (!relation) throw new Error(`no equivalence relation ${id}`);
  return relation;
}
