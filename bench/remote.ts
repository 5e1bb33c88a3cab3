import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../src/report/model.ts';
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
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-remote-'));
  const server = await startServer(bin, REMOTE_KEY);
  const upstream = new URL(server.origin);
  const proxy = await startDelayProxy(
    { host: upstream.hostname, port: Number(upstream.port) },
    delayMs,
  );
  try {
    const args = [bin, 'run', '--profile', profile, '--seed', seed, '--report-dir', dir];
    args.push('--base-url', `${proxy.origin}/v1`);
    // The key travels in the environment, as the README tells users to pass it.
    const env = { ...process.env, PETSTORE_API_KEY: REMOTE_KEY };
    const run = await measure(process.execPath, args, undefined, env);
    if (run.code !== 0) {
      throw new Error(`the ${profile} run at ${delayMs} ms exited ${run.code}:\n${run.stderr}`);
    }
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as RunReport;
    return { delayMs, wallMs: run.wallMs, requests: report.requests };
  } finally {
    await proxy.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
