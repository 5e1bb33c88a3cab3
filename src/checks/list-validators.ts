import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { about, type Check, fail, type Judgement, pass } from './types.ts';

/**
 * One query's page revalidated with another query's tag: `tagged` is the page of `from` whose
 * ETag was sent, `conditional` the request of `to` with If-None-Match of it, `own` the page of
 * `to` asked for plainly right after.
 */
export interface CrossTagProbe {
  from: string;
  to: string;
  tagged: Exchange;
  conditional: Exchange;
  own: Exchange;
}

export interface ListValidatorObservation {
  probes: readonly CrossTagProbe[];
}

/** A page's content, to tell two representations apart (undefined: no page). */
function pageText(ex: Exchange): string | undefined {
  const json = ex.response?.json;
  return ex.response?.status === 200 && Array.isArray(json) ? JSON.stringify(json) : undefined;
}

/**
 * A 304 says the selected representation of this target is the one the tag names (RFC 9110
 * 13.1.2, 15.4.5): wrong when the query's own page is not the page that tag came with.
 */
function crossTagProblem(probe: CrossTagProbe): Judgement | undefined {
  const { tagged, conditional, own } = probe;
  if (conditional.response?.status !== 304) return undefined;
  const held = pageText(tagged);
  const actual = pageText(own);
  if (held === undefined || actual === undefined || held === actual) return undefined;
  const text = `?${probe.to} with If-None-Match of ?${probe.from}'s ETag ${tagged.response?.headers.etag} answered 304, but its own page is another one: a client shows ?${probe.from}'s pets as ?${probe.to}'s`;
  return fail(
    finding('not-modified-other-query', { from: probe.from, to: probe.to }, text),
    [tagged, conditional, own],
    about(`listPets ?${probe.to} revalidated with another query's tag`),
  );
}

export const LIST_VALIDATOR_PER_QUERY: Check<ListValidatorObservation> = {
  id: 'LIST-VALIDATOR-PER-QUERY',
  title:
    "listPets' ETag names one query's page: a request of another query with If-None-Match of it is answered 304 only when that query's own page is the same (RFC 9110 13.1.2: a 304 says the client's representation is the selected one)",
  operation: 'listPets',
  clause: CLAUSES.listStatus,
  level: 'MUST',
  writes: false,
  judge: ({ probes }) => {
    const tagged = probes.filter((p) => p.tagged.response?.headers.etag);
    // Validators are the server's choice: a service that sends none has nothing to get wrong.
    if (!tagged.length) return pass('no listPets page carried an ETag: nothing to revalidate');
    for (const probe of tagged) {
      const failed = crossTagProblem(probe);
      if (failed) return failed;
    }
    return pass(
      `${tagged.length} page(s) revalidated with another query's tag: no 304 to another page`,
    );
  },
};
