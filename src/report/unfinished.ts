import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HARNESS } from '../base/paths.ts';
import { writeAtomic } from './atomic.ts';
import { ensureWritableDir } from './report-dir.ts';

/** Every file a run writes to its report folder. */
export const REPORT_FILES = [
  'report.json',
  'junit.xml',
  'summary.md',
  'report.html',
  'exchanges.har',
  'metrics.prom',
] as const;

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
 * At a run's start: what an earlier run wrote here goes, and report.json says the run has not
 * finished, until the run's own reports replace it.
 */
export async function markUnfinished(dir: string): Promise<void> {
  await Promise.all(REPORT_FILES.map((name) => rm(join(dir, name), { force: true })));
  const reason =
    'the run did not finish: it is under way, or was killed before it wrote its reports';
  await writeAtomic(join(dir, 'report.json'), json(errorReport(reason, true)));
}

/**
 * A run that could not judge (exit 2 with a reason): report.json says so, in place of what an
 * earlier run left there, so a CI step reading it never takes an old verdict for this run's.
 * Best effort: a folder that cannot be written may be the reason itself.
 */
export async function writeErrorReport(dir: string, reason: string): Promise<boolean> {
  try {
    await ensureWritableDir(dir);
    await Promise.all(REPORT_FILES.map((name) => rm(join(dir, name), { force: true })));
    await writeAtomic(join(dir, 'report.json'), json(errorReport(reason)));
    return true;
  } catch {
    return false;
  }
}
