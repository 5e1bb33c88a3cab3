import { stringify } from 'lossless-json';
import type { AppResponse, Handler } from '../../src/reference/index.ts';
import { storesName } from './coverage-faults.ts';
import type { Fault } from './types.ts';
import { ITEM, isObject, LIST, matches, parsedBody } from './wrap.ts';

/** getPet and listPets answering with every name rewritten by `fn` (stored as sent). */
const readsName =
  (app: Handler, fn: (name: string) => unknown): Handler =>
  async (req) => {
    const res = await app(req);
    const read = matches(req, 'GET', LIST) || matches(req, 'GET', ITEM);
    if (!read || res.status !== 200 || res.json === undefined) return res;
    const rename = (pet: unknown) =>
      isObject(pet) && typeof pet.name === 'string' ? { ...pet, name: fn(pet.name) } : pet;
    const json = Array.isArray(res.json) ? res.json.map(rename) : rename(res.json);
    return { ...res, json };
  };

/** Every JSON answer's text rewritten by `fn` after it was written. */
const rewritesJsonText =
  (app: Handler, fn: (text: string) => string): Handler =>
  async (req) => {
    const res: AppResponse = await app(req);
    if (res.json === undefined) return res;
    const { json, ...rest } = res;
    return {
      ...rest,
      raw: fn(stringify(json) ?? 'null'),
      headers: { ...res.headers, 'content-type': 'application/json' },
    };
  };

/**
 * Servers that change a name on its way in or out: characters no one sees (format characters),
 * separators a JavaScript-minded writer escapes, and normalisation. Names of every kind of
 * character are sent in every run that writes (NAME-UNICODE), whatever the seed.
 */
export const NAME_FAULTS: Fault[] = [
  {
    name: 'blank-name-refused',
    description:
      'Refuses a name of white space only (spaces, a tab, a no-break space) with 400 "name must not be blank"; an empty name and names with other characters are stored.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => (req) => {
      if (!matches(req, 'POST', LIST)) return app(req);
      const body = parsedBody(req);
      const name = isObject(body) ? body.name : undefined;
      return typeof name === 'string' && name !== '' && name.trim() === ''
        ? { status: 400, json: { code: 'invalid', message: 'name must not be blank', status: 400 } }
        : app(req);
    },
  },
  {
    name: 'crlf-names-folded',
    description:
      'Writes line breaks in a name the Unix way before it stores it: CR LF and a lone CR become LF, in the 201 and in every read.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => storesName(app, (name) => name.replace(/\r\n?/g, '\n')),
  },
  {
    name: 'names-strip-format-chars',
    description:
      'Strips format characters (Cf: U+200B..U+200F, U+2060..U+2064, U+FEFF, soft hyphen, bidi marks) from names it stores.',
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) => storesName(app, (name) => name.replace(/\p{Cf}/gu, '')),
  },
  {
    name: 'names-double-escape-separators',
    description:
      'Escapes U+2028 and U+2029 twice in its JSON (\\\\u2028): the names come back holding a backslash and "u2028" instead.',
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) =>
      rewritesJsonText(app, (text) =>
        text
          .replace(/\\u(2028|2029)/gi, '\\\\u$1')
          .replace(/\u2028/g, '\\\\u2028')
          .replace(/\u2029/g, '\\\\u2029'),
      ),
  },
  {
    name: 'names-nfc-on-read',
    description:
      'Stores names as sent but answers getPet and listPets with them normalised to NFC (composed, Angstrom and Ohm signs replaced).',
    // RUN-PET-CONSISTENT warns only: a change every view agrees on, another client could make
    // (the store may be shared); NAME-UNICODE sends the name again and sees it changed again.
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) => readsName(app, (name) => name.normalize('NFC')),
  },
  {
    name: 'names-drop-private-use',
    description: 'Replaces private-use characters (Co) in names with U+FFFD as it stores them.',
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) => storesName(app, (name) => name.replace(/\p{Co}/gu, '\uFFFD')),
  },
  {
    name: 'names-digits-read-as-numbers',
    description:
      'Keeps names in a dynamically typed column: a name of digits alone comes back from getPet and listPets as a JSON number (createPet echoes it as sent).',
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) => readsName(app, (name) => (/^-?\d{1,15}$/.test(name) ? Number(name) : name)),
  },
  {
    name: 'names-yaml-booleans',
    description:
      'Reads names back through YAML 1.1: yes, no, on, off, true and false (any case) come back from getPet and listPets as JSON booleans.',
    caughtBy: ['NAME-UNICODE'],
    wrap: (app) =>
      readsName(app, (name) =>
        /^(y|yes|on|true)$/i.test(name) ? true : /^(n|no|off|false)$/i.test(name) ? false : name,
      ),
  },
];
