import { clauseText, evidenceText } from './evidence.ts';
import type { CheckResult, RunReport } from './model.ts';

function xml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 forbids most control characters, even escaped.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testCase(check: CheckResult): string {
  const open = `    <testcase classname="petstore-conformance.${check.operation}" name="${xml(`[${check.id}] ${check.title}`)}" time="${seconds(check.durationMs)}">`;
  const properties = [
    '      <properties>',
    `        <property name="clause" value="${xml(clauseText(check))}"/>`,
    `        <property name="level" value="${check.level}"/>`,
    `        <property name="verdict" value="${check.verdict}"/>`,
    '      </properties>',
  ];
  const body: string[] = [];
  if (check.verdict === 'fail') {
    body.push(
      `      <failure message="${xml(check.message)}" type="${check.level}">${xml(evidenceText(check))}</failure>`,
    );
  } else if (check.verdict === 'error') {
    body.push(
      `      <error message="${xml(check.message)}" type="harness">${xml(evidenceText(check))}</error>`,
    );
  } else if (check.verdict === 'skip' || check.verdict === 'unjudged') {
    body.push(`      <skipped message="${xml(check.message)}"/>`);
  } else if (check.verdict === 'warn') {
    body.push(`      <system-out>${xml(`WARNING: ${evidenceText(check)}`)}</system-out>`);
  }
  return [open, ...properties, ...body, '    </testcase>'].join('\n');
}

function testSuite(name: string, checks: CheckResult[], timestamp: string): string {
  const failures = checks.filter((c) => c.verdict === 'fail').length;
  const skipped = checks.filter((c) => c.verdict === 'skip' || c.verdict === 'unjudged').length;
  const errors = checks.filter((c) => c.verdict === 'error').length;
  const time = seconds(checks.reduce((sum, c) => sum + c.durationMs, 0));
  return [
    `  <testsuite name="${xml(name)}" tests="${checks.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}" timestamp="${timestamp}">`,
    ...checks.map(testCase),
    '  </testsuite>',
  ].join('\n');
}

/** junit.xml: one test case per check, grouped by operation; evidence in the failure body. */
export function renderJunit(report: RunReport): string {
  const groups = new Map<string, CheckResult[]>();
  for (const check of report.checks) {
    groups.set(check.operation, [...(groups.get(check.operation) ?? []), check]);
  }
  const { total, failed, skipped, unjudged = 0 } = report.summary;
  const timestamp = report.startedAt.replace(/\.\d+Z$/, '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-conformance" tests="${total}" failures="${failed}" errors="${report.harnessErrors.length}" skipped="${skipped + unjudged}" time="${seconds(report.durationMs)}">`,
    ...[...groups].map(([name, checks]) => testSuite(name, checks, timestamp)),
    '</testsuites>',
    '',
  ].join('\n');
}
