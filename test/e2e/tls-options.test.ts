import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'e2e-tls-test-key-0123456789';
const TLS = join(import.meta.dirname, '..', 'fixtures', 'tls');
const CERT = join(TLS, 'self-signed.crt');
const PRIVATE_KEY = join(TLS, 'self-signed.key');

/** Enough of the service for LIST-200: 401 without the key, else an empty bare array. */
async function serve(clientCertificates: boolean): Promise<{ url: string; server: Server }> {
  const server = createServer(
    {
      key: readFileSync(PRIVATE_KEY),
      cert: readFileSync(CERT),
      // mTLS: the client must show a certificate this CA (here the same self-signed one) signed.
      ...(clientCertificates
        ? { requestCert: true, rejectUnauthorized: true, ca: readFileSync(CERT) }
        : {}),
    },
    (req, res) => {
      const ok = req.headers.authorization === `Bearer ${KEY}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '[]' : JSON.stringify({ code: 'unauthorized', message: 'no key', status: 401 }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `https://127.0.0.1:${port}/v1`, server };
}

const run = (url: string, ...args: string[]) =>
  runCli(['run', '--base-url', url, '--only', 'LIST-200', ...args], {
    env: { PETSTORE_API_KEY: KEY },
  });

describe('TLS options', () => {
  const plain = serve(false);
  const mutual = serve(true);
  afterAll(async () => {
    (await plain).server.close();
    (await mutual).server.close();
  });

  it('--ca-file trusts a private CA: the self-signed target is checked, exit 0', async () => {
    const result = await run((await plain).url, '--ca-file', CERT);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readReport(result).options).toMatchObject({ caFile: true });
  });

  it('--insecure says on every run that verification is off', async () => {
    const result = await run((await plain).url, '--insecure');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "warning: --insecure: the target's TLS certificate is not verified",
    );
    expect(readReport(result).options).toMatchObject({ insecure: true });
  });

  it('--cert and --key-file show a client certificate to a gateway that asks for one (mTLS)', async () => {
    const { url } = await mutual;
    const without = await run(url, '--ca-file', CERT);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain(`cannot reach ${url}`);
    const withCert = await run(url, '--ca-file', CERT, '--cert', CERT, '--key-file', PRIVATE_KEY);
    expect(withCert.stderr).toBe('');
    expect(withCert.code).toBe(0);
    expect(readReport(withCert).options).toMatchObject({ clientCertificate: true });
    expect(JSON.stringify(readReport(withCert))).not.toContain('PRIVATE KEY');
  });

  it.each([
    [['--cert', CERT], '--cert and --key-file go together'],
    [['--ca-file', '/no/such/ca.pem'], 'cannot read --ca-file /no/such/ca.pem: no such file'],
  ])('%j: exit 2 with one line', async (args, message) => {
    const result = await runCli(['run', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });
});
