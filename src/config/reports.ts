import { join } from 'node:path';
import { HarnessError } from '../base/errors.ts';
import { nearest } from '../base/nearest.ts';

/** Each report format by its --report name, and the file it is written to by default. */
export const REPORT_FORMATS = {
  json: 'report.json',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
  har: 'exchanges.har',
  metrics: 'metrics.prom',
} as const;
export type ReportFormat = keyof typeof REPORT_FORMATS;
/** A report's file name, as the run writes it: `junit.xml`. */
export type ReportFile = (typeof REPORT_FORMATS)[ReportFormat];

const isFormat = (name: string): name is ReportFormat => Object.hasOwn(REPORT_FORMATS, name);

/**
 * Where each report goes: `--report junit,html` writes those (and report.json, which carries the
 * verdict a CI step and `merge` read) to the report folder; `junit=out/results.xml` gives one its
 * own path. No --report: every format, in the report folder.
 */
export function reportPaths(
  raw: string | undefined,
  dir: string,
  label: string,
): Partial<Record<ReportFile, string>> {
  const items = (raw ?? Object.keys(REPORT_FORMATS).join(','))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const paths: Partial<Record<ReportFile, string>> = {
    'report.json': join(dir, REPORT_FORMATS.json),
  };
  for (const item of items) {
    const at = item.indexOf('=');
    const name = (at < 0 ? item : item.slice(0, at)).trim().toLowerCase();
    const path = at < 0 ? undefined : item.slice(at + 1).trim();
    if (!isFormat(name)) {
      const near = nearest(name, Object.keys(REPORT_FORMATS));
      const known = Object.keys(REPORT_FORMATS).join(', ');
      throw new HarnessError(
        'CONFIG',
        `${label}: unknown report '${name}'${near ? ` (did you mean ${near}?)` : ''}: use ${known}`,
      );
    }
    if (path === '') throw new HarnessError('CONFIG', `${label}: ${name}= needs a path`);
    const file = REPORT_FORMATS[name];
    paths[file] = path ?? join(dir, file);
  }
  return paths;
}
