import { afterAll, describe, expect, it } from 'vitest';
import type { HarnessContext } from '../../src/bridge/context.ts';
import { createClient } from '../../src/http/client.ts';
import { toCurl } from '../../src/http/curl.ts';
import { petstoreApi } from '../../src/http/petstore-api.ts';
import { createRedactor, redactExchange } from '../../src/http/redaction.ts';
import { checkModel } from '../../src/language/model-run.ts';
import type { RunningServer } from '../../src/reference/index.ts';
import { findFault, startFault } from '../faults/catalog.ts';

const KEY = 'model-run-key-0123456789';
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function modelAgainst(name: string, seed = 7) {
  const variant =
    name === 'reference' ? { name, description: name, wrap: (app: never) => app } : findFault(name);
  const server = await startFault(variant, KEY);
  servers.push(server);
  const client = createClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    timeoutMs: 2000,
    connections: 8,
  });
  let sent = 0;
  const api = petstoreApi((o) => {
    sent++;
    return client.send(o);
  });
  const ctx = {
    baseUrl: server.baseUrl,
    apiKey: KEY,
    seed,
    runs: 5,
    runId: 'modeltst',
    today: '2026-01-01',
    limits: {},
  } as HarnessContext;
  try {
    return await checkModel(api, ctx, () => sent);
  } finally {
    await client.close();
  }
}

describe('RUN-MODEL: the run as a model of the pets it creates', () => {
  it('agrees with the reference server', async () => {
    const judgement = await modelAgainst('reference');
    expect(judgement.verdict, judgement.message).toBe('pass');
  });

  it('catches a pet published before it is complete, whatever the seed: a list taken while it is created shows it blank', async () => {
    for (const seed of [1, 2]) {
      const judgement = await modelAgainst('publishes-incomplete-pet', seed);
      expect(judgement.verdict).toBe('fail');
      expect(judgement.message).toContain('listPets while pets were being created');
      expect(judgement.message).toContain('name: expected');
      // The evidence is the sequence, in order: its curl lines replay it, the key never shown.
      const redact = createRedactor([KEY]);
      const script = (judgement.evidence ?? []).map((ex) =>
        toCurl(redactExchange(ex, redact).request),
      );
      expect(script.length).toBeGreaterThan(1);
      expect(script.join('\n')).not.toContain(KEY);
      expect(script[0]).toContain('-X POST');
    }
  });

  it('shrinks a failure to the shortest sequence of commands', async () => {
    const judgement = await modelAgainst('create-duplicate-ids');
    expect(judgement.verdict).toBe('fail');
    expect(judgement.counterexample?.input ?? judgement.message).toMatch(/create|batch/);
  });
});
