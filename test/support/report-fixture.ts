import { CLAUSES } from '../../src/checks/clauses.ts';
import { clauseCoverage } from '../../src/checks/coverage.ts';
import { toCurl } from '../../src/http/curl.ts';
import { type CheckResult, type RunReport, runVerdict, summarize } from '../../src/report/model.ts';
import { exchange } from './exchanges.ts';

/** A small finished run: one failing check with evidence, one pass, one skip. */
export const failing = exchange({ status: 200, json: [], body: '[] <&> "quoted"' });
export const checks: CheckResult[] = [
  {
    id: 'AUTH-LIST-NO-KEY',
    title: 'GET /pets without Authorization -> 401 Error',
    operation: 'listPets',
    clause: CLAUSES.auth401,
    level: 'MUST',
    writes: false,
    verdict: 'fail',
    message: 'expected 401, got 200',
    durationMs: 12,
    requests: 1,
    exchanges: [{ ...failing, curl: toCurl(failing.request) }],
  },
  {
    id: 'LIST-200-PETS',
    title: 'GET /pets -> 200',
    operation: 'listPets',
    clause: CLAUSES.list200,
    level: 'MUST',
    writes: false,
    verdict: 'pass',
    message: 'ok',
    durationMs: 3,
    requests: 1,
    exchanges: [],
  },
  {
    id: 'GET-200-PET',
    title: 'GET /pets/{petId} -> 200',
    operation: 'getPet',
    clause: CLAUSES.get200,
    level: 'MUST',
    writes: true,
    verdict: 'skip',
    message: 'precondition failed',
    durationMs: 0,
    requests: 1,
    exchanges: [],
  },
];
export const summary = summarize(checks);
export const report: RunReport = {
  harness: { name: 'petstore-conformance', version: '0.0.0' },
  contract: { version: '1.0.0' },
  target: { baseUrl: 'http://h/v1', embedded: false },
  verdict: runVerdict(checks, []),
  profile: 'full',
  readOnly: false,
  schemasSha256: 'abc',
  options: { profile: 'full' },
  requests: 3,
  createdPets: 1,
  latency: { listPets: { requests: 2, medianMs: 1.5, p95Ms: 4 } },
  seed: 5,
  runs: 10,
  today: '2026-11-22',
  sunset: {
    date: '2030-12-05',
    today: '2026-11-22',
    todaySource: 'local',
    daysLeft: 1474,
    warnWithinDays: 180,
  },
  runId: 'abcd',
  startedAt: '2026-11-22T00:00:00.000Z',
  finishedAt: '2026-11-22T00:00:01.000Z',
  durationMs: 1000,
  summary,
  checks,
  coverage: clauseCoverage(checks),
  harnessErrors: [],
};

/** The fixture with three checks failing for one cause, each after its own request's label. */
export const sharedCause: RunReport = {
  ...report,
  checks: [
    ...report.checks.slice(1),
    ...['AUTH-LIST-NO-KEY', 'AUTH-LIST-WRONG-KEY', 'ERR-BODY-STATUS'].map((id, i) => ({
      ...(report.checks[0] as CheckResult),
      id,
      message: `request ${i}: Error.status is 0, HTTP status is 401`,
    })),
  ],
};
