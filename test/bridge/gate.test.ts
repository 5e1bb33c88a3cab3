import { describe, expect, it } from 'vitest';
import type { HarnessContext } from '../../src/bridge/context.ts';
import { type GateMessage, passGate, READY } from '../../src/bridge/gate.ts';
import { startSuites } from '../../src/bridge/run-suites.ts';

/** The CLI's side of a gate: answers the worker's READY with `message`. */
function opener(name: string, message: GateMessage) {
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event) => {
    if ((event as { data: unknown }).data === READY) channel.postMessage(message);
  };
  return () => channel.close();
}

describe('the gate a run started early waits at', () => {
  it('lets the harness through once the worker listens', async () => {
    const harness = { runId: 'gate-test' } as HarnessContext;
    const close = opener('gate-test-1', { harness });
    try {
      expect(await passGate('gate-test-1')).toEqual(harness);
    } finally {
      close();
    }
  });

  it('gives no harness when the run will not happen', async () => {
    const close = opener('gate-test-2', { stop: 'the preflight failed' });
    try {
      expect(await passGate('gate-test-2')).toBeUndefined();
    } finally {
      close();
    }
  });

  it('a started run closed without a target ends without running a check', async () => {
    const suites = await startSuites({ timeoutMs: 1000, maxDurationMs: 60_000, concurrency: 4 });
    await suites.close();
    expect(process.exitCode).toBeUndefined();
  });
});
