import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Redactor, redactValues } from '../http/redaction.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { RunReport } from './model.ts';

const WRITERS = {
  'report.json': renderJson,
  'junit.xml': renderJunit,
  'summary.md': renderMarkdown,
} as const;

/**
 * Writes every report format from one model. Exchanges are redacted when recorded; the model's
 * string values pass the redactor once more here, before any format is rendered from it.
 */
export async function writeReports(
  report: RunReport,
  dir: string,
  redact: Redactor,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const safe = redactValues(report, redact);
  const written: string[] = [];
  for (const [name, render] of Object.entries(WRITERS)) {
    const path = join(dir, name);
    await writeFile(path, render(safe), 'utf8');
    written.push(path);
  }
  return written;
}
