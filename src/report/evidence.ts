import { CONTRACT_DOC } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckResult, EvidenceExchange } from './model.ts';

const BODY_PREVIEW = 2000;

function preview(body: string, bodyLength = body.length): string {
  return bodyLength > BODY_PREVIEW ? `${body.slice(0, BODY_PREVIEW)}… (${bodyLength} chars)` : body;
}

/** A field line each: a value holding LF was sent as that many lines (exchange.ts). */
function headerLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).flatMap(([k, v]) => v.split('\n').map((line) => `${k}: ${line}`));
}

/** An exchange as plain text: request line, headers, body, then the answer the same way. */
export function exchangeText(ex: Exchange): string {
  const lines = [
    `> ${ex.request.method} ${ex.request.url}`,
    ...headerLines(ex.request.headers).map((h) => `> ${h}`),
  ];
  if (ex.request.body !== undefined)
    lines.push('>', `> ${preview(ex.request.body, ex.request.bodyLength)}`);
  if (ex.response) {
    lines.push(
      `< ${ex.response.status} (${ex.durationMs} ms)`,
      ...headerLines(ex.response.headers).map((h) => `< ${h}`),
    );
    if (ex.response.body) lines.push('<', `< ${preview(ex.response.body, ex.response.bodyLength)}`);
  } else {
    lines.push(`< no answer: ${ex.error?.message ?? 'unknown'} (${ex.durationMs} ms)`);
  }
  return lines.join('\n');
}

/** The clause a check enforces, as one line, naming where docs/contract.md explains it. */
export function clauseText(check: CheckResult): string {
  const rfc = check.rfc ? `; HTTP's own: ${check.rfc}` : '';
  return `${check.clause.section}: "${check.clause.quote}" (${CONTRACT_DOC}, clause ${check.clause.id})${rfc}`;
}

/** Everything a reader needs to see why a check did not pass: message, clause, input, exchanges. */
export function evidenceText(check: CheckResult): string {
  const parts = [check.message, `Clause (${check.level}): ${clauseText(check)}`];
  if (check.counterexample) {
    const c = check.counterexample;
    parts.push(
      `Minimal counterexample: ${c.input}\nReplay the run: --seed ${c.seed} (this property alone: fast-check seed ${c.propertySeed}, path ${c.path || 'none'}, ${c.numRuns} runs)`,
    );
  }
  for (const ex of check.exchanges as EvidenceExchange[]) {
    parts.push(`${exchangeText(ex)}\nReproduce: ${ex.curl}`);
  }
  return parts.join('\n\n');
}
