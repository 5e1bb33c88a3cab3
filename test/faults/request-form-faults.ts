import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import {
  intercept,
  isObject,
  LIST,
  matches,
  onRequest,
  onResponse,
  parsedBody,
  rewriteJsonBody,
} from './wrap.ts';

/**
 * Servers that size, filter or shape a listPets page (or createPet's answer) by something other
 * than the contract's parameters: the body of a GET, a paging parameter of their own, a request
 * header, a cursor, a cache or validator keyed without the query (red team O's findings).
 */

/** The listPets request with `edit` applied to its query. */
const queried = (req: AppRequest, edit: (q: URLSearchParams) => void): AppRequest => {
  const query = new URLSearchParams(req.query);
  edit(query);
  return { ...req, query };
};

/** Parameters a GET's body names, as a form or a JSON object (PHP's $_REQUEST). */
function bodyParams(req: AppRequest): [string, string][] {
  if (!req.body) return [];
  const json = parsedBody(req);
  if (isObject(json)) return Object.entries(json).map(([k, v]) => [k, String(v)]);
  return [...new URLSearchParams(req.body)];
}

/** A page of the 100 first pets that pass `keep`, `size` of them. */
async function pageOf(
  app: Handler,
  req: AppRequest,
  size: number,
  keep: (pet: Record<string, unknown>) => boolean = () => true,
): Promise<AppResponse> {
  const res = await app(queried(req, (q) => q.set('limit', '100')));
  if (res.status !== 200 || !Array.isArray(res.json)) return res;
  return { ...res, json: (res.json as Record<string, unknown>[]).filter(keep).slice(0, size) };
}

/**
 * listPets that reads its limit from the query parameter `named` picks, unchecked: past 100, a
 * page that long (the reference pages no further than 100: its page five times stands for it).
 */
const limitUnderAnotherName =
  (app: Handler, named: (name: string) => boolean): Handler =>
  async (req) => {
    const name = [...req.query.keys()].find(named);
    const limit = Number(req.query.get(name ?? ''));
    if (!matches(req, 'GET', LIST) || req.query.has('limit') || !(limit > 100)) return app(req);
    const page = await pageOf(app, req, 100);
    if (!Array.isArray(page.json)) return page;
    const pets = Array.from({ length: 5 }, () => page.json as unknown[]).flat();
    return { ...page, json: pets.slice(0, limit) };
  };

/** The pets of a page past the one an `after` id ends (ids compared as integers). */
const pastId = (after: string) => (pet: Record<string, unknown>) =>
  BigInt(String(pet.id)) > BigInt(after);

type Cursor = { size: number; after: string };

function readCursor(text: string | null): Cursor | undefined {
  try {
    const cursor = JSON.parse(Buffer.from(text ?? '', 'base64url').toString());
    return Number.isInteger(cursor.size) && typeof cursor.after === 'string' ? cursor : undefined;
  } catch {
    return undefined;
  }
}

/** A full page links the next one with a cursor that records its size. */
function linkNext(res: AppResponse, req: AppRequest, size: number): AppResponse {
  const pets = Array.isArray(res.json) ? (res.json as Record<string, unknown>[]) : [];
  const last = pets.at(-1);
  if (res.status !== 200 || pets.length < size || !last) return res;
  const cursor = Buffer.from(JSON.stringify({ size, after: String(last.id) })).toString(
    'base64url',
  );
  const next = new URLSearchParams({ limit: String(size), cursor });
  const status = req.query.get('status');
  if (status) next.set('status', status);
  return { ...res, headers: { ...res.headers, link: `</v1/pets?${next}>; rel="next"` } };
}

/** A cursor's page: its size wins over the query's limit. */
const cursorPaging =
  (app: Handler): Handler =>
  async (req) => {
    if (!matches(req, 'GET', LIST)) return app(req);
    const cursor = readCursor(req.query.get('cursor'));
    const plain = queried(req, (q) => q.delete('cursor'));
    if (cursor) return pageOf(app, plain, cursor.size, pastId(cursor.after));
    const size = Number(req.query.get('limit') ?? 20);
    return linkNext(await app(plain), req, size);
  };

