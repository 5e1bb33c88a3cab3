import { Gauge, Registry } from 'prom-client';
import type { RunReport, RunVerdict, Verdict } from './model.ts';

const P = 'petstore_conformance';
const VERDICTS: readonly RunVerdict[] = ['conformant', 'non-conformant', 'inconclusive', 'error'];
const OUTCOMES: readonly Verdict[] = ['pass', 'fail', 'warn', 'skip', 'unjudged', 'error'];
/** The exit code of each verdict (kept here so the metrics need no CLI module). */
const EXIT: Record<RunVerdict, number> = {
  conformant: 0,
  'non-conformant': 1,
  inconclusive: 2,
  error: 2,
};

function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []) {
  return new Gauge({ name: `${P}_${name}`, help, labelNames, registers: [registry] });
}

/**
 * metrics.prom: one run as Prometheus text (format 0.0.4), for node_exporter's textfile
 * collector or a Pushgateway. Verdicts and outcomes are state sets (1 for the state the run is
 * in, 0 for the others), so an alert can test a series that is always there. prom-client's
 * registry writes the format and escapes label values.
 */
export async function renderMetrics(report: RunReport): Promise<string> {
  const registry = new Registry();
  const run = { target: report.target.baseUrl, profile: report.profile };
  registry.setDefaultLabels(run);
  const verdict = gauge(
    registry,
    'verdict',
    'The run verdict: 1 for the verdict reached, 0 for the others.',
    ['verdict'],
  );
  for (const v of VERDICTS) verdict.set({ verdict: v }, v === report.verdict ? 1 : 0);
  gauge(
    registry,
    'exit_code',
    'The exit code of the run (0 conformant, 1 non-conformant, 2 could not judge).',
  ).set(EXIT[report.verdict]);
  const outcome = gauge(
    registry,
    'check_outcome',
    "Each check's outcome: 1 for the outcome reached, 0 for the others.",
    ['check', 'operation', 'level', 'outcome'],
  );
  for (const check of report.checks) {
    const labels = { check: check.id, operation: check.operation, level: check.level };
    for (const o of OUTCOMES) outcome.set({ ...labels, outcome: o }, o === check.verdict ? 1 : 0);
  }
  const checks = gauge(registry, 'checks', 'Checks of the run by outcome.', ['outcome']);
  for (const o of OUTCOMES)
    checks.set({ outcome: o }, report.checks.filter((c) => c.verdict === o).length);
  const latency = gauge(
    registry,
    'latency_seconds',
    'Latency of answered requests per operation, from those sent with the fewest others in flight (see summary.md): median (0.5) and 95th percentile.',
    ['operation', 'quantile'],
  );
  for (const [operation, l] of Object.entries(report.latency)) {
    latency.set({ operation, quantile: '0.5' }, l.medianMs / 1000);
    latency.set({ operation, quantile: '0.95' }, l.p95Ms / 1000);
  }
  gauge(registry, 'requests_sent', 'Requests the run sent to the target, set-up included.').set(
    report.requests,
  );
  gauge(registry, 'pets_created', 'Pets the run created (the contract has no delete).').set(
    report.createdPets,
  );
  gauge(
    registry,
    'getpet_sunset_days',
    'Days until getPet is removed (5 December 2030); negative after.',
  ).set(report.sunset.daysLeft);
  gauge(registry, 'duration_seconds', 'Wall time of the run.').set(report.durationMs / 1000);
  gauge(registry, 'last_run_timestamp_seconds', 'When the run finished, in Unix seconds.').set(
    Date.parse(report.finishedAt) / 1000,
  );
  return registry.metrics();
}
