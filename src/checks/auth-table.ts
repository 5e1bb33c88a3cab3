import { refusedNewPet } from '../arbitraries/pet-name.ts';
import type { OperationName } from '../contract/contract.ts';
import type { Auth, SendOptions } from '../http/client.ts';
import { BASIC_KEY_FORMS, KEY_VARIANTS, markerOf, REDACTED } from '../http/key-variants.ts';
import type { LabeledSecret } from '../http/redaction.ts';
import { oddJsonTexts, otherMediaBodies } from './body-forms.ts';

/**
 * The authentication surface of the contract as one table: operation x credential state x
 * input validity -> expected status. Every credential state below is missing or invalid, so the
 * answer the contract names is 401 whatever the input (Authentication, 3); a new operation,
 * credential state or kind of invalid input is one row here, and the checks follow from it.
 */
export const AUTH_FAULT_STATUS = 401;

/** One way of sending a request without the right key. */
export interface CredentialVariant {
  label: string;
  auth: Auth;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Fields undici refuses to write (`Upgrade`), written by the socket (SendOptions.rawFields). */
  rawFields?: Record<string, string>;
  /**
   * Another protocol's request more than the contract's (a WebSocket handshake): a server may
   * refuse it in that protocol's way, or close the connection (a WebSocket library attached
   * beside the API does), so only being served fails it.
   */
  servedOnly?: true;
  /**
   * Sent by its operation's own check only, not paired with the invalid inputs of
   * AUTH-BEFORE-*: a key a service accepts is accepted whatever the input (a development key),
   * and the state's other variants show the order of the key check and the input's.
   */
  unpaired?: true;
}

export interface CredentialState {
  /** Suffix of the check id, e.g. `NO-KEY` in `AUTH-LIST-NO-KEY`. Never reused. */
  id: string;
  /** How the request carries (or fails to carry) the key, e.g. `without Authorization`. */
  label: string;
  /** The requests of this state, given the configured key (near-key tokens derive from it). */
  variants(key: string): CredentialVariant[];
  /** Sent without a key on a connection that has just carried the valid key. */
  keptAlive?: true;
}

const one = (label: string, authorization: string | undefined): CredentialVariant[] => [
  { label, auth: authorization === undefined ? 'none' : { authorization } },
];

/**
 * Tokens near the key, each invalid: the key with a character appended or prepended, followed by
 * more text, cut short, of the same length with its last, middle or first character changed, or
 * in another letter case (the key is case-sensitive; the scheme name is not, so the scheme is
 * always written `Bearer`). Tokens equal to the key or to another (case variants of a key
 * without letters, one position of a short key) are left out.
 */
export function nearKeys(
  key: string,
): { label: string; token: string; marker: string; unpaired?: true }[] {
  const tokens = KEY_VARIANTS.map((variant) => ({
    label: variant.label,
    token: variant.token(key),
    marker: markerOf(variant, key),
    ...(variant.unpaired ? { unpaired: variant.unpaired } : {}),
  }));
  const seen = new Set([key, '']);
  return tokens.filter(({ token }) => !seen.has(token) && seen.add(token));
}

/** A JWT of header {"alg":"none"} and claims {"sub":"admin"}, with an empty signature. */
const UNSIGNED_JWT = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiJ9.';

/**
 * Header fields a layer in front of the key check may act on first: preconditions that let a
 * cache answer 304 (RFC 9110 13.1), an Accept that content negotiation refuses with 406.
 */
const CONDITIONS = [
  ['if-none-match', '*'],
  ['if-modified-since', 'Fri, 01 Jan 2100 00:00:00 GMT'],
  ['accept', 'text/html'],
  // A range a cache in front of the key check answers 206 from what it holds (RFC 9110 14.2).
  ['range', 'bytes=0-'],
] as const;

/**
 * Header fields a proxy in front of the service writes, naming a client inside the network: a
 * service that trusts its own network (health checks, internal callers) by the client address
 * a proxy reports serves anyone who writes these fields themselves.
 */
const INTERNAL_CLIENT = [
  ['x-forwarded-for', '10.1.2.3'],
  ['x-forwarded-for', '127.0.0.1'],
  ['x-real-ip', '192.168.1.10'],
  ['forwarded', 'for=127.0.0.1;proto=https'],
  ['x-client-ip', '172.16.0.5'],
] as const;

