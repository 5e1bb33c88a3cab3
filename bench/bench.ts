// npm run bench: how fast the harness reaches a verdict against the embedded reference server,
// and how that compares with the floor, a bare undici loop sending the same requests.
//
//   npm run bench -- [--repeat 5] [--profiles ci,full] [--remote ci] [--delays 0,20]
//                    [--capacity 1:20,2:20] [--out bench/results.json]
//
// --remote runs those profiles against a `serve` behind a loopback proxy that adds each of
// --delays (ms) each way: the wall time against a target that far away, and its ratio to 0 ms.
// --capacity runs ci against a `serve` behind a proxy of a known capacity, SERVERS requests at
// once and SERVICE ms each (1:20 serves one at a time, 20 ms each), twice each: the wall against
// requests x service / servers, the least time the target itself needs.
// --compiled (what `npm run bench` passes, after `npm run build`) runs dist/src/cli.js, the
// compiled code an installed package runs; without it, bin/ runs the source through tsx.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Har } from '../src/report/har.ts';
import type { RunReport, RunTimings } from '../src/report/model.ts';
import { cpuLoopMs } from './calibrate.ts';
import { floorMs, replayable } from './floor.ts';
import { measure } from './process-tree.ts';
import { type CapacitySample, capacitySample, type RemoteSample, remoteSample } from './remote.ts';

const ROOT = join(import.meta.dirname, '..');
const SOURCE_BIN = join(ROOT, 'bin', 'petstore-conformance.mjs');
const COMPILED_BIN = join(ROOT, 'dist', 'src', 'cli.js');
/** The ci profile's seed, for every profile: each run sends the same requests. */
const SEED = '20260101';
const FLOOR_KEY = 'bench-floor-key-0123456789';
const MiB = 1024 * 1024;

/** One run of the harness, and the floor for the same requests. */
interface Sample {
  wallMs: number;
  /** From the command to the first request of the suites. */
  startupMs: number;
  /** From the first request of the suites to the end of the last answer. */
  runMs: number;
  /** From the last answer to the exit: the reports, and closing down. */
  tailMs: number;
  requests: number;
  floorMs: number;
  peakRssMiB: number | undefined;
  timings: RunTimings;
}

const TARGETS = {
  ciWallMs: 2000,
  fullRatio: 1.5,
  peakRssMiB: 300,
  remoteRatio: 1.6,
  capacityRatio: 1.3,
};
/**
 * Runs per capacity scenario, at most: each takes requests x service / servers, tens of seconds.
 * Fewer when --repeat asks for fewer (npm test's bench test runs each once).
 */
const CAPACITY_REPEAT = 2;

function options() {
  const { values } = parseArgs({
    options: {
      repeat: { type: 'string', default: '5' },
      profiles: { type: 'string', default: 'ci,full' },
      remote: { type: 'string', default: 'ci' },
      delays: { type: 'string', default: '0,20' },
      capacity: { type: 'string', default: '1:20,2:20' },
      out: { type: 'string', default: join(ROOT, 'bench', 'results.json') },
      compiled: { type: 'boolean', default: false },
      // Another compiled entry to time (npm test's bench test passes its own compiled build).
      bin: { type: 'string' },
    },
  });
  if (values.compiled && !existsSync(COMPILED_BIN))
    throw new Error(`--compiled needs ${COMPILED_BIN}: run npm run build first`);
  const repeat = Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1)
    throw new Error('--repeat must be a positive integer');
  const delays = values.delays.split(',').map(Number);
  if (delays.length < 2 || delays.some((d) => !Number.isInteger(d) || d < 0))
    throw new Error('--delays must list at least two whole numbers of ms, e.g. 0,20');
  const list = (text: string) => text.split(',').filter(Boolean);
  const capacity = list(values.capacity).map((pair) => {
    const [servers, serviceMs] = pair.split(':').map(Number);
    if (!Number.isInteger(servers) || !Number.isInteger(serviceMs) || !servers || !serviceMs)
      throw new Error(`--capacity takes SERVERS:SERVICE_MS pairs, e.g. 1:20, not ${pair}`);
    return { servers: servers as number, serviceMs: serviceMs as number };
  });
  return {
    capacity,
    repeat,
    profiles: list(values.profiles),
    remote: list(values.remote),
    delays,
    out: values.out,
    compiled: values.compiled || values.bin !== undefined,
    bin: values.bin ?? (values.compiled ? COMPILED_BIN : SOURCE_BIN),
  };
}

