import { appendFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { REPORT_FORMATS, type ReportFile } from '../config/reports.ts';
import type { Exchange } from '../http/exchange.ts';
import { writeAtomic } from './atomic.ts';
import { renderHar } from './har.ts';
import { renderHtml } from './html.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import { renderMetrics } from './metrics.ts';
import type { RunReport } from './model.ts';
import { ensureWritableDir } from './report-dir.ts';

type Render = (report: RunReport, exchanges: readonly Exchange[]) => string | Promise<string>;

const WRITERS: Record<ReportFile, Render> = {
  'report.json': renderJson,
  'junit.xml': renderJunit,
  'summary.md': renderMarkdown,
  'report.html': renderHtml,
  'exchanges.har': renderHar,
  'metrics.prom': renderMetrics,
};

/** Every format, in `dir`: what a run writes when --report chose nothing. */
export const allReports = (dir: string): Partial<Record<ReportFile, string>> =>
  Object.fromEntries(Object.values(REPORT_FORMATS).map((file) => [file, join(dir, file)]));

/**
 * Writes the chosen report formats (all, by default) from one model, each to its path. The model
 * and the exchanges come redacted: what came from the wire was redacted where it left the suites
 * (the collector, the exchange log), so the catalog's ids and the harness's own words are never
 * touched by a short key.
 */
export async function writeReports(
  report: RunReport,
  dir: string,
  exchanges: readonly Exchange[] = [],
  paths: Partial<Record<ReportFile, string>> = allReports(dir),
): Promise<string[]> {
  const chosen = Object.entries(paths) as [ReportFile, string][];
  for (const folder of new Set([dir, ...chosen.map(([, path]) => dirname(path))]))
    await ensureWritableDir(folder);
  // report.json last: once it names a verdict, every other file of the run is in place.
  const order = [...chosen].sort(
    ([a], [b]) => Number(a === 'report.json') - Number(b === 'report.json'),
  );
  for (const [file, path] of order) await writeAtomic(path, await WRITERS[file](report, exchanges));
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  // On GitHub Actions the Markdown summary also goes on the job's page, chosen or not.
  if (stepSummary) await appendFile(stepSummary, renderMarkdown(report), 'utf8');
  return chosen.map(([, path]) => path);
}
