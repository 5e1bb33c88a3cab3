import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { errorOf, LIST, matches, withKey } from './wrap.ts';

/**
 * Servers that tell apart requests the RFCs make equivalent (docs/equivalences.md): each breaks
 * one relation, with the key (a form refused or misread) or without it (a form served).
 */

const hasKey = (req: AppRequest, apiKey: string) =>
  /^\s*bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] === apiKey;

/** The query as a hand-rolled parser reads it: split on & and =, nothing percent-decoded. */
function rawQuery(req: AppRequest): URLSearchParams {
  const search = (req.target ?? '').split('?')[1] ?? '';
  const query = new URLSearchParams();
  for (const pair of search.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split('=');
    query.append(name, value);
  }
  return query;
}

/** True for a request whose target was written in absolute-form (`http://host/v1/pets`). */
const isAbsoluteForm = (req: AppRequest) => /^[a-z][a-z0-9+.-]*:/i.test(req.target ?? '');

/** The values of a field's lines as sent, in order (`name` lower-case). */
const fieldLines = (req: AppRequest, name: string): string[] =>
  (req.rawHeaders ?? []).flatMap((h, i, raw) =>
    i % 2 === 0 && h.toLowerCase() === name ? [raw[i + 1] ?? ''] : [],
  );

/** True for an Accept value that admits application/json (no q-values weighed). */
const admitsJson = (accept: string) => /application\/json|application\/\*|\*\/\*/i.test(accept);

/** Answers with the key's check skipped when `served` says so. */
const servedWhen =
  (served: (req: AppRequest) => boolean) =>
  (app: Handler, { apiKey }: { apiKey: string }): Handler =>
  (req) =>
    app(served(req) ? withKey(req, apiKey) : req);

