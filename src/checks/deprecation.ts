import { GET_PET_SUNSET, GET_PET_SUNSET_DATE } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { noAnswer } from './problems.ts';
import { type Check, fail, type Judgement, pass, skip, warn } from './types.ts';

const SUNSET_SECONDS = GET_PET_SUNSET_DATE.getTime() / 1000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** An IMF-fixdate as RFC 9110 defines it, e.g. `Thu, 05 Dec 2030 00:00:00 GMT`. */
export function isImfFixdate(value: string): boolean {
  const date = new Date(value);
  // Node writes exactly IMF-fixdate: a value that survives the round trip is one (weekday included).
  return !Number.isNaN(date.getTime()) && date.toUTCString() === value;
}

/**
 * Whether an instant falls on the sunset day in some time zone (UTC-12 to UTC+14): the contract
 * names a day, "5 December 2030", and no zone, so a service may mean its own midnight.
 */
function onSunsetDaySomewhere(instant: Date): boolean {
  const start = GET_PET_SUNSET_DATE.getTime() - 14 * HOUR_MS;
  const end = GET_PET_SUNSET_DATE.getTime() + DAY_MS + 12 * HOUR_MS;
  return instant.getTime() >= start && instant.getTime() < end;
}

function header(ex: Exchange, name: string): string | undefined {
  return ex.response?.headers[name];
}

/** Judges one response header of getPet: no answer fails; the rest is up to `judgeValue`. */
function judgeHeader(
  ex: Exchange,
  name: string,
  judgeValue: (value: string | undefined) => Judgement,
): Judgement {
  const missing = noAnswer(ex);
  if (missing) return fail(missing, [ex]);
  const judgement = judgeValue(header(ex, name)?.trim());
  return judgement.verdict === 'pass' || judgement.evidence
    ? judgement
    : { ...judgement, evidence: [ex] };
}

/**
 * A failure of a header's syntax alone: how clients are warned of the deprecation is "not
 * shown", so the form of a notice rests on its RFC, and fails under certify only (settle reads
 * `rfc`); a notice naming another day than the contract's fails in every profile.
 */
function byRfc(failed: Judgement, rfc: string): Judgement {
  if (failed.verdict !== 'fail') return failed;
  return { ...failed, message: `${failed.message} (${rfc}: fails under certify)`, rfc };
}

const LINK_RFC = 'RFC 8288 3 (Link = link-value); RFC 8594 6; RFC 9745 3';

export const SUNSET_HEADER: Check<Exchange> = {
  id: 'SUNSET-HEADER',
  title: `getPet's Sunset header (RFC 8594), when sent, is an IMF-fixdate naming ${GET_PET_SUNSET}`,
  operation: 'getPet',
  clause: CLAUSES.deprecated,
  level: 'MUST',
  writes: false,
  judge: (ex) =>
    judgeHeader(ex, 'sunset', (value) => {
      if (value === undefined)
        return warn('no Sunset header: clients get no machine-readable notice of the removal');
      if (!isImfFixdate(value))
        return byRfc(
          fail(`Sunset '${value}' is not an IMF-fixdate (e.g. Thu, 05 Dec 2030 00:00:00 GMT)`, [
            ex,
          ]),
          'RFC 8594 3 (Sunset = HTTP-date); RFC 9110 5.6.7',
        );
      const day = new Date(value).toISOString().slice(0, 10);
      if (day === GET_PET_SUNSET) return pass(`Sunset: ${value}`);
      return onSunsetDaySomewhere(new Date(value))
        ? pass(`Sunset: ${value}, ${GET_PET_SUNSET} in some time zone (the contract names none)`)
        : fail(`Sunset names ${day}, the contract removes getPet on ${GET_PET_SUNSET}`);
    }),
};

export const DEPRECATION_HEADER: Check<Exchange> = {
  id: 'DEPRECATION-HEADER',
  title: `getPet's Deprecation header (RFC 9745), when sent, is @<unix seconds> no later than the sunset`,
  operation: 'getPet',
  clause: CLAUSES.deprecated,
  level: 'MUST',
  writes: false,
  judge: (ex) =>
    judgeHeader(ex, 'deprecation', (value) => {
      if (value === undefined)
        return warn('no Deprecation header: clients are not told getPet is deprecated');
      if (value === 'true')
        return warn('Deprecation: true is the draft form; RFC 9745 wants a date, @<unix seconds>');
      const match = /^@(-?\d{1,15})$/.exec(value);
      if (!match)
        return byRfc(
          fail(`Deprecation '${value}' is not a structured-field date (@<unix seconds>)`),
          'RFC 9745 2.1 (Deprecation = sf-date)',
        );
      const seconds = Number(match[1]);
      const when = new Date(seconds * 1000).toISOString().slice(0, 10);
      return seconds <= SUNSET_SECONDS
        ? pass(`Deprecation: ${value} (${when})`)
        : fail(`Deprecation ${value} (${when}) is later than the sunset ${GET_PET_SUNSET}`);
    }),
};

