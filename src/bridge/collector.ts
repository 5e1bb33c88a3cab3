import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { CATALOG, findCheck } from '../checks/catalog.ts';
import type { DimensionCount } from '../checks/request-space.ts';
import { DESELECTED } from '../checks/selection.ts';
import { toCurl } from '../http/curl.ts';
import { bounded, Egress, LINE_CHARS } from '../http/egress.ts';
import { RECORD_BODY_CHARS, RecordBudget } from '../http/exchange.ts';
import { type CheckResult, NOT_RUN, type Verdict } from '../report/model.ts';
import type { CheckMeta } from './context.ts';
import type { Span } from './timings.ts';

const SYMBOL: Record<Verdict, string> = {
  pass: '✓',
  fail: '✗',
  warn: '!',
  skip: '-',
  unjudged: '?',
  error: 'E',
};
const CHECK_ID = /^\[([A-Z0-9-]+)\]/;

/** Characters of evidence bodies the reports keep in all (see RecordBudget). */
export const EVIDENCE_BODY_CHARS = 2 * 1024 * 1024;

const catalogIndex = new Map(CATALOG.map((def, i) => [def.id, i]));

/**
 * Turns vitest's test cases into check results, and prints one line per check in catalog
 * order: checks that run together end in any order, the lines come out the same every run.
 * The boundary where verdicts leave the suites: what came from the wire (messages, evidence,
 * counterexamples, errors) leaves through the run's egress, the catalog's ids and titles never do.
 */
export class ResultCollector implements Reporter {
  readonly results: CheckResult[] = [];
  readonly harnessErrors: string[] = [];
  private readonly evidenceBudget = new RecordBudget(EVIDENCE_BODY_CHARS);
  /** The request space the run covered, as the check that counts it (EVERY-ANSWER) saw it. */
  dimensions?: readonly DimensionCount[];
  /** When each check ran, epoch ms: they overlap when checks run together. */
  readonly spans: Span[] = [];
  /** The checks of the run not printed yet, in catalog order. */
  private toPrint: string[] = [];
  private readonly lines = new Map<string, string[]>();

  constructor(
    private readonly print: (line: string) => void,
    private readonly egress: Egress = new Egress((text) => text),
  ) {}

  onTestModuleCollected(module: TestModule): void {
    const ids = [...module.children.allTests()].flatMap((t) => CHECK_ID.exec(t.name)?.[1] ?? []);
    const index = (id: string) => catalogIndex.get(id) ?? Number.POSITIVE_INFINITY;
    this.toPrint.push(...ids);
    this.toPrint.sort((a, b) => index(a) - index(b));
  }

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (diagnostic)
      this.spans.push([diagnostic.startTime, diagnostic.startTime + diagnostic.duration]);
    const result = this.toResult(testCase);
    if (!result) return;
    this.results.push(result);
    const message = result.verdict === 'pass' ? '' : `  ${result.message}`;
    const lines = [`  ${SYMBOL[result.verdict]} ${result.id}  ${result.title}${message}`];
    const curl = result.verdict === 'fail' ? result.exchanges[0]?.curl : undefined;
    // Already through the egress: a console line is only bounded (the whole line is in the reports).
    if (curl) lines.push(bounded(`      reproduce: ${curl}`, LINE_CHARS));
    this.lines.set(result.id, result.code === DESELECTED ? [] : lines);
    if (!this.toPrint.includes(result.id)) this.toPrint.push(result.id);
    this.printReady();
  }

  /** Prints the lines of every check whose predecessors in catalog order have all ended. */
  private printReady(all = false): void {
    while (this.toPrint.length) {
      const id = this.toPrint[0] as string;
      const lines = this.lines.get(id);
      if (!lines && !all) return;
      this.toPrint.shift();
      for (const line of lines ?? []) this.print(line);
    }
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }>,
  ): void {
    this.printReady(true);
    for (const mod of modules) {
      for (const error of mod.errors()) {
        this.harnessErrors.push(this.egress.message(`${mod.relativeModuleId}: ${error.message}`));
      }
    }
    for (const error of unhandledErrors) {
      this.harnessErrors.push(this.egress.message(`unhandled: ${error.message}`));
    }
  }

  /** Results in catalog order; checks that never ran are listed as skipped. */
  orderedResults(): CheckResult[] {
    const byId = new Map(this.results.map((r) => [r.id, r]));
    return CATALOG.map(
      (def) =>
        byId.get(def.id) ?? {
          ...def,
          verdict: 'skip',
          message: NOT_RUN,
          durationMs: 0,
          requests: 0,
          exchanges: [],
        },
    );
  }

  private toResult(testCase: TestCase): CheckResult | undefined {
    const id = CHECK_ID.exec(testCase.name)?.[1];
    const def = id ? findCheck(id) : undefined;
    if (!def) {
      this.harnessErrors.push(`test '${testCase.name}' names no check of the catalog`);
      return undefined;
    }
    const meta: CheckMeta | undefined = testCase.meta().check;
    if (meta?.dimensions) this.dimensions = meta.dimensions;
    const outcome = testCase.result();
    const durationMs = Math.round(testCase.diagnostic()?.duration ?? 0);
    if (!meta) {
      // A test that ended without a verdict crashed inside the harness, or was skipped before running.
      if (outcome.state === 'skipped') {
        return {
          ...def,
          verdict: 'skip',
          message: this.egress.message(outcome.note ?? 'skipped'),
          durationMs,
          requests: 0,
          exchanges: [],
        };
      }
      // The harness's own fault: never shown as the target's failure.
      const reason = this.egress.message(outcome.errors?.[0]?.message ?? 'no verdict');
      this.harnessErrors.push(`${def.id}: harness error: ${reason}`);
      return {
        ...def,
        verdict: 'error',
        message: `harness error: ${reason}`,
        durationMs,
        requests: 0,
        exchanges: [],
      };
    }
    return {
      ...def,
      verdict: meta.verdict,
      message: this.egress.message(meta.message),
      durationMs,
      requests: meta.requests,
      ...(meta.timing ? { timing: meta.timing } : {}),
      ...(meta.code ? { code: meta.code } : {}),
      ...(meta.problem ? { problem: this.egress.data(meta.problem) } : {}),
      ...(meta.covered ? { covered: meta.covered } : {}),
      exchanges: meta.exchanges.map((raw) => {
        const ex = this.egress.exchange(raw, this.evidenceBudget);
        return { ...ex, curl: toCurl(ex.request) };
      }),
      ...(meta.counterexample
        ? {
            counterexample: {
              ...meta.counterexample,
              input: this.egress.message(meta.counterexample.input, RECORD_BODY_CHARS),
            },
          }
        : {}),
    };
  }
}
