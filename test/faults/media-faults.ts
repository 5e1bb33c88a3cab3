import type { AppRequest, AppResponse } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { errorOf, intercept, LIST, serverError } from './wrap.ts';

/** A createPet whose body is not labelled `application/json` (another type, or none). */
const notJsonTyped = (req: AppRequest) =>
  !/^application\/json\s*(;|$)/i.test((req.headers['content-type'] ?? '').trim());

/** Answers a createPet not labelled JSON with `answer` (the valid key or not, as `keyed` says). */
function onOtherMedia(
  answer: () => AppResponse,
  keyed: (req: AppRequest, apiKey: string) => boolean,
): Fault['wrap'] {
  return (app, { apiKey }) =>
    intercept(app, 'POST', LIST, (req) =>
      notJsonTyped(req) && keyed(req, apiKey) ? answer() : undefined,
    );
}

const withTheKey = (req: AppRequest, apiKey: string) =>
  req.headers.authorization === `Bearer ${apiKey}`;

/**
 * Servers that go wrong on a createPet in another media type, or with none: a request the
 * contract prescribes no answer for, but which must still be refused sanely (never a 5xx, an
 * error with its Error body) and, without the key, with 401.
 */
export const MEDIA_FAULTS: readonly Fault[] = [
  {
    name: 'media-500',
    description:
      'Answers 500 to a createPet with the key whose Content-Type is not application/json, or absent.',
    caughtBy: ['ROBUST-CREATE-MEDIA'],
    wrap: onOtherMedia(serverError, withTheKey),
  },
  {
    name: 'media-415-text-body',
    description:
      'Answers 415 with a text/plain body ("Unsupported Media Type"), not an Error, to a createPet not labelled JSON.',
    caughtBy: ['ROBUST-CREATE-MEDIA'],
    wrap: onOtherMedia(
      () => ({
        status: 415,
        headers: { 'content-type': 'text/plain' },
        raw: 'Unsupported Media Type',
      }),
      withTheKey,
    ),
  },
  {
    name: 'media-400-says-415',
    description:
      'Answers 400 with an Error whose status says 415 to a createPet not labelled JSON.',
    caughtBy: ['ROBUST-CREATE-MEDIA'],
    wrap: onOtherMedia(
      () => ({
        status: 400,
        json: { code: 'unsupported_media_type', message: 'use application/json', status: 415 },
      }),
      withTheKey,
    ),
  },
  {
    name: 'media-before-key',
    description:
      'Looks at the media type before the key: a createPet not labelled JSON gets 415 Error with no key or a wrong one.',
    caughtBy: ['AUTH-BEFORE-MEDIA'],
    wrap: onOtherMedia(
      () => errorOf(415, 'unsupported_media_type', 'use application/json'),
      (req, apiKey) => !withTheKey(req, apiKey),
    ),
  },
];

/** Answers 500 to a createPet with the key whose body `breaks` says the parser chokes on. */
function chokesOn(breaks: (req: AppRequest) => boolean): Fault['wrap'] {
  return (app, { apiKey }) =>
    intercept(app, 'POST', LIST, (req) =>
      withTheKey(req, apiKey) && breaks(req) ? serverError() : undefined,
    );
}

/** Depth of the deepest nesting in a JSON text (strings skipped). */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/**
 * Servers whose JSON parser chokes (500) on text RFC 8259 leaves open: a byte order mark, a lone
 * surrogate escape, a member twice, deep nesting; or on a charset other than UTF-8.
 */
export const JSON_TEXT_FAULTS: readonly Fault[] = [
  {
    name: 'text-bom-500',
    description: 'Answers 500 to a createPet whose body starts with a byte order mark.',
    caughtBy: ['ROBUST-CREATE-TEXT'],
    wrap: chokesOn((req) => req.body.charCodeAt(0) === 0xfeff),
  },
  {
    name: 'text-lone-surrogate-500',
    description: 'Answers 500 to a createPet whose name holds a lone surrogate escape (\\ud800).',
    caughtBy: ['ROBUST-CREATE-TEXT'],
    wrap: chokesOn((req) => /\\u[dD][89a-fA-F]/.test(req.body)),
  },
  {
    name: 'text-member-twice-500',
    description: 'Answers 500 to a createPet whose body gives the member name twice.',
    caughtBy: ['ROBUST-CREATE-TEXT'],
    wrap: chokesOn((req) => (req.body.match(/"name"\s*:/g) ?? []).length > 1),
  },
  {
    name: 'text-deep-500',
    description:
      'Answers 500 to a createPet whose body nests more than 20 deep, even inside an extra member.',
    caughtBy: ['ROBUST-CREATE-TEXT'],
    wrap: chokesOn((req) => depthOf(req.body) > 20),
  },
  {
    name: 'text-not-utf8-500',
    description:
      'Decodes a createPet body strictly as UTF-8 and answers 500 when it is not (here: the octet 0xFF in a name).',
    caughtBy: ['ROBUST-CREATE-TEXT'],
    wrap: chokesOn((req) => req.body.includes('\uFFFD')),
  },
  {
    name: 'text-charset-500',
    description: 'Answers 500 to a createPet labelled JSON with a charset other than UTF-8.',
    caughtBy: ['ROBUST-CREATE-MEDIA'],
    wrap: chokesOn((req) => /charset=(?!utf-8)/i.test(req.headers['content-type'] ?? '')),
  },
  {
    name: 'text-deep-500-before-key',
    description:
      'Parses the body before it looks at the key, and answers 500 to one nested more than 100 deep, whatever the key.',
    caughtBy: ['AUTH-BEFORE-BODY'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => (depthOf(req.body) > 100 ? serverError() : undefined)),
  },
];
