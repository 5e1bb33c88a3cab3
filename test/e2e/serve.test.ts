import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');

describe('petstore-conformance serve', () => {
  it('runs the reference server on its own until stopped', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--api-key', 'serve-key'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => resolve(d.toString()));
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const baseUrl = /listening at (\S+)/.exec(line)?.[1];
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const ok = await fetch(`${baseUrl}/pets`, { headers: { authorization: 'Bearer serve-key' } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual([]);
      expect((await fetch(`${baseUrl}/pets`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });

  it('refuses to start without a key', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'petstore-conformance: serve needs an API key: give --api-key or set PETSTORE_API_KEY',
    );
  });
});
