import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/checks/types.ts';
import { renderMetrics } from '../../src/report/metrics.ts';
import type { RunReport } from '../../src/report/model.ts';
import { report } from '../support/report-fixture.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the Prometheus text format (0.0.4) as node_exporter's textfile collector
 * reads it: `# HELP`/`# TYPE` lines, then `name{label="value",...} number`, label values with
 * `\\`, `\"` and `\n` escaped. Anything else throws.
 */
function parseProm(text: string): { samples: Sample[]; types: Record<string, string> } {
  const samples: Sample[] = [];
  const types: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (gauge|counter|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types[type[1]] = type[2];
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m?.[1] || !m[3]) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    let rest = m[2] ?? '';
    while (rest.length) {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest);
      if (!label?.[1]) throw new Error(`bad labels in: ${line}`);
      labels[label[1]] = (label[2] ?? '').replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c,
      );
      rest = rest.slice(label[0].length);
    }
    const value = Number(m[3]);
    if (Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
    if (!types[m[1]]) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) =>
      s.name === `petstore_conformance_${name}` &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

describe('metrics.prom', () => {
  it('says the verdict, each check, latency, requests and the sunset countdown', async () => {
    const { samples, types } = parseProm(await renderMetrics(report));
    expect(Object.values(types).every((t) => t === 'gauge')).toBe(true);
    const verdicts = find(samples, 'verdict');
    expect(verdicts.map((s) => s.labels.verdict).sort()).toEqual([
      'conformant',
      'error',
      'inconclusive',
      'non-conformant',
    ]);
    expect(verdicts.filter((s) => s.value === 1).map((s) => s.labels.verdict)).toEqual([
      report.verdict,
    ]);
    for (const check of report.checks) {
      const states = find(samples, 'check_outcome', { check: check.id });
      expect(states).toHaveLength(OUTCOMES.length);
      expect(states.filter((s) => s.value === 1).map((s) => s.labels.outcome)).toEqual([
        check.verdict,
      ]);
      expect(states[0]?.labels).toMatchObject({ operation: check.operation, level: check.level });
    }
    for (const [operation, l] of Object.entries(report.latency)) {
      expect(find(samples, 'latency_seconds', { operation, quantile: '0.5' })[0]?.value).toBe(
        l.medianMs / 1000,
      );
      expect(find(samples, 'latency_seconds', { operation, quantile: '0.95' })[0]?.value).toBe(
        l.p95Ms / 1000,
      );
    }
    expect(find(samples, 'requests_sent')[0]?.value).toBe(report.requests);
    expect(find(samples, 'getpet_sunset_days')[0]?.value).toBe(report.sunset.daysLeft);
    for (const s of samples) expect(s.labels.target).toBe(report.target.baseUrl);
  });

  it.each([
    ['conformant', 0],
    ['non-conformant', 1],
    ['inconclusive', 2],
    ['error', 2],
  ] as const)('encodes the verdict %s (exit %d)', async (verdict, exit) => {
    const { samples } = parseProm(await renderMetrics({ ...report, verdict }));
    expect(find(samples, 'verdict', { verdict })[0]?.value).toBe(1);
    expect(find(samples, 'exit_code')[0]?.value).toBe(exit);
  });

  it('escapes label values, so a hostile target URL cannot forge a sample', async () => {
    const baseUrl = 'http://x/v1?a="b"\\c\n} petstore_conformance_verdict{verdict="conformant"} 1';
    const hostile: RunReport = { ...report, target: { ...report.target, baseUrl } };
    const text = await renderMetrics(hostile);
    const { samples } = parseProm(text);
    for (const s of samples) expect(s.labels.target).toBe(baseUrl);
    expect(find(samples, 'verdict', { verdict: 'conformant' })).toHaveLength(1);
  });
});

describe('docs/probe.md', () => {
  it('names only series that metrics.prom holds, and every one of them', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'probe.md'), 'utf8');
    const { types } = parseProm(await renderMetrics(report));
    const documented = new Set(doc.match(/petstore_conformance_[a-z_]+/g));
    expect([...documented].sort()).toEqual(Object.keys(types).sort());
  });
});
