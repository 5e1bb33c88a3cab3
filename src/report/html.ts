import { inertText } from '../base/inert.ts';
import { plural } from '../base/plural.ts';
import { skewText, TODAY_SOURCE_LABEL } from '../base/today.ts';
import { CONTRACT_DOC } from '../contract/contract.ts';
import { CAUSES_HEADING, type CommonCause, causeLine, commonCauses } from './causes.ts';
import { clauseText, exchangeText } from './evidence.ts';
import type { CheckResult, RunReport, Verdict } from './model.ts';

/**
 * Everything in the page comes from the run, much of it from the target: escape it all, and
 * show control characters as escapes (a page read with cat must not retitle a terminal).
 */
function esc(text: string): string {
  return inertText(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HEADLINE = {
  conformant: 'Conformant',
  'non-conformant': 'Not conformant',
  inconclusive: 'Inconclusive: no MUST check was judged',
  error: 'Could not judge the target',
} as const;
const VERDICTS: Verdict[] = ['error', 'fail', 'unjudged', 'warn', 'pass', 'skip'];

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{padding:20px 28px;color:#fff}
header.conformant{background:#1f7a3d}header.non-conformant{background:#b3261e}header.error,header.inconclusive{background:#8a5a00}
h1{margin:0 0 6px;font-size:24px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:8px 0 0}
dt{opacity:.8}dd{margin:0}main{padding:16px 28px}
.filters button{margin:0 6px 12px 0;padding:4px 12px;border:1px solid #99a;border-radius:14px;background:#fff;cursor:pointer}
.filters button.on{background:#1d2330;color:#fff}
details{background:#fff;border:1px solid #dde;border-radius:6px;margin:6px 0;padding:6px 10px}
summary{cursor:pointer}.id{font-family:ui-monospace,monospace;font-weight:600}
.badge{display:inline-block;min-width:38px;text-align:center;border-radius:4px;padding:0 6px;margin-right:8px;color:#fff;font-size:12px}
.pass{background:#1f7a3d}.fail{background:#b3261e}.warn{background:#b86e00}.skip{background:#778}.unjudged{background:#5a4a8a}.error{background:#6b1d6b}
pre{background:#f0f1f4;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-all;max-height:24em}
p,summary{overflow-wrap:anywhere}
.clause{color:#555}`;

const SCRIPT = `
document.querySelectorAll('.filters button').forEach(function (b) {
  b.addEventListener('click', function () {
    document.querySelectorAll('.filters button').forEach(function (o) { o.classList.toggle('on', o === b); });
    document.querySelectorAll('details.check').forEach(function (d) {
      d.hidden = b.dataset.verdict !== 'all' && d.dataset.verdict !== b.dataset.verdict;
    });
  });
});`;

function evidence(check: CheckResult): string {
  if (check.verdict === 'pass' || check.verdict === 'skip') return '';
  const parts: string[] = [];
  const c = check.counterexample;
  if (c) {
    parts.push(
      `<p><strong>Minimal counterexample</strong> (replay the run with <code>--seed ${c.seed}</code>; fast-check seed ${c.propertySeed}, path ${esc(c.path || 'none')}):</p><pre>${esc(c.input)}</pre>`,
    );
  }
  for (const ex of check.exchanges) {
    parts.push(
      `<pre>${esc(exchangeText(ex))}</pre><p>Reproduce:</p><pre class="curl">${esc(ex.curl)}</pre>`,
    );
  }
  return parts.join('');
}

function checkBlock(check: CheckResult): string {
  const open = check.verdict === 'fail' ? ' open' : '';
  return `<details class="check" data-verdict="${check.verdict}" id="${esc(check.id)}"${open}>
<summary><span class="badge ${check.verdict}">${check.verdict}</span><span class="id">${esc(check.id)}</span> ${esc(check.title)}</summary>
<p>${esc(check.message)}</p>
<p class="clause">${esc(check.level)} · ${esc(clauseText(check))}</p>${evidence(check)}
</details>`;
}

// One line per cause, linking to the checks that report it.
function causeItem(cause: CommonCause): string {
  const links = cause.checks.map((id) => `<a href="#${esc(id)}">${esc(id)}</a>`).join(', ');
  return `<li>${esc(causeLine(cause))} <span class="clause">(${links})</span></li>`;
}

function facts(report: RunReport): string {
  const s = report.sunset;
  const rows: Array<[string, string]> = [
    [
      'Target',
      `${report.target.baseUrl}${report.target.embedded ? ' (embedded reference server)' : ''}`,
    ],
    [
      'Date',
      `${report.startedAt} · today for the sunset checks: ${s.today} (${TODAY_SOURCE_LABEL[s.todaySource]})${s.targetClock ? `; ${skewText(s.targetClock, s.todaySource)}` : ''}`,
    ],
    [
      'getPet sunset',
      `${s.date}: ${s.daysLeft > 0 ? `${plural(s.daysLeft, 'day')} left` : 'removed'}`,
    ],
    [
      'Profile, seed',
      `${report.profile}${report.readOnly ? ' (read-only: no POST sent)' : ''} · seed ${report.seed} · ${report.runs} runs per property`,
    ],
    [
      'Harness, contract',
      `${report.harness.name} ${report.harness.version} · contract ${report.contract.version} (${report.contract.doc ?? CONTRACT_DOC}) · schemas sha256 ${report.schemasSha256.slice(0, 16)}…`,
    ],
    ...(report.partial ? [['Partial report', report.partial] as [string, string]] : []),
    [
      'Checks',
      `${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.warned} warned, ${report.summary.skipped} skipped${report.summary.deselected ? `, ${report.summary.deselected} deselected` : ''} · clauses judged ${report.coverage.judged} of ${report.coverage.clauses}`,
    ],
    [
      'Traffic',
      `${plural(report.requests, 'request')} · ${plural(report.createdPets, 'pet')} created`,
    ],
  ];
  return `<dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

/** report.html: one self-contained page (no fetches) a person who was not there can read. */
export function renderHtml(report: RunReport): string {
  const counts = Object.fromEntries(
    VERDICTS.map((v) => [v, report.checks.filter((c) => c.verdict === v).length]),
  );
  const buttons = [
    `<button class="on" data-verdict="all">all ${report.checks.length}</button>`,
    ...VERDICTS.map((v) => `<button data-verdict="${v}">${v} ${counts[v]}</button>`),
  ];
  const ordered = VERDICTS.flatMap((v) => report.checks.filter((c) => c.verdict === v));
  const errors = report.harnessErrors.length
    ? `<h2>Harness errors</h2><ul>${report.harnessErrors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>`
    : '';
  const causes = commonCauses(report.checks);
  const common = causes.length
    ? `<h2>${esc(CAUSES_HEADING)}</h2><ul class="causes">${causes.map(causeItem).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Petstore conformance: ${HEADLINE[report.verdict]}</title><style>${STYLE}</style></head>
<body><header class="${report.verdict}"><h1>${HEADLINE[report.verdict]}</h1>${facts(report)}</header>
<main>${errors}${common}<div class="filters">${buttons.join('')}</div>
${ordered.map(checkBlock).join('\n')}
</main><script>${SCRIPT}</script></body></html>
`;
}