/**
 * The client-address fields of CDNs and load balancers (Akamai's and Cloudflare's True-Client-IP
 * and CF-Connecting-IP, Fastly's, ...), all naming the loopback, in one request.
 */
const CDN_CLIENT: Record<string, string> = {
  'true-client-ip': '127.0.0.1',
  'cf-connecting-ip': '127.0.0.1',
  'fastly-client-ip': '127.0.0.1',
  'x-cluster-client-ip': '127.0.0.1',
  'x-originating-ip': '127.0.0.1',
  'x-remote-ip': '127.0.0.1',
  'x-remote-addr': '127.0.0.1',
};

/**
 * A request to switch to WebSocket (RFC 6455 4.1): a server handles it on a path of its own
 * (node:http's 'upgrade' event), which may skip the key check its other path makes.
 */
const UPGRADE_FIELDS: Record<string, string> = {
  connection: 'upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};

/**
 * A request to switch to HTTP/2 in the clear (RFC 7540 3.2): a proxy that hands it to an HTTP/2
 * listener behind the key check (h2c smuggling) serves it without the key.
 */
const H2C_FIELDS: Record<string, string> = {
  connection: 'Upgrade, HTTP2-Settings',
  upgrade: 'h2c',
  'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA',
};

/**
 * User agents of the health checkers in front of a service (Kubernetes, AWS's and Google's load
 * balancers): a key check that lets them through by name serves anyone who writes the name.
 */
const HEALTH_CHECKERS = ['kube-probe/1.29', 'ELB-HealthChecker/2.0', 'GoogleHC/1.0'];

/**
 * Header fields an authenticating proxy (oauth2-proxy, Apache's mod_auth) writes to name the
 * user it let in: a service that still trusts them once exposed serves anyone who writes them.
 */
const PROXY_IDENTITY: Record<string, string> = {
  'x-forwarded-user': 'admin',
  'x-auth-request-user': 'admin',
  'x-auth-request-email': 'admin@petstore.example',
  'x-forwarded-email': 'admin@petstore.example',
  'remote-user': 'admin',
  'x-remote-user': 'admin',
  'x-authenticated-user': 'admin',
};

/**
 * Header fields a platform or a mesh sets on its own calls (App Engine's cron and task queues,
 * Cloud Scheduler, Envoy's internal mark, a mesh's client certificate, a TLS terminator's
 * verdict) and the identity fields of cloud gateways (ALB, Azure App Service, Kong, IAP): a
 * service that trusts them serves anyone who writes them, where nothing in front strips them.
 */
const PLATFORM_FIELDS: Record<string, string> = {
  'x-appengine-cron': 'true',
  'x-appengine-queuename': 'default',
  'x-cloudscheduler': 'true',
  'x-envoy-internal': 'true',
  'x-internal-request': 'true',
  'x-forwarded-client-cert':
    'By=spiffe://cluster.local/ns/pets/sa/api;URI=spiffe://cluster.local/ns/pets/sa/jobs',
  'x-ssl-client-verify': 'SUCCESS',
  'x-client-verify': 'SUCCESS',
  'x-amzn-oidc-identity': 'admin',
  'x-ms-client-principal-name': 'admin',
  'x-consumer-username': 'admin',
  'x-authenticated-userid': 'admin',
  'x-goog-authenticated-user-email': 'accounts.google.com:admin@petstore.example',
  'x-user-id': '1',
};

/**
 * Header fields a rewriting proxy (IIS's ARR, some gateways) writes with the path a request
 * had before it: a key check that reads the path from them lets a public path's name through.
 */
const REWRITTEN_PATH: Record<string, string> = {
  'x-original-url': '/health',
  'x-rewrite-url': '/health',
  'x-forwarded-uri': '/health',
  'x-original-uri': '/health',
};

/**
 * Header fields a gateway or framework may trust in place of the key: a CORS preflight's fields
 * on a real GET or POST (a CORS layer that takes any request carrying them for a preflight lets
 * it past the key check, and the router serves it by its real method), a browser's same-origin
 * call (X-Requested-With, Sec-Fetch-*: what a dashboard behind a gateway session sends), and a
 * public path prefix an ingress reports (X-Forwarded-Prefix: a key check that exempts public
 * paths reads the path with it). Each is the client's own to write.
 */
const TRUSTED_FIELDS: readonly {
  label: string;
  headers: Record<string, string>;
  servedOnly?: true;
}[] = [
  {
    label: 'Origin and Access-Control-Request-Method: GET (a preflight’s fields)',
    // A CORS layer before the key check may refuse a foreign Origin (Spring's answers 403): only
    // being served fails it.
    servedOnly: true,
    headers: {
      origin: 'https://petstore.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  },
  {
    label: 'X-Requested-With: XMLHttpRequest and Sec-Fetch-Site: same-origin (a browser’s call)',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    },
  },
  ...['/public', '/health', '/docs'].map((prefix) => ({
    label: `X-Forwarded-Prefix: ${prefix}`,
    headers: { 'x-forwarded-prefix': prefix },
  })),
];

/**
 * An Accept of a stream (server-sent events): a live feed mounted on the same path for it may
 * sit before the key check. Content negotiation may refuse it (406), so only being served fails.
 */
const STREAM_ACCEPT: Record<string, string> = { accept: 'text/event-stream' };

/**
 * Other names a key goes by in headers and queries (the sample Swagger Petstore's `api_key`
 * among them), each sent in one request that carries all of them.
 */
const OTHER_KEY_HEADERS = ['api_key', 'apikey', 'x-access-token', 'x-token', 'token', 'key'];
/**
 * Fields a gateway copies the client's Authorization into when it puts its own in its place
 * (Google's ESP, API Gateway, frameworks' X-Authorization): a service that reads the key there
 * takes it from any client that writes the field.
 */
const BEARER_ELSEWHERE = [
  'x-authorization',
  'x-forwarded-authorization',
  'x-amzn-remapped-authorization',
  'x-original-authorization',
  'authentication',
];
const OTHER_KEY_PARAMS = ['key', 'token', 'apikey', 'api-key', 'apiKey', 'auth', 'bearer'];

/**
 * Keys left enabled from development, samples and frameworks' defaults (`special-key` is the
 * sample Swagger Petstore's): a service that still accepts one beside its real key serves
 * anyone who guesses it.
 */
const DEFAULT_KEYS = [
  'special-key',
  'changeme',
  'secret',
  'test',
  'admin',
  'password',
  'apikey',
  'dev',
  'demo',
  'default',
  'token',
  '12345',
];

/** A token no service issued: the harness's one wrong key, wherever it sends one. */
export const WRONG_TOKEN = 'pc-wrong-key-0000';

/** The two ways of coming without the right key, as the probes of other requests carry them. */
export const KEYLESS: readonly { key: 'none' | 'wrong'; words: string; auth: Auth }[] = [
  { key: 'none', words: 'no key', auth: 'none' },
  { key: 'wrong', words: 'a wrong key', auth: { authorization: `Bearer ${WRONG_TOKEN}` } },
];

/** Every credential state the harness sends; none of them may be served. */
export const CREDENTIAL_STATES: readonly CredentialState[] = [
  {
    id: 'NO-KEY',
    label:
      'without Authorization (also as a conditional request, asking for HTML or an event stream, from an internal address as a proxy reports it, as a health checker, with a platform’s own fields, a preflight’s or a browser’s fields, or a public X-Forwarded-Prefix)',
    // A cache or an ETag layer in front of the key check answers 304 to a conditional request,
    // content negotiation 406 to an Accept it cannot meet.
    variants: () => [
      ...one('no key', undefined),
      ...CONDITIONS.map(([name, value]) => ({
        label: `no key, with ${name}: ${value}`,
        auth: 'none' as const,
        headers: { [name]: value },
      })),
      // Unpaired: a layer that trusts the address serves whatever the input, as a default key is.
      ...INTERNAL_CLIENT.map(([name, value]) => ({
        label: `no key, with ${name}: ${value}`,
        auth: 'none' as const,
        headers: { [name]: value },
        unpaired: true as const,
      })),
      ...HEALTH_CHECKERS.map((agent) => ({
        label: `no key, with user-agent: ${agent}`,
        auth: 'none' as const,
        headers: { 'user-agent': agent },
        unpaired: true as const,
      })),
      {
        label: `no key, with ${Object.keys(PROXY_IDENTITY).join(', ')} naming a user`,
        auth: 'none' as const,
        headers: PROXY_IDENTITY,
        unpaired: true as const,
      },
      {
        label: `no key, with a platform's own fields (${Object.keys(PLATFORM_FIELDS).join(', ')})`,
        auth: 'none' as const,
        headers: PLATFORM_FIELDS,
        unpaired: true as const,
      },
      {
        label: `no key, with ${Object.keys(CDN_CLIENT).join(', ')}: 127.0.0.1`,
        auth: 'none' as const,
        headers: CDN_CLIENT,
        unpaired: true as const,
      },
      {
        label: 'no key, asking to upgrade to WebSocket (Connection: upgrade, Upgrade: websocket)',
        auth: 'none' as const,
        rawFields: UPGRADE_FIELDS,
        unpaired: true as const,
        servedOnly: true as const,
      },
      {
        label: 'no key, asking to upgrade to HTTP/2 (Upgrade: h2c, HTTP2-Settings)',
        auth: 'none' as const,
        rawFields: H2C_FIELDS,
        unpaired: true as const,
        servedOnly: true as const,
      },
      {
        label: `no key, with ${Object.keys(REWRITTEN_PATH).join(', ')}: /health`,
        auth: 'none' as const,
        headers: REWRITTEN_PATH,
        unpaired: true as const,
      },
      // Unpaired: a layer that trusts a field serves whatever the input.
      ...TRUSTED_FIELDS.map(({ label, headers, servedOnly }) => ({
        label: `no key, with ${label}`,
        auth: 'none' as const,
        headers,
        unpaired: true as const,
        ...(servedOnly ? { servedOnly } : {}),
      })),
      {
        label: 'no key, with Accept: text/event-stream',
        auth: 'none' as const,
        headers: STREAM_ACCEPT,
        unpaired: true as const,
        servedOnly: true as const,
      },
    ],
  },
  {
    id: 'WRONG-KEY',
    label:
      'with a wrong bearer key (also a JWT with no signature, null, undefined, octets outside ASCII, keys left on from development)',
    // What a verifier that trusts the token's own claims, or a key store that returns nothing for
    // a missing entry, serves; and a development or sample key left enabled (none equal to the
    // configured key is sent).
    variants: (key) => [
      ...one('a wrong key', `Bearer ${WRONG_TOKEN}`),
      ...one('a JWT signed with alg "none"', `Bearer ${UNSIGNED_JWT}`),
      ...one('the token null', 'Bearer null'),
      ...one('the token undefined', 'Bearer undefined'),
      // Octets outside ASCII (a Latin-1 é, then é in UTF-8): a key lookup that cannot read
      // them must still answer 401, not 500.
      ...one('a token with an octet outside ASCII', 'Bearer cl\u00e9'),
      ...one('a token with UTF-8 octets', 'Bearer cl\u00c3\u00a9'),
      ...DEFAULT_KEYS.filter((token) => token !== key).flatMap((token) =>
        one(`the default key ${token}`, `Bearer ${token}`).map((v) => ({
          ...v,
          unpaired: true as const,
        })),
      ),
    ],
  },
  {
    id: 'EMPTY-BEARER',
    label: 'with an empty bearer token, or an empty Authorization field',
    // An empty field value is a field all the same (RFC 9110 5.5): the key is missing, so 401.
    variants: () => [
      ...one('an empty bearer token', 'Bearer '),
      ...one('an empty Authorization field', ''),
    ],
  },
  {
    id: 'OTHER-SCHEME',
    label:
      'with another scheme (Basic, also with the key as user name or password; the key alone, or under Token or a scheme whose name ends in Bearer)',
    // `XBearer <key>` is what a server that looks for `Bearer ` anywhere in the header serves
    // (`header.split('Bearer ')[1]`): the key must come as a Bearer credential, not after one.
    // A bare key and `Token <key>` are what a server that strips an optional `Bearer ` or reads
    // the token after any scheme serves; the key inside Basic, what a gateway that takes either
    // scheme serves.
    variants: (key) => [
      ...one('a Basic credential', 'Basic cGM6d3Jvbmc='),
      ...BASIC_KEY_FORMS.flatMap((form) => one(form.label, `Basic ${form.token(key)}`)),
      ...one('the key under the scheme XBearer', `XBearer ${key}`),
      ...one('the key with no scheme', key),
      ...one('the key under the scheme Token', `Token ${key}`),
      // No space after the scheme: no bearer credential at all (RFC 6750 2.1), but the key
      // after a scheme name and a separator, for a parser that splits on any of them.
      ...one('the key after Bearer and a colon', `Bearer:${key}`),
    ],
  },
  {
    id: 'NEAR-KEY',
    label:
      'with a bearer token near the key (appended, prepended, followed or preceded by more text, cut short, one character changed, other case, percent-encoded, in base64, in fullwidth characters)',
    variants: (key) =>
      nearKeys(key).map(({ label, token, unpaired }) => ({
        label,
        auth: { authorization: `Bearer ${token}` },
        ...(unpaired ? { unpaired } : {}),
      })),
  },
  {
    id: 'KEY-IN-QUERY',
    label:
      'with the key in a query parameter (api_key, access_token, or key, token, apikey and others at once) and no Authorization',
    variants: (key) => [
      ...['api_key', 'access_token'].map((name) => ({
        label: `the key in ?${name}=`,
        auth: 'none' as const,
        query: { [name]: key },
      })),
      {
        label: `the key in ${OTHER_KEY_PARAMS.map((n) => `?${n}=`).join(', ')} at once`,
        auth: 'none' as const,
        query: Object.fromEntries(OTHER_KEY_PARAMS.map((n) => [n, key])),
        unpaired: true as const,
      },
    ],
  },
  {
    id: 'KEY-IN-COOKIE',
    label: 'with the key in a cookie and no Authorization',
    variants: (key) => [
      {
        label: 'the key in a cookie',
        auth: 'none',
        headers: { cookie: `api_key=${key}; access_token=${key}; token=${key}` },
      },
    ],
  },
  {
    id: 'KEY-IN-HEADER',
    label:
      'with the key in another header (X-API-Key, Api-Key, X-Auth-Token, Proxy-Authorization, X-Authorization and the fields a gateway copies it to, a WebSocket subprotocol, or api_key, apikey, token and others at once) and no Authorization',
    variants: (key) => [
      ...['x-api-key', 'api-key', 'x-auth-token'].map((name) => ({
        label: `the key in ${name}`,
        auth: 'none' as const,
        headers: { [name]: key },
      })),
      {
        label: 'Bearer <key> in Proxy-Authorization',
        auth: 'none' as const,
        headers: { 'proxy-authorization': `Bearer ${key}` },
      },
      {
        label: `Bearer <key> in ${BEARER_ELSEWHERE.join(', ')} at once, and as a WebSocket subprotocol`,
        auth: 'none' as const,
        headers: {
          ...Object.fromEntries(BEARER_ELSEWHERE.map((n) => [n, `Bearer ${key}`])),
          'sec-websocket-protocol': `bearer, ${key}`,
        },
        unpaired: true as const,
      },
      {
        label: `the key in ${OTHER_KEY_HEADERS.join(', ')} at once`,
        auth: 'none' as const,
        headers: Object.fromEntries(OTHER_KEY_HEADERS.map((n) => [n, key])),
        unpaired: true as const,
      },
    ],
  },
  {
    id: 'KEPT-ALIVE',
    label: 'without a key, on a kept-alive connection that has just carried the valid key',
    variants: () => one('no key on a kept-alive connection that carried the key', undefined),
    keptAlive: true,
  },
];

/** A request of one operation, before a credential is added to it. */
export interface RequestSpec {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  rawBody?: string;
  /** Header fields of the request itself (a body's media type), beside the credential's. */
  headers?: Record<string, string>;
  /** Header fields the harness sends by default to leave out (`content-type`: none at all). */
  dropHeaders?: readonly string[];
  /** The body as octets that need not be UTF-8 (instead of rawBody). */
  bodyOctets?: Uint8Array;
  /** The body in these pieces, chunked (instead of rawBody). */
  bodyChunks?: readonly string[];
}

/** A kind of invalid input of one operation, and what a server that looks at it first answers. */
export interface InvalidInput {
  /** Suffix of the check id, e.g. `BODY` in `AUTH-BEFORE-BODY`. Never reused. */
  id: string;
  operation: OperationName;
  label: string;
  /** What the server did when it answers `instead` rather than 401. */
  what: string;
  instead: readonly number[];
  /** Its requests; `key` the configured key, for a request that carries it where it does not count. */
  requests(runId: string, key: string): RequestSpec[];
}

/** The operations: check id prefix, request line, and a request valid in all but its key. */
export const OPERATION_ROWS = {
  listPets: {
    prefix: 'LIST',
    request: 'GET /pets',
    valid: (): RequestSpec => ({ label: 'valid', method: 'GET', path: '/pets' }),
  },
  createPet: {
    prefix: 'CREATE',
    request: 'POST /pets',
    // Named after the credential state: a refused write stored anyway is told by its name.
    valid: (runId: string, state = 'auth'): RequestSpec => ({
      label: 'valid',
      method: 'POST',
      path: '/pets',
      json: refusedNewPet(runId, `auth-${state.toLowerCase()}`),
    }),
  },
  getPet: {
    prefix: 'GET',
    request: 'GET /pets/{petId}',
    valid: (): RequestSpec => ({ label: 'valid', method: 'GET', path: '/pets/1' }),
  },
} as const satisfies Record<
  OperationName,
  { prefix: string; request: string; valid(runId: string, state?: string): RequestSpec }
>;

const list = (label: string, query: Record<string, string>): RequestSpec => ({
  label,
  method: 'GET',
  path: '/pets',
  query,
});
const get = (label: string, petId: string): RequestSpec => ({
  label,
  method: 'GET',
  path: `/pets/${encodeURIComponent(petId)}`,
});
const post = (
  label: string,
  body: { json: unknown } | { rawBody: string } | { bodyChunks: readonly string[] },
): RequestSpec => ({
  label,
  method: 'POST',
  path: '/pets',
  ...body,
});

/**
 * Every kind of invalid input per operation (and of input the contract leaves open): with a bad
 * key, each must still get 401.
 */
export const INVALID_INPUTS: readonly InvalidInput[] = [
  {
    id: 'LIMIT',
    operation: 'listPets',
    label: 'an invalid limit',
    what: 'validated limit',
    instead: [400, 422],
    requests: () => [list('limit=0', { limit: '0' }), list('limit=abc', { limit: 'abc' })],
  },
  {
    id: 'STATUS',
    operation: 'listPets',
    label: 'an invalid status',
    what: 'validated status',
    instead: [400, 422],
    requests: () => [
      list('status=lost', { status: 'lost' }),
      list('status=Sold', { status: 'Sold' }),
    ],
  },
  {
    id: 'BODY',
    operation: 'createPet',
    label: 'an invalid body',
    what: 'validated the body',
    instead: [400, 422],
    requests: (runId) => [
      post('malformed JSON', { rawBody: '{"name": ' }),
      // A large body may go to a parser of its own (streaming) mounted before the key check.
      post('malformed JSON of 20 KiB', { rawBody: `{"name": "${'x'.repeat(20_480)}", ` }),
      // A body that comes in chunks may go to a streaming parser mounted before the key check.
      post('malformed JSON in chunks', { bodyChunks: ['{"na', 'me": '] }),
      post('a body without name', { json: { categoryId: 1 } }),
      post('status "Sold"', { json: { ...refusedNewPet(runId, 'auth-sold'), status: 'Sold' } }),
      ...oddJsonTexts(refusedNewPet(runId, 'auth-odd')),
    ],
  },
  {
    // Not invalid: with the key a server may store or refuse a NewPet with fields the contract
    // does not name (it is silent on them); without it, 401 all the same. A layer that reads such
    // bodies (a newer version's, a compatibility shim) may sit before the key check.
    id: 'EXTRA',
    operation: 'createPet',
    label: 'a NewPet with fields the contract does not name',
    what: 'read the body',
    instead: [400, 422],
    requests: (runId, key) => [
      post('an unknown field', { json: { ...refusedNewPet(runId, 'auth-extra'), tag: 'x' } }),
      // The key as a member of the body: a service that reads credentials from any part of the
      // request serves it (the contract names one place, the Authorization header).
      post('the key in api_key and access_token members', {
        json: { ...refusedNewPet(runId, 'auth-body-key'), api_key: key, access_token: key },
      }),
      post('an id of its own', { json: { id: 1, ...refusedNewPet(runId, 'auth-own-id') } }),
      post('a category object', {
        json: { ...refusedNewPet(runId, 'auth-category'), category: { id: 1, name: 'dogs' } },
      }),
    ],
  },
  {
    id: 'MEDIA',
    operation: 'createPet',
    label: 'a body in another media type',
    what: 'looked at the media type',
    instead: [400, 415],
    requests: (runId) => otherMediaBodies(refusedNewPet(runId, 'auth-media')),
  },
  {
    id: 'PETID',
    operation: 'getPet',
    label: 'a petId that is not an int64',
    what: 'validated petId',
    instead: [400, 404, 422],
    requests: () => [get('petId abc', 'abc'), get('petId 1.5', '1.5')],
  },
  {
    id: 'EXISTENCE',
    operation: 'getPet',
    label: 'an unknown petId (also 0 or negative)',
    what: 'looked the pet up',
    instead: [404],
    // Ids no service assigns (0, negative ones, the lower bound) may be refused by a rule of
    // their own before the store is asked, and that rule may sit before the key check.
    requests: () => [
      get('an unknown petId', '9223372036854775807'),
      get('petId 0', '0'),
      get('petId -5', '-5'),
      get('petId -9223372036854775808', '-9223372036854775808'),
    ],
  },
];

/**
 * Pairs every variant of a credential state with one of the requests of a kind of invalid input,
 * and every request with one variant, rotating through both: max(variants, requests) pairs, not
 * their product. So every credential fault meets every kind of invalid input, and every invalid
 * request every credential state, in a fixed order (no seed: the same pairs every run).
 */
export function coveringPairs<V, S>(variants: readonly V[], requests: readonly S[]): [V, S][] {
  if (!variants.length || !requests.length) return [];
  const count = Math.max(variants.length, requests.length);
  return Array.from({ length: count }, (_, j) => [
    variants[j % variants.length] as V,
    requests[j % requests.length] as S,
  ]);
}

/**
 * What AUTH-BEFORE-<KIND> sends: each credential state's variants paired with the kind's invalid
 * requests. The kept-alive state is left out: its own checks send it with every invalid input.
 */
export function invalidInputPairs(
  input: InvalidInput,
  key: string,
  runId: string,
): [CredentialVariant, RequestSpec][] {
  const requests = input.requests(runId, key);
  return CREDENTIAL_STATES.filter((s) => !s.keptAlive).flatMap((state) =>
    coveringPairs(
      state.variants(key).filter((v) => !v.unpaired),
      requests,
    ),
  );
}

/** The request of `spec` sent with one credential variant. */
export function withCredential(spec: RequestSpec, variant: CredentialVariant): SendOptions {
  const query = { ...spec.query, ...variant.query };
  return {
    method: spec.method,
    path: spec.path,
    auth: variant.auth,
    ...(Object.keys(query).length ? { query } : {}),
    ...(spec.headers || variant.headers
      ? { headers: { ...spec.headers, ...variant.headers } }
      : {}),
    ...(variant.rawFields ? { rawFields: variant.rawFields } : {}),
    ...(spec.dropHeaders ? { dropHeaders: spec.dropHeaders } : {}),
    ...(spec.json === undefined ? {} : { json: spec.json }),
    ...(spec.rawBody === undefined ? {} : { rawBody: spec.rawBody }),
    ...(spec.bodyOctets === undefined ? {} : { bodyOctets: spec.bodyOctets }),
    ...(spec.bodyChunks === undefined ? {} : { bodyChunks: spec.bodyChunks }),
  };
}

/**
 * The key and every token the harness derives from it: all are redacted like the key, since a
 * truncated or re-cased key gives the key away.
 */
export const keySecrets = (key: string): LabeledSecret[] => [
  { secret: key, marker: REDACTED },
  ...nearKeys(key).map(({ token, marker }) => ({ secret: token, marker })),
  ...BASIC_KEY_FORMS.map((form) => ({ secret: form.token(key), marker: form.marker })),
];
