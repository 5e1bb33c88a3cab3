import type { HarnessContext } from './context.ts';

/**
 * The suites' worker can boot before the run's target is known: it waits at a gate (a
 * BroadcastChannel between the CLI's thread and the worker's) until the CLI sends the harness,
 * or word that the run will not happen (the preflight failed).
 */
export type GateMessage = { harness: HarnessContext } | { stop: string };

/** What the worker says once it listens: a message sent before that would be lost. */
export const READY = 'ready';

/** In the worker: waits at the gate, and returns the run's harness (undefined: no run). */
export async function passGate(name: string): Promise<HarnessContext | undefined> {
  const channel = new BroadcastChannel(name);
  try {
    const message = new Promise<GateMessage>((resolve) => {
      channel.onmessage = (event) => resolve((event as { data: GateMessage }).data);
    });
    channel.postMessage(READY);
    const opened = await message;
    return 'harness' in opened ? opened.harness : undefined;
  } finally {
    channel.close();
  }
}
