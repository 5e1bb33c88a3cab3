import { createHash } from 'node:crypto';
import type { Handler } from '../../src/reference/index.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import type { Fault } from './types.ts';
import {
  ANY,
  ITEM,
  intercept,
  isObject,
  jsonText,
  LIST,
  matches,
  onRequest,
  parsedBody,
  withKey,
} from './wrap.ts';

/** The members of a NewPet the contract names. */
const NEW_PET_KEYS = new Set(['name', 'categoryId', 'status']);

const authOf = (h: Record<string, string | undefined>) => h.authorization ?? '';

/** Lets requests matching `accept` through as if they carried the right key. */
function acceptWhen(
  app: Handler,
  apiKey: string,
  method: string,
  path: RegExp,
  accept: (auth: string) => boolean,
): Handler {
  return (req) =>
    app(matches(req, method, path) && accept(authOf(req.headers)) ? withKey(req, apiKey) : req);
}

/** Authentication with one promise broken. */
export const AUTH_FAULTS: Fault[] = [
  {
    name: 'auth-ignored',
    description: 'Serves every request as if it carried the right key.',
    caughtBy: [
      'AUTH-LIST-NO-KEY',
      'AUTH-CREATE-WRONG-KEY',
      'AUTH-GET-OTHER-SCHEME',
      'ERR-BODY-STATUS',
    ],
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, '*', ANY, () => true),
  },
  {
    name: 'auth-ignored-on-list',
    description: 'listPets does not check the key.',
    // JSON-CONTENT-TYPE: its keyless probe, served 200, fails it whatever its main concern.
    caughtBy: ['AUTH-LIST-NO-KEY', 'AUTH-LIST-WRONG-KEY', 'JSON-CONTENT-TYPE'],
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, 'GET', LIST, () => true),
  },
  {
    name: 'auth-ignored-on-create',
    description: 'createPet does not check the key.',
    caughtBy: ['AUTH-CREATE-NO-KEY', 'AUTH-CREATE-WRONG-KEY'],
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, 'POST', LIST, () => true),
  },
  {
    name: 'auth-ignored-on-get',
    description: 'getPet does not check the key.',
    caughtBy: ['AUTH-GET-NO-KEY', 'AUTH-GET-WRONG-KEY'],
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, 'GET', ITEM, () => true),
  },
  {
    name: 'auth-any-bearer-token',
    description: 'Accepts any non-empty bearer token.',
    caughtBy: ['AUTH-LIST-WRONG-KEY', 'AUTH-CREATE-WRONG-KEY', 'AUTH-GET-WRONG-KEY'],
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, '*', ANY, (auth) => /^Bearer \S+/.test(auth)),
  },
  {
    name: 'auth-empty-bearer-accepted',
    description: 'Accepts "Bearer " with no token.',
    caughtBy: ['AUTH-LIST-EMPTY-BEARER', 'AUTH-CREATE-EMPTY-BEARER', 'AUTH-GET-EMPTY-BEARER'],
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, '*', ANY, (auth) => auth.trim() === 'Bearer'),
  },
  {
    name: 'auth-basic-accepted',
    description: 'Accepts any Basic credential.',
    caughtBy: ['AUTH-LIST-OTHER-SCHEME', 'AUTH-CREATE-OTHER-SCHEME', 'AUTH-GET-OTHER-SCHEME'],
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, '*', ANY, (auth) => auth.startsWith('Basic ')),
  },
  {
    name: 'auth-403-for-wrong-key',
    description: 'Answers 403 instead of 401 to a key that is present but wrong.',
    caughtBy: ['AUTH-LIST-WRONG-KEY', 'AUTH-CREATE-WRONG-KEY', 'AUTH-GET-WRONG-KEY'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const present =
        authOf(req.headers).startsWith('Bearer ') && authOf(req.headers).length > 'Bearer '.length;
      return res.status === 401 && present
        ? { status: 403, json: { code: 'forbidden', message: 'Forbidden.', status: 403 } }
        : res;
    },
  },
  {
    name: 'auth-after-body',
    description: 'createPet validates the body before the key: a bad body without key gets 400.',
    caughtBy: ['AUTH-BEFORE-BODY'],
    wrap: (app, { apiKey }) =>
      intercept(app, 'POST', LIST, (req) => {
        const parsed = parseNewPet(req.body);
        return parsed.ok ? undefined : app(withKey(req, apiKey));
      }),
  },
  {
    name: 'extra-fields-before-key',
    description:
      "Sends a createPet body with fields the contract does not name (id, category, tag) to a newer version's handler mounted before the key check: served without the key.",
    caughtBy: ['AUTH-BEFORE-EXTRA'],
    wrap: (app, { apiKey }) =>
      intercept(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        const extra = isObject(body) && Object.keys(body).some((k) => !NEW_PET_KEYS.has(k));
        return extra ? app(withKey(req, apiKey)) : undefined;
      }),
  },
  {
    name: 'auth-after-existence',
    description: 'getPet looks the pet up before the key: an unknown id without key gets 404.',
    caughtBy: ['AUTH-BEFORE-EXISTENCE'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        if (!matches(req, 'GET', ITEM)) return app(req);
        const looked = await app(withKey(req, apiKey));
        return looked.status === 404 ? looked : app(req);
      },
  },
  {
    name: 'jwt-alg-none-accepted',
    description:
      'listPets trusts any bearer token that is a JWT signed with alg "none" (a verifier that reads the algorithm from the token).',
    caughtBy: ['AUTH-LIST-WRONG-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const token = /^Bearer (\S+)$/.exec(authOf(req.headers))?.[1] ?? '';
        const [head] = token.split('.');
        const alg = (() => {
          try {
            return JSON.parse(Buffer.from(head ?? '', 'base64url').toString()).alg;
          } catch {
            return undefined;
          }
        })();
        return app(matches(req, 'GET', LIST) && alg === 'none' ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'default-key-accepted',
    description:
      'Accepts the development key changeme beside the real one, on every operation (left enabled in production).',
    caughtBy: ['AUTH-LIST-WRONG-KEY', 'AUTH-CREATE-WRONG-KEY', 'AUTH-GET-WRONG-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(authOf(req.headers) === 'Bearer changeme' ? withKey(req, apiKey) : req),
  },
  {
    name: 'token-read-loosely',
    description:
      'Reads the bearer token loosely before it compares: percent-decoded, base64-decoded when that gives the key, cut at a full stop (a key.signature reader), trailing = stripped.',
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const token = /^Bearer (\S+)$/.exec(authOf(req.headers))?.[1] ?? '';
        const decoded = (() => {
          try {
            return decodeURIComponent(token);
          } catch {
            return token;
          }
        })();
        const readings = [
          decoded,
          Buffer.from(token, 'base64').toString('utf8'),
          token.split('.')[0],
          token.replace(/=+$/, ''),
        ];
        return app(readings.includes(apiKey) ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'token-last-word',
    description:
      'Takes the last word of an Authorization field that starts with Bearer as the token: Bearer x <key> is served as the key.',
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const field = authOf(req.headers);
        const last = /^Bearer /i.test(field) ? field.split(' ').pop() : undefined;
        return app(last === apiKey ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'token-folded-nfkc',
    description:
      'Reads the Authorization field as UTF-8 and folds it to NFKC before it compares: the key in fullwidth letters and digits is served as the key.',
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const field = Buffer.from(authOf(req.headers), 'latin1').toString('utf8');
        return app(field.normalize('NFKC') === `Bearer ${apiKey}` ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'token-base64url-folded',
    description:
      "Folds the token's base64url characters into base64's (- to +, _ to /) and the key's the same way before it compares: the key with - and + (or _ and /) swapped is served as the key.",
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const fold = (text: string) => text.replace(/-/g, '+').replace(/_/g, '/');
        const field = authOf(req.headers);
        const served = field.startsWith('Bearer ') && fold(field.slice(7)) === fold(apiKey);
        return app(served ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'token-trimmed-unicode',
    description:
      'Trims the token with a Unicode-aware trim before it compares (the field read as Latin-1): the key followed or preceded by a no-break space (octet A0) is served as the key.',
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const field = authOf(req.headers);
        const served = field.startsWith('Bearer ') && field.slice(7).trim() === apiKey;
        return app(served ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'key-hash-accepted',
    description:
      'Keeps the SHA-256 of the key and takes a token whose hash it is, or the stored hash itself (pass the hash): the hash of the key in hex is served as the key.',
    caughtBy: ['AUTH-LIST-NEAR-KEY', 'AUTH-CREATE-NEAR-KEY', 'AUTH-GET-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const hash = createHash('sha256').update(apiKey).digest('hex');
        return app(authOf(req.headers) === `Bearer ${hash}` ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'empty-authorization-400',
    description:
      'A header parser in front answers an empty Authorization field 400 with a text/plain body, before the key check.',
    caughtBy: ['AUTH-LIST-EMPTY-BEARER', 'AUTH-CREATE-EMPTY-BEARER', 'AUTH-GET-EMPTY-BEARER'],
    wrap: (app) => (req) =>
      req.headers.authorization === ''
        ? { status: 400, headers: { 'content-type': 'text/plain' }, raw: 'Bad Request' }
        : app(req),
  },
  {
    name: 'non-ascii-token-500',
    description: 'The key lookup throws on a bearer token holding an octet outside ASCII: 500.',
    caughtBy: ['AUTH-LIST-WRONG-KEY', 'AUTH-CREATE-WRONG-KEY', 'AUTH-GET-WRONG-KEY'],
    wrap: (app) => (req) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the point
      /[^\u0000-\u007f]/.test(authOf(req.headers))
        ? { status: 500, json: { code: 'internal', message: 'lookup failed', status: 500 } }
        : app(req),
  },
  {
    name: 'encoded-slash-skips-key',
    description:
      'The key check matches the raw path, the router decodes %2F first: /v1%2Fpets and /v1/pets%2F7 are served without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        /%2f/i.test(req.path)
          ? app(withKey({ ...req, path: req.path.replace(/%2f/gi, '/') }, apiKey))
          : app(req),
  },
  {
    name: 'encoded-version-skips-key',
    description:
      'The key check is mounted on the raw prefix /v1/, the router decodes every segment first: /%76%31/pets (the same path by RFC 3986 6.2.2.2) is served without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        /^\/%/.test(req.path)
          ? app(withKey({ ...req, path: decodeURIComponent(req.path) }, apiKey))
          : app(req),
  },
  {
    name: 'backslash-path-skips-key',
    description:
      'The key check matches the raw path, the router turns backslashes into slashes first: /v1\\pets and /v1/pets\\7 are served without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        // The reference's router reads the path through WHATWG URL, which already turns `\\`
        // into `/`: the raw target tells the key check's view.
        (req.target ?? '').includes('\\') ? app(withKey(req, apiKey)) : app(req),
  },
  {
    name: 'trimmed-segment-skips-key',
    description:
      'The key check matches the exact paths, the router decodes each segment and trims it: /v1/pets%20 and /v1/pets/{id}%09 are served, and written to, without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const raw = (req.target ?? '').split('?')[0] ?? '';
        if (!/(%20|%09)$/i.test(raw)) return app(req);
        return app(withKey({ ...req, path: req.path.replace(/(%20|%09|\s)+$/i, '') }, apiKey));
      },
  },
  {
    name: 'jsonp-callback-public',
    description:
      'A JSONP route for a shop-window widget is public: GET /v1/pets?callback=fn without a key answers 200 fn([...pets...]) as application/javascript.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const callback = req.query.get('callback');
        if (req.method !== 'GET' || !callback || req.headers.authorization === `Bearer ${apiKey}`)
          return app(req);
        const res = await app(withKey(req, apiKey));
        const page = res.raw ?? JSON.stringify(res.json ?? null);
        return {
          status: 200,
          headers: { 'content-type': 'application/javascript' },
          raw: `${callback}(${page});`,
        };
      },
  },
  {
    name: 'unversioned-paths-skip-key',
    description:
      'A router of an older layout, mounted before the key check, still serves GET /pets and /pets/{petId} without the /v1 prefix, and without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        req.method === 'GET' && /^\/pets(\/[^/]+)?$/.test(req.path)
          ? app(withKey({ ...req, path: `/v1${req.path}` }, apiKey))
          : app(req),
  },
  {
    name: 'large-body-parsed-before-key',
    description:
      'createPet sends a body over 16 KiB to a streaming parser mounted before the key check: a malformed one gets 400 without the key.',
    caughtBy: ['AUTH-BEFORE-BODY'],
    wrap: (app) => (req) => {
      if (!matches(req, 'POST', LIST) || Buffer.byteLength(req.body) <= 16_384) return app(req);
      try {
        JSON.parse(req.body);
        return app(req);
      } catch {
        return { status: 400, json: { code: 'bad_json', message: 'Malformed JSON.', status: 400 } };
      }
    },
  },
  {
    name: 'localhost-skips-key',
    description:
      'Trusts a request whose Host is localhost (any port) as an internal health check: served without the key.',
    caughtBy: ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(
          /^localhost(:\d+)?$/i.test(String(req.headers.host ?? '')) ? withKey(req, apiKey) : req,
        ),
  },
  {
    name: 'quoted-key-accepted',
    description: 'createPet strips quotes around the bearer token: Bearer "<key>" is served.',
    caughtBy: ['AUTH-CREATE-NEAR-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(
          matches(req, 'POST', LIST) && authOf(req.headers) === `Bearer "${apiKey}"`
            ? withKey(req, apiKey)
            : req,
        ),
  },
  {
    name: 'conditional-304-before-key',
    description:
      'getPet answers a conditional request (If-None-Match, If-Modified-Since) 304 Not Modified before it looks at the key.',
    caughtBy: ['AUTH-GET-NO-KEY'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        req.headers['if-none-match'] || req.headers['if-modified-since']
          ? { status: 304, raw: '' }
          : undefined,
      ),
  },
  {
    name: 'own-etag-304-before-key',
    description:
      'Tags every keyed read with an ETag (a hash of its body) and answers a request whose If-None-Match is that tag 304 Not Modified before it looks at the key; * and other tags go to the key check.',
    caughtBy: ['AUTH-GET-NO-KEY'],
    wrap: (app, { apiKey }) => {
      const tagOf = (res: { json?: unknown }) =>
        `"${createHash('sha1').update(jsonText(res.json)).digest('hex').slice(0, 16)}"`;
      return async (req) => {
        if (req.method !== 'GET') return app(req);
        const keyed = await app(withKey(req, apiKey));
        const tag = keyed.status === 200 ? tagOf(keyed) : undefined;
        if (tag && req.headers['if-none-match'] === tag) return { status: 304, raw: '' };
        const res = await app(req);
        return res.status === 200 && tag ? { ...res, headers: { ...res.headers, etag: tag } } : res;
      };
    },
  },
  {
    name: 'internal-address-skips-key',
    description:
      'Trusts a request whose X-Forwarded-For names a private address (10.0.0.0/8) as an internal caller: served without the key.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'AUTH-CREATE-NO-KEY', 'AUTH-GET-NO-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(/^\s*10\./.test(req.headers['x-forwarded-for'] ?? '') ? withKey(req, apiKey) : req),
  },
  {
    name: 'health-checker-skips-key',
    description:
      'Lets health checkers through by their user agent (kube-probe/, ELB-HealthChecker/), to every operation: served without the key.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'AUTH-CREATE-NO-KEY', 'AUTH-GET-NO-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(
          /^(kube-probe|ELB-HealthChecker)\//.test(req.headers['user-agent'] ?? '')
            ? withKey(req, apiKey)
            : req,
        ),
  },
  {
    name: 'bearer-colon-accepted',
    description:
      'Splits the Authorization field on a space or a colon: Bearer:<key> is served as the key.',
    caughtBy: ['AUTH-LIST-OTHER-SCHEME', 'AUTH-CREATE-OTHER-SCHEME', 'AUTH-GET-OTHER-SCHEME'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(authOf(req.headers) === `Bearer:${apiKey}` ? withKey(req, apiKey) : req),
  },
  {
    name: 'key-in-body-accepted',
    description:
      'Reads the key from an api_key member of a createPet body when the request has no Authorization field.',
    caughtBy: ['AUTH-BEFORE-EXTRA'],
    wrap: (app, { apiKey }) =>
      onRequest(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        return !req.headers.authorization && isObject(body) && body.api_key === apiKey
          ? withKey(req, apiKey)
          : req;
      }),
  },
  {
    name: 'chunked-body-parsed-before-key',
    description:
      'Parses a createPet body that comes in chunks in a streaming layer before the key check: a malformed one gets 400 without the key.',
    caughtBy: ['AUTH-BEFORE-BODY'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => {
        if (!/chunked/i.test(req.headers['transfer-encoding'] ?? '')) return undefined;
        try {
          JSON.parse(req.body);
          return undefined;
        } catch {
          return {
            status: 400,
            json: { code: 'bad_json', message: 'Malformed JSON.', status: 400 },
          };
        }
      }),
  },
  {
    name: 'nonpositive-id-refused-before-key',
    description:
      'getPet refuses an id of 0 or less with 404 by a rule of its own, before the key check.',
    caughtBy: ['AUTH-BEFORE-EXISTENCE'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        /\/pets\/(0|-\d+)$/.test(req.path)
          ? { status: 404, json: { code: 'not_found', message: 'No such pet.', status: 404 } }
          : undefined,
      ),
  },
  {
    name: 'pets-in-401-body',
    description:
      'Answers a request without the right key 401 with an Error body, and the first page of the store in an extra member (data), for a client to show while it asks for a key.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const res = await app(req);
        if (res.status !== 401 || !isObject(res.json)) return res;
        const list = {
          ...req,
          method: 'GET',
          path: '/v1/pets',
          query: new URLSearchParams(),
          body: '',
        };
        const page = await app(withKey(list, apiKey));
        return { ...res, json: { ...res.json, data: page.json } };
      },
  },
  {
    name: 'negotiates-before-key',
    description:
      'createPet negotiates the answer before it looks at the key: Accept: text/html with no key gets 406.',
    caughtBy: ['AUTH-CREATE-NO-KEY'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) =>
        (req.headers.accept ?? '').startsWith('text/html')
          ? { status: 406, json: { code: 'not_acceptable', message: 'JSON only.', status: 406 } }
          : undefined,
      ),
  },
];
