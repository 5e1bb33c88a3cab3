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