/** Compressed answers to GET cached by path alone, the query left out of the key. */
function gzipCacheByPath(app: Handler): Handler {
  const cache = new Map<string, AppResponse>();
  return async (req) => {
    const res = await app(req);
    const gzip = /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '');
    if (!gzip || !matches(req, 'GET', LIST) || res.status !== 200) return res;
    const cached = cache.get(req.path);
    if (cached) return cached;
    cache.set(req.path, res);
    return res;
  };
}

/** listPets' ETag is the store's version (pets created so far), the same for every query. */
function storeVersionTag(app: Handler): Handler {
  let version = 0;
  return async (req) => {
    const res = await app(req);
    if (matches(req, 'POST', LIST) && res.status === 201) version++;
    if (!matches(req, 'GET', LIST) || res.status !== 200) return res;
    const tag = `"v${version}"`;
    if ((req.headers['if-none-match'] ?? '').includes(tag))
      return { status: 304, headers: { etag: tag }, raw: '' };
    return { ...res, headers: { ...res.headers, etag: tag } };
  };
}

/** A JSON value as crude XML. */
function xmlOf(value: unknown, tag = 'root'): string {
  if (Array.isArray(value))
    return `<${tag}>${value.map((v) => xmlOf(v, 'item')).join('')}</${tag}>`;
  if (isObject(value))
    return `<${tag}>${Object.entries(value)
      .map(([k, v]) => xmlOf(v, k))
      .join('')}</${tag}>`;
  return `<${tag}>${String(value).replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</${tag}>`;
}

/** A number written with a fraction part or an exponent, read through a double. */
const throughDouble = (body: string) =>
  body.replace(/("categoryId"\s*:\s*)(-?\d+(?:\.\d+)?[eE][+-]?\d+|-?\d+\.\d+)/g, (_, key, n) => {
    const value = Number(n);
    return Number.isInteger(value) ? `${key}${BigInt(value)}` : `${key}${n}`;
  });