async function sample(bin: string, profile: string): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-'));
  try {
    const args = [bin, 'run', '--profile', profile, '--seed', SEED, '--report-dir', dir];
    const run = await measure(process.execPath, args);
    if (run.code !== 0)
      throw new Error(`the ${profile} run exited ${run.code}:\n${run.stdout}${run.stderr}`);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as RunReport;
    const har = JSON.parse(readFileSync(join(dir, 'exchanges.har'), 'utf8')) as Har;
    // The first exchange is the preflight, sent before the suites start.
    const suites = har.log.entries.slice(1);
    const starts = suites.map((e) => Date.parse(e.startedDateTime));
    const first = Math.min(...starts);
    const last = Math.max(...suites.map((e, i) => (starts[i] ?? 0) + e.time));
    const floor = await floorMs(
      bin,
      replayable({ log: { entries: suites } }, FLOOR_KEY),
      FLOOR_KEY,
    );
    const startupMs = first - run.spawnedAt;
    const runMs = last - first;
    return {
      wallMs: run.wallMs,
      startupMs,
      runMs,
      tailMs: run.wallMs - startupMs - runMs,
      requests: suites.length,
      floorMs: floor,
      // The harness's own count (process.resourceUsage) covers its last moments too, after the
      // last sample.
      peakRssMiB:
        run.peakRssBytes === undefined
          ? undefined
          : Math.max(run.peakRssBytes / MiB, report.timings?.peakRssMiB ?? 0),
      timings: report.timings as RunTimings,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function summarize(samples: Sample[]) {
  const m = (pick: (s: Sample) => number) => Math.round(median(samples.map(pick)));
  const rss = samples.map((s) => s.peakRssMiB).filter((v): v is number => v !== undefined);
  const runMs = m((s) => s.runMs);
  const floor = m((s) => s.floorMs);
  const requests = m((s) => s.requests);
  const timing = (key: keyof RunTimings) => m((s) => s.timings[key] ?? 0);
  return {
    wallMs: m((s) => s.wallMs),
    startupMs: m((s) => s.startupMs),
    runMs,
    tailMs: m((s) => s.tailMs),
    requests,
    requestsPerSecond: Math.round((requests / runMs) * 1000),
    floorMs: floor,
    floorRequestsPerSecond: Math.round((requests / floor) * 1000),
    /** Harness time per request once the run has started, over the floor's. */
    ratio: Math.round((runMs / floor) * 100) / 100,
    peakRssMiB: rss.length ? Math.round(Math.max(...rss)) : undefined,
    whereTheTimeGoes: {
      load: timing('loadMs'),
      target: timing('targetMs'),
      vitestAndSetUp: timing('vitestMs'),
      http: timing('httpMs'),
      validation: timing('validationMs'),
      generation: timing('generationMs'),
      judgingAndPerTest: timing('otherMs'),
      reportsAndExit: m(
        (s) => s.wallMs - s.timings.loadMs - s.timings.targetMs - s.timings.suitesMs,
      ),
    },
  };
}

type Summary = ReturnType<typeof summarize>;

function printSummary(profile: string, s: Summary, repeat: number): void {
  const w = s.whereTheTimeGoes;
  console.log(
    [
      `${profile} (median of ${repeat}): ${s.wallMs} ms wall from the command to the exit code`,
      `  start-up ${s.startupMs} ms, run ${s.runMs} ms, reports and exit ${s.tailMs} ms`,
      `  ${s.requests} requests: ${s.requestsPerSecond} req/s in the run; the floor sent them in ${s.floorMs} ms (${s.floorRequestsPerSecond} req/s); harness/floor ${s.ratio}`,
      `  peak RSS of the process tree: ${s.peakRssMiB ?? 'n/a'} MiB`,
      `  where the time goes (ms): load ${w.load}, target ${w.target}, vitest and set-up ${w.vitestAndSetUp}, HTTP ${w.http}, validation ${w.validation}, generation ${w.generation}, judging and per-test ${w.judgingAndPerTest}, reports and exit ${w.reportsAndExit}`,
    ].join('\n'),
  );
}

/** Median wall per delay, and each delay's wall over the first (0 ms) one. */
function summarizeRemote(samples: RemoteSample[], delays: number[]) {
  const byDelay = delays.map((delayMs) => {
    const mine = samples.filter((s) => s.delayMs === delayMs);
    return {
      delayMs,
      wallMs: Math.round(median(mine.map((s) => s.wallMs))),
      requests: Math.round(median(mine.map((s) => s.requests))),
    };
  });
  const base = byDelay[0]?.wallMs ?? 1;
  return byDelay.map((d) => ({ ...d, ratio: Math.round((d.wallMs / base) * 100) / 100 }));
}

type RemoteSummary = ReturnType<typeof summarizeRemote>;

function printRemote(profile: string, rows: RemoteSummary, repeat: number): void {
  const cells = rows.map((r) => `${r.delayMs} ms: ${r.wallMs} ms wall (${r.ratio}x)`);
  console.log(
    `${profile} through a delaying proxy, each way (median of ${repeat}): ${cells.join(', ')}; ${rows[0]?.requests} requests`,
  );
}

async function measureRemote(
  bin: string,
  profile: string,
  delays: number[],
  repeat: number,
): Promise<RemoteSample[]> {
  const samples: RemoteSample[] = [];
  // Delays alternate within a round, so a machine that slows down mid-bench skews them alike.
  for (let i = 0; i < repeat; i++) {
    for (const delay of delays) {
      process.stderr.write(`bench: ${profile} at ${delay} ms, run ${i + 1}/${repeat}\n`);
      samples.push(await remoteSample(bin, profile, SEED, delay));
    }
  }
  return samples;
}

function remoteVerdicts(remote: Record<string, RemoteSummary>) {
  const ci = remote.ci;
  const far = ci?.[ci.length - 1];
  return far && far.delayMs > 0
    ? [
        {
          target: `ci profile ${far.delayMs} ms away: wall at most ${TARGETS.remoteRatio}x its wall at ${ci?.[0]?.delayMs} ms`,
          measured: `${far.ratio}x`,
          met: far.ratio <= TARGETS.remoteRatio,
        },
      ]
    : [];
}

/** Median wall per capacity scenario, against the target's own capacity. */
async function measureCapacity(
  bin: string,
  scenarios: { servers: number; serviceMs: number }[],
  repeat: number,
) {
  const runs = Math.min(CAPACITY_REPEAT, repeat);
  const rows = [];
  for (const { servers, serviceMs } of scenarios) {
    const samples: CapacitySample[] = [];
    for (let i = 0; i < runs; i++) {
      process.stderr.write(`bench: ci at ${servers} x ${serviceMs} ms, run ${i + 1}\n`);
      samples.push(await capacitySample(bin, 'ci', SEED, servers, serviceMs));
    }
    const wallMs = Math.round(median(samples.map((s) => s.wallMs)));
    const capacityMs = Math.round(median(samples.map((s) => s.capacityMs)));
    const row = {
      servers,
      serviceMs,
      wallMs,
      capacityMs,
      ratio: Math.round((wallMs / capacityMs) * 100) / 100,
    };
    console.log(
      `ci against ${servers} at once, ${serviceMs} ms each (median of ${runs}): ${wallMs} ms wall; its capacity ${capacityMs} ms; ${row.ratio}x`,
    );
    rows.push({ ...row, samples });
  }
  return rows;
}

function capacityVerdicts(rows: Awaited<ReturnType<typeof measureCapacity>>) {
  return rows.map((r) => ({
    target: `ci against a target serving ${r.servers} at once, ${r.serviceMs} ms each: wall at most ${TARGETS.capacityRatio}x its capacity`,
    measured: `${r.ratio}x`,
    met: r.ratio <= TARGETS.capacityRatio,
  }));
}

function verdicts(results: Record<string, Summary>, compiled: boolean) {
  const ci = results.ci;
  const full = results.full;
  const rss = Object.values(results)
    .map((s) => s.peakRssMiB)
    .filter((v): v is number => v !== undefined);
  return [
    ci && {
      // The target holds for the compiled code an installed package runs.
      target: `ci profile (${compiled ? 'compiled' : 'from source'}) under ${TARGETS.ciWallMs / 1000} s wall, command to exit`,
      measured: `${ci.wallMs} ms`,
      met: ci.wallMs < TARGETS.ciWallMs,
    },
    full && {
      target: `full profile: harness time per request at most ${TARGETS.fullRatio}x the floor's, once started`,
      measured: `${full.ratio}x`,
      met: full.ratio <= TARGETS.fullRatio,
    },
    rss.length > 0 && {
      target: `peak RSS under ${TARGETS.peakRssMiB} MiB`,
      measured: `${Math.max(...rss)} MiB`,
      met: Math.max(...rss) < TARGETS.peakRssMiB,
    },
  ].filter((t) => !!t);
}

async function main(): Promise<number> {
  const {
    repeat,
    profiles,
    remote: remoteProfiles,
    delays,
    capacity,
    out,
    compiled,
    bin,
  } = options();
  const loopBefore = cpuLoopMs();
  const results: Record<string, Summary> = {};
  const samples: Record<string, Sample[]> = {};
  for (const profile of profiles) {
    samples[profile] = [];
    for (let i = 0; i < repeat; i++) {
      process.stderr.write(`bench: ${profile} run ${i + 1}/${repeat}\n`);
      samples[profile].push(await sample(bin, profile));
    }
    results[profile] = summarize(samples[profile]);
    printSummary(profile, results[profile], repeat);
  }
  const remote: Record<string, RemoteSummary> = {};
  const remoteSamples: Record<string, RemoteSample[]> = {};
  for (const profile of remoteProfiles) {
    remoteSamples[profile] = await measureRemote(bin, profile, delays, repeat);
    remote[profile] = summarizeRemote(remoteSamples[profile], delays);
    printRemote(profile, remote[profile], repeat);
  }
  const capacityRows = await measureCapacity(bin, capacity, repeat);
  const targets = [
    ...verdicts(results, compiled),
    ...remoteVerdicts(remote),
    ...capacityVerdicts(capacityRows),
  ];
  for (const t of targets) console.log(`${t.met ? 'met ' : 'MISSED'} ${t.target}: ${t.measured}`);
  const cpu = cpus();
  const machine = {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    os: `${process.platform} ${release()}`,
    node: process.version,
    /** A fixed CPU loop before and after the runs (bench/calibrate.ts): higher, a busier host. */
    cpuLoopMs: { before: loopBefore, after: cpuLoopMs() },
  };
  const document = {
    date: new Date().toISOString(),
    machine,
    seed: Number(SEED),
    repeat,
    compiled,
    results,
    remote,
    capacity: capacityRows,
    targets,
    samples,
    remoteSamples,
  };
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`,
  );
  console.log(
    `Host speed: a fixed CPU loop took ${machine.cpuLoopMs.before} ms before the runs and ${machine.cpuLoopMs.after} ms after (compare runs only at like values)`,
  );
  console.log(`Written to ${out}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
