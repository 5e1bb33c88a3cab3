import { plural } from '../base/plural.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { bodyShown, notErrorResponse, notJson } from './problems.ts';
import { about, type Check, fail, pass } from './types.ts';

/** Requests made to provoke one error each, with the status the contract names for it. */
export interface ProvokedError {
  expected: number[];
  label: string;
  ex: Exchange;
}

// A pass names what it judged: a read-only run judges fewer requests than one that writes.
const labels = (answers: readonly { label: string }[]) => answers.map((a) => a.label).join(', ');

export const ERR_BODY_STATUS: Check<ProvokedError[]> = {
  id: 'ERR-BODY-STATUS',
  title:
    'Every error (401 per operation, 400, 404) carries an Error body whose status repeats the HTTP status',
  operation: 'all',
  clause: CLAUSES.errorBody,
  level: 'MUST',
  // Judged on GETs alone in a read-only run; the POST probes are added when the run may write.
  writes: false,
  judge: (provoked) => {
    for (const { expected, label, ex } of provoked) {
      const problem = notErrorResponse(ex, expected);
      if (problem) return fail(problem, [ex], about(label));
    }
    return pass(
      `${plural(provoked.length, 'error response')} (${labels(provoked)}), each a valid Error with a matching status`,
    );
  },
};

/** One labelled exchange of a request whose answer has a body. */
export interface LabelledExchange {
  label: string;
  ex: Exchange;
  /** For a request sent to provoke an error: the statuses it was sent for. */
  expected?: readonly number[];
}

// A request sent to provoke an error and served instead fails whatever the check's concern.
function servedProbe({ label, ex, expected }: LabelledExchange): string | undefined {
  const status = ex.response?.status ?? 0;
  if (!expected || expected.includes(status) || status < 200 || status >= 300) return undefined;
  return `${label}: sent to provoke ${expected.join(' or ')}, answered ${status}`;
}

export const JSON_CONTENT_TYPE: Check<LabelledExchange[]> = {
  id: 'JSON-CONTENT-TYPE',
  title: 'Every response body (200, 201, 400, 401, 404) is labelled application/json and parses',
  operation: 'all',
  clause: CLAUSES.json,
  level: 'MUST',
  // Judged on GETs alone in a read-only run; createPet's answers are added when the run may write.
  writes: false,
  judge: (answers) => {
    for (const answer of answers) {
      const { label, ex } = answer;
      const served = servedProbe(answer);
      if (served) return fail(served, [ex]);
      const problem = notJson(ex);
      // Labelled by what was sent; the status that answered is named beside what came back.
      if (problem && !ex.response) return fail(problem, [ex], about(label));
      if (problem && ex.response) {
        const { status } = ex.response;
        return fail(
          problem,
          [ex],
          about(label, `; answered ${status} with ${bodyShown(ex.response)}`),
        );
      }
    }
    return pass(`${plural(answers.length, 'response')} (${labels(answers)}), all application/json`);
  },
};

export const ERROR_CHECKS = [ERR_BODY_STATUS, JSON_CONTENT_TYPE] as const;
