import { inertLine } from '../base/inert.ts';
import { plural } from '../base/plural.ts';
import { skewText, TODAY_SOURCE_LABEL } from '../base/today.ts';
import { CONTRACT_DOC } from '../contract/contract.ts';
import { CAUSES_HEADING, commonCauses } from './causes.ts';
import { clauseText } from './evidence.ts';
import type { CheckResult, RunReport, RunVerdict } from './model.ts';
import { retryWaitsLine } from './stats.ts';

const HEADLINE: Record<RunVerdict, string> = {
  conformant: '✅ Conformant',
  'non-conformant': '❌ Not conformant',
  inconclusive: '⚠️ Inconclusive: no MUST check was judged',
  error: '⚠️ The harness could not judge the target',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * Text that may come from the target, made inert: a code span, where Markdown reads no HTML,
 * link, image or emphasis; its fence is longer than any run of backticks inside; no line
 * break or control character survives, and in a table a pipe cannot end the cell.
 */
export function code(text: string, inTable = false): string {
  const line = inertLine(text);
  const flat = inTable ? line.replace(/\|/g, '\\|') : line;
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || longest > 0 ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

function checkRows(checks: CheckResult[]): string[] {
  return [
    '| Check | Verdict | Clause | Message |',
    '|---|---|---|---|',
    ...checks.map(
      (c) => `| \`${c.id}\` | ${c.verdict} | ${cell(clauseText(c))} | ${code(c.message, true)} |`,
    ),
  ];
}

// Said once before the list: many failures often have one cause, and one fix. The cause
// quotes messages, which quote the target: a code span, like the messages themselves.
function causeRows(checks: CheckResult[]): string[] {
  const causes = commonCauses(checks);
  const rows = causes.map((c) => `- ${plural(c.checks.length, 'check')}: ${code(c.cause)}`);
  return rows.length ? ['', `${CAUSES_HEADING}:`, '', ...rows] : [];
}

function reproduction(checks: CheckResult[]): string[] {
  const lines: string[] = [];
  for (const c of checks) {
    const curl = c.exchanges[0]?.curl;
    if (curl) lines.push(`- \`${c.id}\`: ${code(curl)}`);
  }
  return lines.length
    ? ['', 'Reproduce (reads the key from `$PETSTORE_API_KEY`):', '', ...lines]
    : [];
}

function latencyRows(report: RunReport): string[] {
  const rows = Object.entries(report.latency).map(
    ([op, l]) =>
      `| ${op} | ${l.requests} | ${l.inFlightAtMost ?? '—'} | ${l.medianMs} | ${l.p95Ms} |`,
  );
  return rows.length
    ? [
        '',
        "Latency is the target's own: each operation's median and p95 come from the requests sent with the fewest others in flight (at most the number shown, itself included) that gave 20 answers or all there were, so the queue the harness's own load builds at a slow target is not counted as the service's latency. The harness adapts how many requests it has in flight to how the target answers.",
        '',
        '| Operation | Answers measured | In flight at most | Median ms | p95 ms |',
        '|---|---|---|---|---|',
        ...rows,
      ]
    : [];
}

/** summary.md: the verdict, the counts, and what failed or warned, short enough for a CI page. */
export function renderMarkdown(report: RunReport): string {
  const { passed, failed, warned, skipped, total } = report.summary;
  const failures = report.checks.filter((c) => c.verdict === 'fail');
  const warnings = report.checks.filter((c) => c.verdict === 'warn');
  const lines = [
    `# Petstore conformance: ${HEADLINE[report.verdict]}`,
    '',
    ...(report.partial ? [`**Partial report**: ${code(report.partial)}`, ''] : []),
    ...(report.summary.deselected
      ? [`${report.summary.deselected} checks deselected by --only/--skip.`, '']
      : []),
    `Target ${code(report.target.baseUrl)}${report.target.embedded ? ' (embedded reference server)' : ''} · contract ${report.contract.version} (${report.contract.doc ?? CONTRACT_DOC}) · seed ${report.seed} · ${report.runs} runs per property · today ${report.today}`,
    '',
    `| Checks | Passed | Failed | Warned | Skipped |`,
    '|---|---|---|---|---|',
    `| ${total} | ${passed} | ${failed} | ${warned} | ${skipped} |`,
    '',
    `getPet sunset ${report.sunset.date}: ${report.sunset.daysLeft > 0 ? `${plural(report.sunset.daysLeft, 'day')} left` : 'removed'} (today ${report.sunset.today}, from ${TODAY_SOURCE_LABEL[report.sunset.todaySource]})${report.sunset.targetClock ? `; ${skewText(report.sunset.targetClock, report.sunset.todaySource)}` : ''}`,
    '',
    `Clauses judged: ${report.coverage.judged} of ${report.coverage.clauses}${report.coverage.notJudged.length ? ` (not judged: ${report.coverage.notJudged.join(', ')})` : ''}`,
  ];
  lines.push(
    '',
    `${plural(report.requests, 'request')}, ${plural(report.createdPets, 'pet')} created${report.readOnly ? ' (read-only run)' : ''}`,
  );
  const waits = retryWaitsLine(report.tooManyRequests);
  if (waits) lines.push('', `Rate limited: ${waits}`);
  lines.push(...latencyRows(report));
  if (report.harnessErrors.length) {
    lines.push('', '## Harness errors', '', ...report.harnessErrors.map((e) => `- ${code(e)}`));
  }
  if (failures.length)
    lines.push(
      '',
      '## Failures',
      ...causeRows(report.checks),
      '',
      ...checkRows(failures),
      ...reproduction(failures),
    );
  if (warnings.length) lines.push('', '## Warnings', '', ...checkRows(warnings));
  lines.push('', `_${report.harness.name} ${report.harness.version}, ${report.finishedAt}_`, '');
  return lines.join('\n');
}
