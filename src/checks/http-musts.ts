import { plural } from '../base/plural.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { isImfFixdate } from './deprecation.ts';
import { finding } from './finding.ts';
import { about, type Check, fail, pass, precondition } from './types.ts';

/**
 * MUSTs of the RFCs the contract brings in ("HTTP bearer authentication", HTTP and JSON) that
 * its text does not repeat (docs/contract.md, "HTTP's own MUSTs"): level RFC, so they fail a
 * certify run and warn in the others, each naming the clause behind it.
 */

/** A request the check sent, and its answer. */
export interface LabelledAnswer {
  label: string;
  ex: Exchange;
}

/** A `Bearer` challenge among the challenges of a WWW-Authenticate value (the scheme in any case). */
const BEARER_CHALLENGE = /(?:^|,)\s*bearer(?:\s|,|$)/i;

const CHALLENGE_RFC = 'RFC 9110 15.5.2; RFC 6750 3';

export const HTTP_401_CHALLENGE: Check<LabelledAnswer[]> = {
  id: 'HTTP-401-CHALLENGE',
  title: `Every 401 carries WWW-Authenticate with a Bearer challenge (${CHALLENGE_RFC}; fails under certify, warns otherwise)`,
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'RFC',
  rfc: `${CHALLENGE_RFC}: a server generating a 401 MUST send a WWW-Authenticate field with at least one challenge; a bearer-protected resource MUST include it, with the auth-scheme Bearer`,
  writes: false,
  judge: (answers) => {
    const unauthorized = answers.filter(({ ex }) => ex.response?.status === 401);
    if (!unauthorized.length) return precondition('no request got a 401 to judge');
    for (const { label, ex } of unauthorized) {
      const value = ex.response?.headers['www-authenticate'];
      if (value === undefined) {
        const text = `401 without WWW-Authenticate (${CHALLENGE_RFC}: a 401 MUST carry a challenge)`;
        return fail(finding('no-challenge', {}, text), [ex], about(label));
      }
      if (!BEARER_CHALLENGE.test(value)) {
        const text = `WWW-Authenticate '${value}' has no Bearer challenge (RFC 6750 3: the challenge of a bearer-protected resource uses the scheme Bearer)`;
        return fail(finding('no-bearer-challenge', { value }, text), [ex], about(label));
      }
    }
    return pass(`${plural(unauthorized.length, '401')}, each with a Bearer challenge`);
  },
};

const DATE_RFC = 'RFC 9110 6.6.1, 5.6.7';

export const HTTP_DATE: Check<LabelledAnswer[]> = {
  id: 'HTTP-DATE',
  title: `Every 2xx, 3xx and 4xx answer carries a Date in IMF-fixdate (${DATE_RFC}; fails under certify, warns otherwise)`,
  operation: 'all',
  clause: CLAUSES.responses,
  level: 'RFC',
  rfc: `${DATE_RFC}: an origin server with a clock MUST generate a Date field in every 2xx, 3xx and 4xx response, and a sender MUST generate timestamps in IMF-fixdate`,
  writes: false,
  judge: (answers) => {
    const owing = answers.filter(({ ex }) => {
      const status = ex.response?.status ?? 0;
      return status >= 200 && status < 500;
    });
    if (!owing.length) return precondition('no 2xx, 3xx or 4xx answer to judge');
    for (const { label, ex } of owing) {
      const value = ex.response?.headers.date;
      if (value === undefined) {
        const text = `${ex.response?.status} without a Date field (RFC 9110 6.6.1: an origin server with a clock MUST send one)`;
        return fail(finding('no-date', {}, text), [ex], about(label));
      }
      if (!isImfFixdate(value.trim())) {
        const text = `Date '${value}' is not an IMF-fixdate, e.g. Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110 5.6.7)`;
        return fail(finding('date-format', { value }, text), [ex], about(label));
      }
    }
    return pass(`${plural(owing.length, 'answer')}, each with a Date in IMF-fixdate`);
  },
};

export const HTTP_CHECKS = [HTTP_401_CHALLENGE, HTTP_DATE] as const;
