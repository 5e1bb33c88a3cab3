import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../src/report/model.ts';
import { startCapacityProxy } from './capacity-proxy.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { startServer } from './floor.ts';
import { measure } from './process-tree.ts';

const REMOTE_KEY = 'bench-remote-key-0123456789';

/** One run of a profile against a `serve` process seen through a delaying proxy. */
export interface RemoteSample {
  delayMs: number;
  wallMs: number;
  requests: number;
}

/** What stands between the harness and the `serve` it runs against. */
export type Between = { delayMs: number } | { servers: number; serviceMs: number };

/**
 * Runs `profile` against a fresh `serve` behind a proxy that adds `delayMs` each way: how the
 * harness fares against a target that far away. A fresh server each time, so every run sees
 * the same empty store and sends the same requests.
 */
export async function remoteSample(
  bin: string,
  profile: string,
  seed: string,
  delayMs: number,
): Promise<RemoteSample> {
  const { wallMs, requests } = await throughProxy(bin, profile, seed, { delayMs });
  return { delayMs, wallMs, requests };
}

/** One run of a profile against a target of a known capacity (see startCapacityProxy). */
export interface CapacitySample {
  servers: number;
  serviceMs: number;
  wallMs: number;
  requests: number;
  /** requests x serviceMs / servers: the least time the target itself needs. */
  capacityMs: number;
}

export async function capacitySample(
  bin: string,
  profile: string,
  seed: string,
  servers: number,
  serviceMs: number,
): Promise<CapacitySample> {
  const { wallMs, requests } = await throughProxy(bin, profile, seed, { servers, serviceMs });
  return { servers, serviceMs, wallMs, requests, capacityMs: (requests * serviceMs) / servers };
}

/**
 * Runs `profile` against a fresh `serve` seen through a proxy: a fresh server each time, so
 * every run sees the same empty store and sends the same requests.
 */
async function throughProxy(bin: string, profile: string, seed: string, between: Between) {
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-remote-'));
  const server = await startServer(bin, REMOTE_KEY);
  const upstream = new URL(server.origin);
  const proxy =
    'delayMs' in between
      ? await startDelayProxy(
          { host: upstream.hostname, port: Number(upstream.port) },
          between.delayMs,
        )
      : await startCapacityProxy(server.origin, between.servers, between.serviceMs);
  try {
    const args = [bin, 'run', '--profile', profile, '--seed', seed, '--report-dir', dir];
    args.push('--base-url', `${proxy.origin}/v1`);
    // The key travels in the environment, as the README tells users to pass it.
    const env = { ...process.env, PETSTORE_API_KEY: REMOTE_KEY };
    const run = await measure(process.execPath, args, undefined, env);
    if (run.code !== 0) {
      throw new Error(
        `the ${profile} run (${JSON.stringify(between)}) exited ${run.code}:\n${run.stdout}${run.stderr}`,
      );
    }
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as RunReport;
    return { wallMs: run.wallMs, requests: report.requests };
  } finally {
    await proxy.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
