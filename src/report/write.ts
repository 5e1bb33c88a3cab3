import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Exchange } from '../http/exchange.ts';
import { renderHar } from './har.ts';
import { renderHtml } from './html.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import { renderMetrics } from './metrics.ts';
import type { RunReport } from './model.ts';

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
  await mkdir(dir, { recursive: true });
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(WRITERS).map(([name, render]) => [name, render(report)])),
    'exchanges.har': renderHar(report, exchanges),
    'metrics.prom': await renderMetrics(report),
  };
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    await writeFile(path, text, 'utf8');
    written.push(path);
  }
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  // On GitHub Actions the Markdown summary also goes on the job's page.
  if (stepSummary) await appendFile(stepSummary, files['summary.md'] ?? '', 'utf8');
  return written;
}
