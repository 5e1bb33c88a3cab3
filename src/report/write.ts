import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
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

const WRITERS = {
  'report.json': renderJson,
  'junit.xml': renderJunit,
  'summary.md': renderMarkdown,
  'report.html': renderHtml,
} as const;

/**
 * Writes every report format from one model. The model and the exchanges come redacted: what
 * came from the wire was redacted where it left the suites (the collector, the exchange log),
 * so the catalog's ids and the harness's own words are never touched by a short key.
 */
export async function writeReports(
  report: RunReport,
  dir: string,
  exchanges: readonly Exchange[] = [],
): Promise<string[]> {
  await ensureWritableDir(dir);
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(WRITERS).map(([name, render]) => [name, render(report)])),
    'exchanges.har': renderHar(report, exchanges),
    'metrics.prom': await renderMetrics(report),
  };
  // report.json last: once it names a verdict, every other file of the run is in place.
  const order = Object.entries(files).sort(
    ([a], [b]) => Number(a === 'report.json') - Number(b === 'report.json'),
  );
  for (const [name, text] of order) await writeAtomic(join(dir, name), text);
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  // On GitHub Actions the Markdown summary also goes on the job's page.
  if (stepSummary) await appendFile(stepSummary, files['summary.md'] ?? '', 'utf8');
  return Object.keys(files).map((name) => join(dir, name));
}
