import type { RunReport } from './model.ts';

/** report.json: the whole result model, as is. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
