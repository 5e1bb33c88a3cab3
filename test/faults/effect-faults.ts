import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { StockedStore } from './freedom-stores.ts';
import type { Fault } from './types.ts';
import {
  isObject,
  jsonText,
  LIST,
  mapJson,
  matches,
  onRequest,
  parsedBody,
  withKey,
} from './wrap.ts';

/**
 * createPet refusing a request as the contract says (the reference's own answer) while storing
 * the pet anyway when `stores` says so: the answer is right, the effect is not.
 */
function refusesButStores(
  app: Handler,
  stores: (req: AppRequest) => AppRequest | undefined,
): Handler {
  return async (req) => {
    if (!matches(req, 'POST', LIST)) return app(req);
    const keyed = stores(req);
    if (keyed) await app(keyed);
    return app(req);
  };
}

/** `{"categoryId":"7"}` read as the integer 7: the coercion a loosely typed binder does. */
function coerced(body: unknown): unknown {
  if (!isObject(body)) return body;
  const id = body.categoryId;
  return typeof id === 'string' && /^-?\d{1,15}$/.test(id.trim())
    ? { ...body, categoryId: Number(id) }
    : body;
}

/** The NewPet member a key spells in another letter case or style (`Name`, `category_id`). */
const CANONICAL: Record<string, string> = {
  name: 'name',
  categoryid: 'categoryId',
  status: 'status',
};

function caseInsensitive(body: unknown): unknown {
  if (!isObject(body)) return body;
  const out: Record<string, unknown> = {};
  let renamed = false;
  for (const [key, value] of Object.entries(body)) {
    const canonical = CANONICAL[key.trim().toLowerCase().replace(/_/g, '')] ?? key;
    if (canonical !== key && canonical in body) continue;
    renamed ||= canonical !== key;
    out[canonical] = value;
  }
  return renamed ? out : body;
}

/** The newest pet (highest id) of a page listed twice: appended, or over its neighbour when full. */
function newestTwice(res: AppResponse, req: AppRequest): AppResponse {
  if (res.status !== 200) return res;
  return mapJson(res, (json) => {
    if (!Array.isArray(json) || json.length < 2) return json;
    const ids = json.map((p) => BigInt((p as { id: number | bigint }).id));
    const newest = ids.indexOf(ids.reduce((a, b) => (b > a ? b : a)));
    const limit = Number(req.query.get('limit') ?? 20);
    if (json.length < limit) return [...json, json[newest]];
    const page = [...json];
    page[newest === 0 ? 1 : newest - 1] = json[newest];
    return page;
  });
}

/** Servers whose answers are right while the effect is not, or whose pages repeat a pet. */
export const EFFECT_FAULTS: Fault[] = [
  {
    name: 'stores-keyless-create',
    description:
      'Answers a createPet without Authorization 401, as owed, but stores the pet anyway (it shows in later listings).',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap: (app, { apiKey }) =>
      refusesButStores(app, (req) =>
        req.headers.authorization ? undefined : withKey(req, apiKey),
      ),
  },
  {
    name: 'stores-keyless-create-many-pets',
    description:
      'Holds 1000 pets before the run, lists newest first, and stores a createPet without Authorization while answering it 401.',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap: (_app, ctx) =>
      refusesButStores(ctx.reference({ store: new StockedStore(1000, true) }), (req) =>
        req.headers.authorization ? undefined : withKey(req, ctx.apiKey),
      ),
  },
  {
    name: 'stores-chunked-create-without-key',
    description:
      'Answers a chunked createPet (Transfer-Encoding: chunked, no Content-Length) without the right key 401, as owed, but stores the pet anyway: the key check and the writer read the stream apart.',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap: (app, { apiKey }) =>
      refusesButStores(app, (req) =>
        /chunked/i.test(req.headers['transfer-encoding'] ?? '') &&
        req.headers.authorization !== `Bearer ${apiKey}`
          ? withKey(req, apiKey)
          : undefined,
      ),
  },
  {
    name: 'stores-wrong-key-create',
    description:
      'Answers a createPet with a wrong bearer key 401, as owed, but stores the pet anyway.',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap: (app, { apiKey }) =>
      refusesButStores(app, (req) => {
        const auth = req.headers.authorization;
        return auth && auth !== `Bearer ${apiKey}` ? withKey(req, apiKey) : undefined;
      }),
  },
  {
    name: 'stores-near-key-create',
    description:
      'Answers a createPet whose bearer token starts with the key (the key with more after it) 401, as owed, but stores the pet anyway.',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap: (app, { apiKey }) =>
      refusesButStores(app, (req) => {
        const token = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
        return token !== undefined && token !== apiKey && token.startsWith(apiKey)
          ? withKey(req, apiKey)
          : undefined;
      }),
  },
  {
    name: 'stores-invalid-create-coerced',
    description:
      'Answers a categoryId written as a string ("7") 400, as owed, but stores the pet anyway with the string read as a number.',
    caughtBy: ['RUN-400-NO-EFFECT'],
    wrap: (app) =>
      refusesButStores(app, (req) => {
        const body = parsedBody(req);
        const fixed = coerced(body);
        return fixed === body ? undefined : { ...req, body: jsonText(fixed) };
      }),
  },
  {
    name: 'lists-newest-twice',
    description:
      'Lists the newest pet of a page twice in the same array (appended, or over its neighbour in a full page).',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return matches(req, 'GET', LIST) ? newestTwice(res, req) : res;
    },
  },
  {
    name: 'binds-members-case-insensitively',
    description:
      'Binds NewPet members by name in any letter case, spaces and underscores aside: {"Name":"x","CategoryID":1} is taken for a NewPet (201).',
    caughtBy: ['CREATE-400-MISSING-NAME', 'CREATE-400-MISSING-CATEGORY'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        const bound = caseInsensitive(body);
        return bound === body ? req : { ...req, body: jsonText(bound) };
      }),
  },
];
