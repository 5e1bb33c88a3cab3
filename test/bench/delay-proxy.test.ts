import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type DelayProxy, startDelayProxy } from '../../bench/delay-proxy.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function echoServer() {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => res.end(Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

async function proxyTo(port: number, delayMs: number): Promise<DelayProxy> {
  const proxy = await startDelayProxy({ host: '127.0.0.1', port }, delayMs);
  closers.unshift(() => proxy.close());
  return proxy;
}

describe('the bench delay proxy', () => {
  it('passes every byte both ways, unchanged', async () => {
    const proxy = await proxyTo(await echoServer(), 0);
    const body = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    const res = await request(`${proxy.origin}/echo`, { method: 'POST', body });
    expect(Buffer.from(await res.body.arrayBuffer()).equals(body)).toBe(true);
  });

  it('holds a request and its answer back by the delay each way', async () => {
    const proxy = await proxyTo(await echoServer(), 40);
    const start = performance.now();
    const res = await request(`${proxy.origin}/echo`, { method: 'POST', body: 'ping' });
    expect(await res.body.text()).toBe('ping');
    // A lower bound only: a loaded machine may take longer, never shorter.
    expect(performance.now() - start).toBeGreaterThanOrEqual(2 * 40 - 5);
  });
});