export const EQUIVALENCE_FAULTS: readonly Fault[] = [
  {
    name: 'query-not-percent-decoded',
    description:
      'Reads listPets’ query without percent-decoding it: %6Cimit=%31%30 is an unknown parameter, status=%61vailable an unknown status.',
    caughtBy: ['EQUIV-URI'],
    wrap: (app) => (req) =>
      app(matches(req, 'GET', LIST) && req.target ? { ...req, query: rawQuery(req) } : req),
  },
  {
    name: 'path-escapes-404',
    description:
      'Answers 404 to a path with a percent-encoded unreserved character (/v1/%70ets, /pets/%31), after the key check.',
    caughtBy: ['EQUIV-URI'],
    // With the key the forms are one request by the RFC alone: certify fails them, ci warns.
    profile: 'certify',
    wrap:
      (app, { apiKey }) =>
      (req) =>
        hasKey(req, apiKey) && req.path.includes('%')
          ? errorOf(404, 'not_found', 'No such resource.')
          : app(req),
  },
  {
    name: 'absolute-form-404',
    description:
      'Routes on the raw request target: GET http://host/v1/pets (absolute-form, RFC 9112 3.2.2) is an unknown route, 404 after the key check.',
    caughtBy: ['EQUIV-URI'],
    // With the key the forms are one request by the RFC alone: certify fails them, ci warns.
    profile: 'certify',
    wrap:
      (app, { apiKey }) =>
      (req) =>
        hasKey(req, apiKey) && isAbsoluteForm(req)
          ? errorOf(404, 'not_found', 'No such resource.')
          : app(req),
  },
  {
    name: 'absolute-form-skips-key',
    description:
      'Checks the key only on requests whose target starts with /v1/: one in absolute-form (http://host/v1/pets) is served without a key, a wrong one too.',
    caughtBy: ['EQUIV-URI'],
    wrap: servedWhen(isAbsoluteForm),
  },
  {
    name: 'lowercase-bearer-unchecked',
    description:
      'Serves a lower-case "bearer" credential without comparing its token: any token, a wrong key included.',
    caughtBy: ['EQUIV-CREDENTIALS'],
    wrap: servedWhen((req) => /^bearer \S/.test(req.headers.authorization ?? '')),
  },
  {
    name: 'scheme-case-sensitive',
    description:
      'Accepts the key only after "Bearer" spelled so: bearer or BEARER with the key gets 401.',
    caughtBy: ['EQUIV-CREDENTIALS'],
    // With the key the forms are one request by the RFC alone: certify fails them, ci warns.
    profile: 'certify',
    wrap: (app) => (req) =>
      /^\s*Bearer /.test(req.headers.authorization ?? '')
        ? app(req)
        : errorOf(401, 'unauthorized', 'API key missing or invalid.'),
  },
  {
    name: 'forwarded-for-trusted',
    description:
      'Serves without a key a request whose X-Forwarded-For names 127.0.0.1 (a proxy’s header trusted as the client’s address).',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: servedWhen((req) => (req.headers['x-forwarded-for'] ?? '').includes('127.0.0.1')),
  },
  {
    name: 'forwarded-for-last-line-trusted',
    description:
      'Takes the last X-Forwarded-For field line as the client’s address and serves 127.0.0.1 without a key (a header map that keeps the last line of a name).',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: servedWhen((req) => fieldLines(req, 'x-forwarded-for').at(-1)?.trim() === '127.0.0.1'),
  },
  {
    name: 'accept-first-line-only',
    description:
      'Reads only the first Accept field line (a header map that keeps the first line of a name): Accept: text/plain;q=0.5 then Accept: application/json gets 406.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const first = fieldLines(req, 'accept')[0];
        return hasKey(req, apiKey) && first !== undefined && !admitsJson(first)
          ? errorOf(406, 'not_acceptable', 'Only application/json is served.')
          : app(req);
      },
  },
  {
    name: 'accept-empty-element-400',
    description:
      'Parses Accept strictly: an empty list element (Accept: , application/json, RFC 9110 5.6.1.2) is a malformed field, 400.',
    caughtBy: ['EQUIV-FIELDS'],
    // Refused before the key: without the key too, so it fails under certify only.
    profile: 'certify',
    wrap: (app) => (req) =>
      (req.headers.accept ?? '').split(',').some((element) => element.trim() === '')
        ? errorOf(400, 'bad_request', 'Malformed Accept field.')
        : app(req),
  },
  {
    name: 'header-name-case-sensitive',
    description:
      'Finds the Authorization field only when its name is spelled authorization or Authorization: AUTHORIZATION with the key gets 401.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) => (req) => {
      const raw = req.rawHeaders ?? [];
      const named = raw.some((h, i) => i % 2 === 0 && /^[Aa]uthorization$/.test(h));
      const given = raw.some((h, i) => i % 2 === 0 && h.toLowerCase() === 'authorization');
      return given && !named
        ? errorOf(401, 'unauthorized', 'API key missing or invalid.')
        : app(req);
    },
  },
  {
    name: 'charset-parameter-400',
    description:
      'Answers createPet 400 when its Content-Type carries a parameter (application/json; charset=utf-8), after the key check.',
    caughtBy: ['EQUIV-MEDIA'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        matches(req, 'POST', LIST) &&
        hasKey(req, apiKey) &&
        (req.headers['content-type'] ?? '').includes(';')
          ? errorOf(400, 'unsupported_media_type', 'Content-Type must be application/json.')
          : app(req),
  },
  {
    name: 'chunked-body-dropped',
    description:
      'Reads a createPet body only when it has a Content-Length: a chunked body arrives empty (400).',
    caughtBy: ['EQUIV-FRAMING'],
    // With the key the forms are one request by the RFC alone: certify fails them, ci warns.
    profile: 'certify',
    wrap: (app) => (req) =>
      app(
        matches(req, 'POST', LIST) && req.headers['transfer-encoding']?.includes('chunked')
          ? { ...req, body: '' }
          : req,
      ),
  },
  {
    name: 'chunk-extension-400',
    description:
      'Parses a chunk size line strictly as hex digits: a chunk extension (4;pc-note=1, RFC 9112 7.1.1) is a malformed body, 400.',
    caughtBy: ['EQUIV-FRAMING'],
    // Refused before the key: without the key too, so it fails under certify only.
    profile: 'certify',
    wrap: (app) => app,
    listen: {
      refuseOctets: ({ sizeLines }) =>
        sizeLines.some((line) => !/^[0-9a-fA-F]+$/.test(line))
          ? 'Malformed chunk size.'
          : undefined,
    },
  },
  {
    name: 'chunk-trailer-400',
    description:
      'Expects the empty line right after the last chunk: a trailer field (RFC 9112 7.1.2) is a malformed body, 400.',
    caughtBy: ['EQUIV-FRAMING'],
    // Refused before the key: without the key too, so it fails under certify only.
    profile: 'certify',
    wrap: (app) => app,
    listen: {
      refuseOctets: ({ trailerLines }) =>
        trailerLines.length > 0 ? 'Malformed chunked body.' : undefined,
    },
  },
  {
    name: 'head-answer-with-body',
    description:
      'Writes the body GET would get after a HEAD’s answer (RFC 9110 9.3.2: a HEAD answer has none): the next answer on that connection starts with it.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => app,
    listen: { bodyAfterHead: true },
  },
  {
    name: 'json-name-first',
    description:
      'Parses a createPet body with a pattern that wants "name" as the first member: any other order gets 400.',
    caughtBy: ['EQUIV-JSON'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        matches(req, 'POST', LIST) && hasKey(req, apiKey) && !/^\s*\{\s*"name"/.test(req.body)
          ? errorOf(400, 'invalid_request', 'Malformed body.')
          : app(req),
  },
  {
    name: 'json-escapes-kept',
    description:
      'Keeps \\u escapes of a createPet body as text: a name sent as "\\u0061" is stored and echoed as the six characters \\u0061.',
    caughtBy: ['EQUIV-JSON'],
    wrap: (app) => (req) =>
      app(matches(req, 'POST', LIST) ? { ...req, body: req.body.replaceAll('\\u', '\\\\u') } : req),
  },
  {
    name: 'http10-skips-key',
    description:
      'Takes an HTTP/1.0 request for a load balancer’s health check and serves it without the key check, any operation, a wrong key or none.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: servedWhen((req) => req.httpVersion === '1.0'),
  },
  {
    name: 'chunked-to-http10',
    description:
      'Streams every answer with Transfer-Encoding: chunked, HTTP/1.0 requests included: a 1.0 client reads the chunk sizes as part of the body (RFC 9112 6.1).',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.httpVersion !== '1.0') return res;
      return { ...res, headers: { ...res.headers, 'transfer-encoding': 'chunked' } };
    },
  },
  {
    name: 'integral-number-read-as-text',
    description:
      'Validates categoryId by its value (1e2 and 100.0 are integers) but stores parseInt of its text: 1e2 is kept as 1, 1.5e1 as 1, 100.0 as 100.',
    caughtBy: ['EQUIV-JSON'],
    wrap: (app) => (req) => {
      const literal = /("categoryId"\s*:\s*)(-?\d+(?:\.\d+)?[eE][+-]?\d+|-?\d+\.\d+)/;
      if (!matches(req, 'POST', LIST)) return app(req);
      const text = literal.exec(req.body)?.[2];
      if (text === undefined || !Number.isInteger(Number(text))) return app(req);
      return app({ ...req, body: req.body.replace(literal, `$1${Number.parseInt(text, 10)}`) });
    },
  },
];