export const REQUEST_FORM_FAULTS: readonly Fault[] = [
  {
    name: 'get-body-params-win',
    description:
      'Reads listPets’ parameters PHP-$_REQUEST style: a form or JSON body on a GET overrides the query, its limit unchecked (GET /pets?limit=5 with the body limit=500 answers 100 pets).',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) =>
      onRequest(app, 'GET', LIST, (req) =>
        queried(req, (q) => {
          for (const [name, value] of bodyParams(req))
            q.set(name, name === 'limit' ? String(Math.min(Number(value) || 20, 100)) : value);
        }),
      ),
  },
  {
    name: 'offset-limit-concatenated',
    description:
      'Pages by an offset of its own whose end is offset and limit concatenated as strings: offset=1&limit=5 answers 14 pets, offset=2&limit=50 answers 100.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) =>
      onRequest(app, 'GET', LIST, (req) => {
        const offset = req.query.get('offset');
        const limit = req.query.get('limit') ?? '20';
        if (!offset || offset === '0') return req;
        const end = Number(`${offset}${limit}`) - Number(offset);
        return queried(req, (q) => q.set('limit', String(Math.min(Math.max(end, 1), 100))));
      }),
  },
  {
    name: 'app-user-agent-bigger-pages',
    description:
      'Gives its own mobile app (User-Agent: PetstoreApp/...) bigger pages: 50 pets without a limit.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) =>
      onRequest(app, 'GET', LIST, (req) =>
        /^PetstoreApp\//.test(req.headers['user-agent'] ?? '') && !req.query.has('limit')
          ? queried(req, (q) => q.set('limit', '50'))
          : req,
      ),
  },
  {
    name: 'app-user-agent-limit-200',
    description:
      'Takes a limit up to 200 from its own mobile app (User-Agent: PetstoreApp/...): limit=200 answers 200 pets, where others get 400.',
    caughtBy: ['LIST-LIMIT-INVALID'],
    wrap: (app) => async (req) => {
      const limit = Number(req.query.get('limit'));
      const fromApp = /^PetstoreApp\//.test(req.headers['user-agent'] ?? '');
      if (!matches(req, 'GET', LIST) || !fromApp || !(limit > 100 && limit <= 200)) return app(req);
      // The reference pages no further than 100: its page twice stands for the larger one.
      const page = await pageOf(app, req, 100);
      if (!Array.isArray(page.json)) return page;
      return { ...page, json: [...page.json, ...page.json].slice(0, limit) };
    },
  },
  {
    name: 'charset-body-coerces',
    description:
      'A createPet whose Content-Type carries a charset parameter goes through a form-style binder that coerces strings: a categoryId of "12" is taken as 12 (201), where plain application/json gets its 400.',
    caughtBy: ['EQUIV-MEDIA'],
    wrap: (app) => (req) => {
      const typed = /charset/i.test(req.headers['content-type'] ?? '');
      if (!matches(req, 'POST', LIST) || !typed) return app(req);
      return app(
        rewriteJsonBody(req, (b) =>
          typeof b.categoryId === 'string' && /^-?\d+$/.test(b.categoryId)
            ? { ...b, categoryId: Number(b.categoryId) }
            : b,
        ),
      );
    },
  },
  {
    name: 'chunked-skips-status-check',
    description:
      'A createPet sent chunked goes through a streaming parser that skips the status enum: status "adopted" is stored and echoed (201), where a body with Content-Length gets its 400.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const chunked = /chunked/i.test(req.headers['transfer-encoding'] ?? '');
      const body = parsedBody(req);
      if (!matches(req, 'POST', LIST) || !chunked || !isObject(body)) return app(req);
      const { status } = body;
      if (typeof status !== 'string' || ['available', 'pending', 'sold'].includes(status))
        return app(req);
      const res = await app(rewriteJsonBody(req, ({ status: _, ...rest }) => rest));
      return isObject(res.json) ? { ...res, json: { ...res.json, status } } : res;
    },
  },
  {
    name: 'http10-lenient',
    description:
      'HTTP/1.0 requests go through a legacy front end: its default page is 100, and it truncates a fractional categoryId (1.5 is stored as 1, 201) where HTTP/1.1 gets a page of 20 and a 400.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => (req) => {
      if (req.httpVersion !== '1.0') return app(req);
      if (matches(req, 'GET', LIST) && !req.query.has('limit')) {
        const query = new URLSearchParams(req.query);
        query.set('limit', '100');
        return app({ ...req, query });
      }
      if (!matches(req, 'POST', LIST)) return app(req);
      return app(
        rewriteJsonBody(req, (b) =>
          typeof b.categoryId === 'number' ? { ...b, categoryId: Math.trunc(b.categoryId) } : b,
        ),
      );
    },
  },
  {
    name: 'limit-brackets-bound',
    description:
      'Validates the query as URLSearchParams reads it, but its data layer binds names qs-style (express’s extended parser): limit[]=500 and limit[0]=500 are limit 500 there, never checked, and answer 500 pets.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) => limitUnderAnotherName(app, (k) => /^limit\[\d*\]$/.test(k)),
  },
  {
    name: 'limit-name-any-case',
    description:
      'Validates the query by its exact names but binds them to the query in any letter case: Limit=500 (no limit) is never checked, and answers 500 pets.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) => limitUnderAnotherName(app, (k) => k !== 'limit' && k.toLowerCase() === 'limit'),
  },
  {
    name: 'range-items-206',
    description:
      'Honours Dojo-style item ranges on listPets: Range: items=0-499 answers 206 with up to 100 pets, whatever the limit.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) =>
      intercept(app, 'GET', LIST, (req) => {
        const range = /^items=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (!range) return undefined;
        return (async () => {
          const res = await pageOf(app, req, Number(range[2]) - Number(range[1]) + 1);
          return res.status === 200 ? { ...res, status: 206 } : res;
        })();
      }),
  },
  {
    name: 'cursor-size-wins',
    description:
      'Links the next page with a cursor that records its page size; a cursor and a limit together are served at the cursor’s size (a next page asked with limit=1 holds 5).',
    caughtBy: ['LIST-NEXT-LINK'],
    wrap: (app) => cursorPaging(app),
  },
  {
    name: 'next-pages-round-categoryid',
    description:
      'Links the next page with a cursor; the first page comes from the primary store, the pages a next link reaches from a search index that keeps numbers as doubles: a categoryId past 2^53 shows there as the nearest double.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) => {
      const paged = cursorPaging(app);
      return async (req) => {
        const res = await paged(req);
        if (!req.query.get('cursor') || !Array.isArray(res.json)) return res;
        const json = res.json.map((pet) =>
          isObject(pet) ? { ...pet, categoryId: Number(pet.categoryId) } : pet,
        );
        return { ...res, json };
      };
    },
  },
  {
    name: 'gzip-cache-ignores-query',
    description:
      'Caches compressed listPets answers by path alone: a client that accepts gzip gets the first page it asked for whatever its later queries (?status=sold, ?limit=1).',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => gzipCacheByPath(app),
  },
  {
    name: 'etag-ignores-query',
    description:
      'Tags every listPets page with the store’s version, whatever the query: ?limit=1 with If-None-Match of the ?limit=20 page’s tag answers 304.',
    caughtBy: ['LIST-VALIDATOR-PER-QUERY'],
    wrap: (app) => storeVersionTag(app),
  },
  {
    name: 'prefer-return-200',
    description:
      'Honours Prefer: return=representation with 200 instead of 201 (and return=minimal with 204 and no body).',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res, req) => {
        const prefer = req.headers.prefer ?? '';
        if (res.status !== 201) return res;
        if (/return=representation/.test(prefer)) return { ...res, status: 200 };
        if (/return=minimal/.test(prefer)) return { status: 204, raw: '' };
        return res;
      }),
  },
  {
    name: 'accept-xml-honoured',
    description:
      'Answers a request that accepts application/xml or text/xml (and not JSON) in XML, labelled application/xml.',
    caughtBy: ['EQUIV-MEDIA'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const accept = req.headers.accept ?? '';
      if (!/\bxml\b/.test(accept) || /json|\*\/\*/.test(accept) || res.json === undefined)
        return res;
      return {
        status: res.status,
        headers: { ...res.headers, 'content-type': 'application/xml' },
        raw: xmlOf(res.json),
      };
    },
  },
  {
    name: 'large-invalid-body-html',
    description:
      'Answers an invalid createPet body past 16 KiB with the framework’s 400 page in text/html, not the Error body small ones get.',
    caughtBy: ['EQUIV-JSON'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res, req) =>
        res.status === 400 && req.body.length > 16 * 1024
          ? {
              status: 400,
              headers: { 'content-type': 'text/html' },
              raw: '<!DOCTYPE html><title>400 Bad Request</title>',
            }
          : res,
      ),
  },
  {
    name: 'float-categoryid-through-double',
    description:
      'Reads a categoryId written with a fraction part or an exponent through a double: 9007199254740993.0 is stored as 9007199254740992.',
    caughtBy: ['EQUIV-JSON'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) => ({ ...req, body: throughDouble(req.body) })),
  },
  {
    name: 'list-decodes-names',
    description:
      'Percent-decodes every name listPets shows (100%25 cotton listed as 100% cotton); getPet and the 201 show it as created.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) =>
      onResponse(app, 'GET', LIST, (res) => {
        if (!Array.isArray(res.json)) return res;
        const decoded = (name: unknown) => {
          try {
            return decodeURIComponent(String(name));
          } catch {
            return name;
          }
        };
        const pets = res.json as Record<string, unknown>[];
        return { ...res, json: pets.map((p) => ({ ...p, name: decoded(p.name) })) };
      }),
  },
];
