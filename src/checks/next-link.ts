import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { parseLinks } from './deprecation.ts';
import { owedProblem } from './owed.ts';
import { notErrorResponse, unsound } from './problems.ts';
import { listQueryBound } from './robustness.ts';
import { about, type Check, fail, pass, warnOf } from './types.ts';

/** A page the service linked to as the next one (its query, as the link wrote it), and its answer. */
export interface NextPage {
  query: string;
  ex: Exchange;
}

export interface NextLinksObservation {
  pages: readonly NextPage[];
}

/** A link's query longer than this is not followed (a hostile one may be megabytes). */
const MAX_QUERY = 2048;

/**
 * The queries of the next pages a Link header names that stay on the service: the same origin
 * and the listPets path of the base URL. The key goes nowhere else, whatever a link says.
 */
export function nextLinkQueries(value: string, requestUrl: string, base: URL): string[] {
  const listPath = `${base.pathname.replace(/\/+$/, '')}/pets`;
  return parseLinks(value).flatMap((link) => {
    if (!('uri' in link) || !link.rels.includes('next')) return [];
    let url: URL;
    try {
      url = new URL(link.uri, requestUrl);
    } catch {
      return [];
    }
    const query = url.search.slice(1);
    const ours = url.origin === base.origin && url.pathname === listPath;
    return ours && query.length <= MAX_QUERY ? [query] : [];
  });
}

/**
 * A next link's query with a smaller limit: a client may page on in smaller pages, and the
 * limit bounds the page whatever a cursor recorded (listPets' limit, "Maximum number of animals
 * to return"). 5 below a limit past 5 (or none: 20), else 1; undefined where the limit is 1.
 */
export function smallerLimitQuery(query: string): string | undefined {
  const params = new URLSearchParams(query);
  const limit = params.get('limit');
  const n = limit !== null && /^[1-9]\d{0,2}$/.test(limit) ? Number(limit) : 20;
  if (n <= 1 || params.getAll('limit').length > 1) return undefined;
  params.set('limit', String(n > 5 ? 5 : 1));
  return params.toString();
}

export const LIST_NEXT_LINK: Check<NextLinksObservation> = {
  id: 'LIST-NEXT-LINK',
  title:
    'A next page the service links to, when it links one (Link rel="next", on its own listPets path), answers as every page does, as linked and with a smaller limit: a 200 holds at most the limit its query names and only the status it names, an error is an Error',
  operation: 'listPets',
  clause: CLAUSES.listStatus,
  level: 'MUST',
  writes: false,
  judge: ({ pages }) => {
    // Like a notice "when sent": a service that links no next page (its paging, not shown, may
    // use none) has nothing here to get wrong.
    if (!pages.length) return pass('no listPets answer linked a next page: nothing to follow');
    for (const { query, ex } of pages) {
      const label = `the next page the service linked to, ?${query}`;
      const broken = unsound(ex);
      if (broken) return fail(broken, [ex], about(label));
      const status = ex.response?.status ?? 0;
      // A cursor may expire or be refused: any 4xx, as long as it is an Error.
      const problem =
        status === 200
          ? owedProblem(listQueryBound(query), ex)
          : status >= 400 && status < 500
            ? notErrorResponse(ex, status)
            : undefined;
      if (problem) return fail(problem, [ex], about(label));
      if (status !== 200 && (status < 400 || status >= 500))
        return warnOf(`${label}: unexpected status ${status}`, ex);
    }
    return pass(
      `${pages.length} next page(s) the service linked to, each within the limit and status its link names`,
    );
  },
};
