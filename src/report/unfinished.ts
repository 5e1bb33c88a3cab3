import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HARNESS } from '../base/paths.ts';
import { REPORT_FORMATS, type ReportFile } from '../config/reports.ts';
import { writeAtomic } from './atomic.ts';
import { ensureWritableDir } from './report-dir.ts';

/** Every file a run may write to its report folder, and the paths --report gave some. */
const targets = (dir: string, paths: Partial<Record<ReportFile, string>>) => [
  ...Object.values(REPORT_FORMATS).map((file) => join(dir, file)),
  ...Object.values(paths),
];

/**
 * report.json of a run that judged nothing it can stand by: `"verdict": "error"` and why. It
 * replaces whatever an earlier run left, so a reader never takes an old verdict for this run's.
 */
export interface ErrorReport {
  harness: { name: string; version: string };
  verdict: 'error';
  reason: string;
  /** True while the run is under way: a run killed before its reports leaves this. */
  unfinished?: true;
  finishedAt: string;
}

export function errorReport(reason: string, unfinished = false): ErrorReport {
  return {
    harness: HARNESS,
    verdict: 'error',
    reason,
    ...(unfinished ? { unfinished: true as const } : {}),
    finishedAt: new Date().toISOString(),
  };
}

const json = (report: ErrorReport) => `${JSON.stringify(report, null, 2)}\n`;

/**
 * At a run's start: every folder a report goes to must take it (said at once, before anything
 * slow); what an earlier run wrote there goes, and report.json says the run has not finished,
 * until the run's own reports replace it.
 */
export async function markUnfinished(
  dir: string,
  paths: Partial<Record<ReportFile, string>> = {},
): Promise<void> {
  for (const folder of new Set([dir, ...Object.values(paths).map((p) => dirname(p))]))
    await ensureWritableDir(folder);
  await Promise.all(targets(dir, paths).map((path) => rm(path, { force: true })));
  const reason =
    'the run did not finish: it is under way, or was killed before it wrote its reports';
  await writeAtomic(jsonPath(dir, paths), json(errorReport(reason, true)));
}

const jsonPath = (dir: string, paths: Partial<Record<ReportFile, string>>) =>
  paths['report.json'] ?? join(dir, REPORT_FORMATS.json);

/**
 * A run that could not judge (exit 2 with a reason): report.json says so, in place of what an
 * earlier run left there, so a CI step reading it never takes an old verdict for this run's.
 * Best effort: a folder that cannot be written may be the reason itself.
 */
export async function writeErrorReport(
  dir: string,
  reason: string,
  paths: Partial<Record<ReportFile, string>> = {},
): Promise<boolean> {
  try {
    await ensureWritableDir(dir);
    await Promise.all(targets(dir, paths).map((path) => rm(path, { force: true })));
    await writeAtomic(jsonPath(dir, paths), json(errorReport(reason)));
    return true;
  } catch {
    return false;
  }
}
