import type { RunReport } from './model.ts';

/** A workflow command's data: what would end or break the line is escaped (GitHub's rules). */
const data = (text: string) =>
  text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

/** A workflow command's property value: its separators are escaped too. */
const property = (text: string) => data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/**
 * One `::error` line per failed MUST check, as vitest's github-actions reporter writes them: the
 * check's id as the title, the first line of its message as the text. Messages are the
 * report's, redacted where they left the suites, so no key or secret header reaches the log.
 */
export function githubAnnotations(report: RunReport): string[] {
  return report.checks
    .filter((c) => c.verdict === 'fail' && (c.level === 'MUST' || c.level === 'RFC'))
    .map((c) => `::error title=${property(c.id)}::${data(c.message.split(/\r?\n/)[0] ?? '')}`);
}
