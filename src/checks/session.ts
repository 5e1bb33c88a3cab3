import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { firstProblem, noAnswer, serverError } from './problems.ts';
import { about, type Check, fail, pass } from './types.ts';

/**
 * The cookies answers set (Set-Cookie, RFC 6265 4.1), as a Cookie field sends them back
 * (`name=value; name=value`), or undefined when none set one. The client joins a field's lines
 * with `, `, which an Expires date holds too: a line starts where `, ` meets `name=`.
 */
/** The largest cookie (name, `=`, value) sent back, as browsers keep them. */
const COOKIE_MAX = 4096;
/** The most octets of the Cookie field sent back. */
const COOKIE_FIELD_MAX = 8192;

export function cookiesSet(answers: readonly Exchange[]): string | undefined {
  const pairs = new Map<string, string>();
  for (const ex of answers) {
    const field = ex.response?.headers['set-cookie'];
    if (!field) continue;
    for (const line of field.split(/, (?=[!#$%&'*+\-.^_`|~0-9A-Za-z]+=)/)) {
      const pair = line.split(';')[0]?.trim() ?? '';
      const at = pair.indexOf('=');
      // A browser drops a cookie past 4096 octets (RFC 6265 6.1 asks for that much, no more):
      // sent back, the server's own header limit might refuse the request before its key check.
      if (at > 0 && Buffer.byteLength(pair) <= COOKIE_MAX)
        pairs.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  // The field sent back kept within 8 KiB, the cookies that fit in the order they were set: a
  // session's cookie is small, and a larger header section meets the limits HTTP layers apply
  // before any key check (Node's 16 KiB: a 431 of their own, red team M's c06).
  const kept: string[] = [];
  let size = 0;
  for (const [name, value] of pairs) {
    const pair = `${name}=${value}`;
    if (size + pair.length + 2 > COOKIE_FIELD_MAX) continue;
    kept.push(pair);
    size += pair.length + 2;
  }
  return kept.length ? kept.join('; ') : undefined;
}

/** The cookies the keyed answers set, and each operation sent back with them but no key. */
export interface SessionObservation {
  /**
   * The requests whose answers were read for cookies: with the key, and without it (a session
   * layer before the key check may hand a guest session to a 401, which it then serves).
   */
  keyed: readonly Exchange[];
  /** Undefined when no answer set a cookie (nothing to send back). */
  cookie?: string;
  replays: ReadonlyArray<{ label: string; ex: Exchange }>;
}

export const AUTH_SESSION_COOKIE: Check<SessionObservation> = {
  id: 'AUTH-SESSION-COOKIE',
  title:
    'The cookies answers set (a session: to the key, or to a request without it: its 401, a CORS preflight, a HEAD), sent back on listPets, getPet and createPet without the key or with a wrong one -> never served (401)',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: true,
  judge: ({ keyed, cookie, replays }) => {
    if (cookie === undefined)
      return pass(
        `${keyed.length} answers (with the key and without) set no cookie: no session to send back`,
      );
    for (const { label, ex } of replays) {
      const broken = firstProblem(
        () => noAnswer(ex),
        () => serverError(ex),
      );
      if (broken) return fail(broken, [ex], about(label));
      const status = ex.response?.status ?? 0;
      if (status >= 200 && status < 300)
        return fail(
          finding(
            'served-without-key',
            { status },
            `answered ${status} to the cookies of a session: served without the key`,
          ),
          [...keyed, ex],
          about(label),
        );
    }
    return pass(`${replays.length} requests with the session's cookies and no key, none served`);
  },
};
