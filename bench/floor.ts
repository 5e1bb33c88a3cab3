import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Har } from '../src/report/har.ts';

const LOOP = join(import.meta.dirname, 'floor-loop.mjs');

/** One request as the harness sent it, from its exchanges.har. */
export interface ReplayRequest {
  method: string;
  /** Path and query below the origin, e.g. `/v1/pets?limit=5`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The requests of a run in the order sent, the redacted key put back as `apiKey`. */
export function replayable(har: Har, apiKey: string): ReplayRequest[] {
  return har.log.entries.map(({ request: r }) => {
    const url = new URL(r.url);
    const headers = Object.fromEntries(
      r.headers.map(({ name, value }) => [name, value.replaceAll('[REDACTED]', apiKey)]),
    );
    return {
      method: r.method,
      path: `${url.pathname}${url.search}`,
      headers,
      ...(r.postData ? { body: r.postData.text } : {}),
    };
  });
}

/** Starts `petstore-conformance serve` in its own process, as the harness's target would be. */
export async function startServer(bin: string, apiKey: string) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--api-key', apiKey], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.stdout.on('data', (data) => {
      const match = /http:\/\/[\d.]+:\d+/.exec(String(data));
      if (match) resolve(match[0]);
    });
  });
  return { origin, stop: () => child.kill() };
}

/**
 * The floor: the same requests, in the same order and with the same bodies, sent one after the
 * other by a bare undici loop (no checks, no generation, no recording) to a fresh server, from a
 * fresh process like the harness's. Returns the milliseconds from the first request to the end
 * of the last answer.
 */
export async function floorMs(bin: string, requests: ReplayRequest[], apiKey: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pc-floor-'));
  const file = join(dir, 'requests.json');
  writeFileSync(file, JSON.stringify(requests));
  const server = await startServer(bin, apiKey);
  try {
    const out = execFileSync(process.execPath, [LOOP, file, server.origin], { encoding: 'utf8' });
    return (JSON.parse(out) as { ms: number }).ms;
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