/** `<uri>; rel="a b"` entries of a Link header, as [uri, rels]. */
export function parseLinks(
  value: string,
): Array<{ uri: string; rels: string[] } | { malformed: string }> {
  const entries = value.match(/<[^>]*>[^,<]*/g) ?? [];
  const leftover = value.replace(/<[^>]*>[^,<]*/g, '').replace(/[\s,]/g, '');
  const parsed: Array<{ uri: string; rels: string[] } | { malformed: string }> = entries.map(
    (entry) => {
      const uri = /^<([^>]*)>/.exec(entry)?.[1] ?? '';
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;\s,]+))/i.exec(entry);
      return { uri, rels: (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean) };
    },
  );
  return leftover ? [...parsed, { malformed: leftover }] : parsed;
}

function isUriReference(uri: string): boolean {
  if (/[\s<>"{}|\\^`]/.test(uri)) return false;
  try {
    new URL(uri, 'https://base.invalid/');
    return true;
  } catch {
    return false;
  }
}

export const DEPRECATION_LINKS: Check<Exchange> = {
  id: 'DEPRECATION-LINKS',
  title: 'getPet\'s Link relations "sunset" and "deprecation", when sent, are valid URI references',
  operation: 'getPet',
  clause: CLAUSES.deprecated,
  level: 'MUST',
  writes: false,
  judge: (ex) =>
    judgeHeader(ex, 'link', (value) => {
      if (value === undefined) return pass('no Link header (optional)');
      const links = parseLinks(value);
      const broken = links.find((l) => 'malformed' in l);
      const relevant = links.filter(
        (l): l is { uri: string; rels: string[] } =>
          'uri' in l && l.rels.some((r) => r === 'sunset' || r === 'deprecation'),
      );
      if (broken && relevant.length === 0 && /sunset|deprecation/i.test(value)) {
        return byRfc(fail(`Link header is malformed: '${value}'`), LINK_RFC);
      }
      const bad = relevant.find((l) => !isUriReference(l.uri));
      if (bad)
        return byRfc(
          fail(
            `Link rel="${bad.rels.join(' ')}" target '${bad.uri}' is not a valid URI reference`,
            [ex],
          ),
          LINK_RFC,
        );
      return pass(
        relevant.length
          ? `${relevant.length} sunset/deprecation link(s), all valid`
          : 'no sunset or deprecation link (optional)',
      );
    }),
};

/**
 * Answers of the operations that are not deprecated. A Deprecation header says its resource is
 * deprecated (RFC 9745 2), a Sunset that it goes away (RFC 8594 3): on listPets, the contract's
 * named replacement, or on createPet, either says what the contract says of getPet alone.
 */
export const DEPRECATION_ONLY_GETPET: Check<Exchange[]> = {
  id: 'DEPRECATION-ONLY-GETPET',
  title:
    'listPets (with and without a status filter) and createPet (when the run may write) carry no Deprecation nor Sunset header: getPet alone is deprecated and removed',
  operation: 'all',
  clause: CLAUSES.deprecated,
  level: 'MUST',
  writes: false,
  judge: (exchanges) => {
    const notice = (ex: Exchange) =>
      header(ex, 'deprecation') !== undefined || header(ex, 'sunset') !== undefined;
    const flagged = exchanges.filter(notice);
    if (!flagged.length) return pass('no Deprecation nor Sunset header on listPets or createPet');
    const which = flagged
      .map((ex) => `${ex.request.method} ${new URL(ex.request.url).pathname}`)
      .join(', ');
    return fail(
      `Deprecation or Sunset header on an operation that is not deprecated: ${which}`,
      flagged,
    );
  },
};

/** The day the run takes as today and how many days before the sunset it starts to warn. */
export interface CountdownObservation {
  today: string;
  warnWithinDays: number;
}

/** Whole days from `today` (YYYY-MM-DD) to the sunset day; 0 or less once it has come. */
export function daysUntilSunset(today: string): number {
  return Math.round(
    (GET_PET_SUNSET_DATE.getTime() - new Date(`${today}T00:00:00Z`).getTime()) / DAY_MS,
  );
}

export const SUNSET_COUNTDOWN: Check<CountdownObservation> = {
  id: 'SUNSET-COUNTDOWN',
  title: `Days left until getPet's removal on ${GET_PET_SUNSET}: a warning within the configured window`,
  operation: 'getPet',
  clause: CLAUSES.deprecated,
  level: 'SHOULD',
  writes: false,
  judge: ({ today, warnWithinDays }): Judgement => {
    const days = daysUntilSunset(today);
    if (days <= 0) return pass(`getPet was removed on ${GET_PET_SUNSET} (${-days} days ago)`);
    const left = `${days} day${days === 1 ? '' : 's'} left until getPet is removed on ${GET_PET_SUNSET}`;
    return days <= warnWithinDays
      ? warn(`${left}: clients must move to GET /pets with the status filter`)
      : pass(left);
  },
};

/** Every getPet answer of the run that carried a Sunset or Deprecation header, one per notice. */
export interface NoticesObservation {
  /** One answer for each distinct pair of the two headers' values, the first few (HEAD too). */
  notices: readonly Exchange[];
  /** Answers of listPets and createPet, any status and key, that carried either header. */
  misplaced?: readonly Exchange[];
  /** The day the run takes as today, `YYYY-MM-DD`. */
  today: string;
}

/** The HTTP-dates a Sunset value holds: one, or one per field line when it was repeated. */
function sunsetDates(value: string): Date[] {
  const one = new Date(value);
  if (!Number.isNaN(one.getTime())) return [one];
  const dates = value.match(/[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g) ?? [];
  return dates.map((date) => new Date(date)).filter((date) => !Number.isNaN(date.getTime()));
}

/** What one getPet answer's notice says against the contract's dates, or undefined. */
function noticeProblem(ex: Exchange, today: string): string | undefined {
  const sunset = header(ex, 'sunset')?.trim();
  // A notice whose form is not a date is judged by the checks of form (SUNSET-HEADER): here,
  // days, each line's when Sunset came twice (a client may read either).
  const other = sunsetDates(sunset ?? '').find((instant) => !onSunsetDaySomewhere(instant));
  if (other)
    return `Sunset '${sunset}' names ${other.toISOString().slice(0, 10)}, the contract removes getPet on ${GET_PET_SUNSET}`;
  const match = /^@(-?\d{1,15})$/.exec(header(ex, 'deprecation')?.trim() ?? '');
  if (!match) return undefined;
  const seconds = Number(match[1]);
  const when = new Date(seconds * 1000).toISOString().slice(0, 10);
  if (seconds > SUNSET_SECONDS)
    return `Deprecation @${seconds} (${when}) is later than the sunset ${GET_PET_SUNSET}`;
  // Deprecated from a day after today (RFC 9745 2.1: a future date) is not deprecated yet.
  const endOfToday = Date.parse(`${today}T00:00:00Z`) + DAY_MS + 14 * HOUR_MS;
  return seconds * 1000 > endOfToday
    ? `Deprecation @${seconds} says getPet is deprecated from ${when}, after today (${today}): the contract says it is deprecated now`
    : undefined;
}

export const DEPRECATION_EVERY_GETPET: Check<NoticesObservation> = {
  id: 'DEPRECATION-EVERY-GETPET',
  title: `Every answer on getPet's path (GET, HEAD or any other method), whatever its status, that carries Sunset or Deprecation names the contract's days: Sunset ${GET_PET_SUNSET}, deprecated no later than today; no answer on the list path (listPets, createPet, HEAD or any other method), whatever its status or key, carries either`,
  operation: 'getPet',
  clause: CLAUSES.deprecated,
  level: 'MUST',
  writes: false,
  judge: ({ notices, today, misplaced = [] }) => {
    const [elsewhere] = misplaced;
    if (elsewhere) {
      const { method, url } = elsewhere.request;
      const text = `a ${elsewhere.response?.status} answer to ${method} ${new URL(url).pathname} carries Deprecation or Sunset: getPet alone is deprecated, and listPets is its replacement`;
      return fail(text, [elsewhere]);
    }
    for (const ex of notices) {
      const problem = noticeProblem(ex, today);
      if (problem) {
        const status = ex.response?.status ?? 0;
        const which =
          ex.request.method === 'GET' ? 'getPet' : `${ex.request.method} of getPet's path`;
        return fail(`a ${which} answer ${status}: ${problem}`, [ex]);
      }
    }
    if (!notices.length) return skip('no getPet answer carried a Sunset or Deprecation header');
    return pass(
      `${notices.length} distinct notice(s) on getPet answers, each naming the contract's days`,
    );
  },
};

export const DEPRECATION_CHECKS = [
  SUNSET_HEADER,
  DEPRECATION_HEADER,
  DEPRECATION_LINKS,
  DEPRECATION_ONLY_GETPET,
  SUNSET_COUNTDOWN,
] as const;
