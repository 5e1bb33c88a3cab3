import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError } from '../base/errors.ts';
import { clauseCoverage } from '../checks/coverage.ts';
import { OUTCOMES } from '../checks/types.ts';
import type { ReportFile } from '../config/reports.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Har } from './har.ts';
import {
  type CheckResult,
  NOT_RUN,
  type RunReport,
  runVerdict,
  summarize,
  type Verdict,
} from './model.ts';
import { checkShards } from './shards.ts';
import { createdPets, latencyByOperation } from './stats.ts';
import { writeReports } from './write.ts';

const RANK = (v: Verdict) => OUTCOMES.indexOf(v);

function readJson<T>(path: string): T {
  if (!existsSync(path))
    throw new HarnessError('MERGE', `no ${path}: is that the report folder of a shard?`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    throw new HarnessError('MERGE', `${path} is not valid JSON`);
  }
}

const fromPairs = (pairs: { name: string; value: string }[]) =>
  Object.fromEntries(pairs.map((p) => [p.name, p.value]));

/** The exchanges of a shard, back from its HAR file. */
function readHar(dir: string): Exchange[] {
  const path = join(dir, 'exchanges.har');
  if (!existsSync(path)) return [];
  const entries = readJson<Har>(path).log.entries;
  return entries.map((e, i) => ({
    seq: i + 1,
    ...(e._check === undefined ? {} : { check: e._check }),
    startedAt: e.startedDateTime,
    durationMs: e.time,
    request: {
      method: e.request.method,
      url: e.request.url,
      headers: fromPairs(e.request.headers),
      ...(e.request.postData ? { body: e.request.postData.text } : {}),
    },
    ...(e.response.status > 0
      ? {
          response: {
            status: e.response.status,
            headers: fromPairs(e.response.headers),
            body: e.response.content.text ?? '',
          },
        }
      : { error: e.response._error ?? { code: 'ERROR', message: 'no answer' } }),
  }));
}

/** A shard's report.json; one whose run could not judge (an error report, no checks) is refused. */
function readShard(dir: string): RunReport {
  const path = join(dir, 'report.json');
  const report = readJson<RunReport>(path);
  if (!Array.isArray(report.checks)) {
    const why = report.reason ?? 'it holds no checks';
    throw new HarnessError('MERGE', `cannot merge: ${path} says its run could not judge: ${why}`);
  }
  return report;
}

/** Each check from the shard that ran it; if several did, the worst verdict. */
function mergeChecks(parts: readonly RunReport[]): CheckResult[] {
  const first = parts[0]?.checks ?? [];
  return first.map((check) => {
    const ran = parts
      .map((p) => p.checks.find((c) => c.id === check.id))
      .filter((c): c is CheckResult => !!c && c.message !== NOT_RUN);
    return ran.sort((a, b) => RANK(b.verdict) - RANK(a.verdict))[0] ?? check;
  });
}

/** Joins the report folders of --shard runs into one set of reports with one verdict. */
export async function mergeReports(
  dirs: readonly string[],
  outDir: string,
  paths?: Partial<Record<ReportFile, string>>,
): Promise<{ report: RunReport; files: string[] }> {
  const parts = dirs.map((dir) => readShard(dir));
  checkShards(parts.map((report, i) => ({ dir: dirs[i] ?? '', report })));
  const exchanges = dirs.flatMap(readHar);
  const checks = mergeChecks(parts);
  const deselected = parts[0]?.summary.deselected;
  const summary = { ...summarize(checks), ...(deselected ? { deselected } : {}) };
  const harnessErrors = parts.flatMap((p) => p.harnessErrors);
  const startedAt = parts.map((p) => p.startedAt).sort()[0] ?? '';
  const finishedAt =
    parts
      .map((p) => p.finishedAt)
      .sort()
      .at(-1) ?? '';
  const { shard: _shard, ...base } = parts[0] as RunReport;
  const report: RunReport = {
    ...base,
    verdict: runVerdict(checks, harnessErrors),
    options: { ...base.options, shards: parts.map((p) => p.shard ?? 'whole').join(',') },
    requests: parts.reduce((sum, p) => sum + p.requests, 0),
    createdPets: exchanges.length
      ? createdPets(exchanges)
      : parts.reduce((sum, p) => sum + p.createdPets, 0),
    latency: latencyByOperation(exchanges),
    tooManyRequests: {
      waitedOut: parts.reduce((sum, p) => sum + (p.tooManyRequests?.waitedOut ?? 0), 0),
      waitedMs: parts.reduce((sum, p) => sum + (p.tooManyRequests?.waitedMs ?? 0), 0),
    },
    startedAt,
    finishedAt,
    durationMs: Date.parse(finishedAt) - Date.parse(startedAt),
    summary,
    coverage: clauseCoverage(checks),
    checks,
    harnessErrors,
  };
  // The shards' reports were redacted when written; nothing new enters here.
  const files = await writeReports(report, outDir, exchanges, paths);
  return { report, files };
}
