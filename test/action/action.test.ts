import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findFault, startFault } from '../faults/catalog.ts';
import { tempDir } from '../support/temp.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ACTION = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};
const KEY = 'pc-action-secret-key-0123456789abcdef';
/** An Actions expression as written in action.yml. */
const expr = (inner: string) => `\${{ ${inner} }}`;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}

/** Runs a script with bash as a runner does; async, so a server in this process can answer. */
function bash(script: string, cwd: string, env: Record<string, string | undefined>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env: { ...env, GITHUB_ACTION_PATH: ROOT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

interface StepRun {
  step: Step;
  status: number | null;
  stdout: string;
  stderr: string;
  script: string;
}

/** `${{ ... }}` expressions as the runner substitutes them before a step runs. */
function substitute(text: string, inputs: Record<string, string>, outputs: Record<string, string>) {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    if (expr === 'github.action_path') return ROOT;
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input?.[1] !== undefined) return inputs[input[1]] ?? '';
    const output = /^steps\.run\.outputs\.([\w-]+)$/.exec(expr);
    if (output?.[1] !== undefined) return outputs[output[1]] ?? '';
    throw new Error(`the test does not know the expression ${expr}`);
  });
}

function readOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/**
 * Runs the action's shell steps in order, as a runner does: inputs with their defaults (also as
 * INPUT_* variables), expressions substituted into env, working-directory and run, `bash -eo
 * pipefail`, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. `uses` steps are only recorded.
 */
async function runAction(given: Record<string, string>) {
  const work = tempDir('pc-action-');
  const defaults = Object.fromEntries(
    Object.entries(ACTION.inputs).map(([k, v]) => [k, v.default ?? '']),
  );
  const inputs = { ...defaults, 'report-dir': join(work, 'reports'), ...given };
  const files = { GITHUB_OUTPUT: join(work, 'output'), GITHUB_STEP_SUMMARY: join(work, 'summary') };
  writeFileSync(files.GITHUB_STEP_SUMMARY, '');
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('PETSTORE_') && k !== 'NO_COLOR'),
  );
  const inputVars = Object.fromEntries(
    Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
  );
  const runs: StepRun[] = [];
  const used: Step[] = [];
  for (const step of ACTION.runs.steps) {
    if (step.uses) {
      used.push(step);
      continue;
    }
    const failedBefore = runs.some((r) => r.status !== 0);
    if (failedBefore && step.if !== 'always()') continue;
    const outputs = readOutputs(files.GITHUB_OUTPUT);
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, inputs, outputs)]),
    );
    const script = substitute(step.run ?? '', inputs, outputs);
    const cwd = step['working-directory']
      ? substitute(step['working-directory'], inputs, outputs)
      : work;
    const r = await bash(script, cwd, { ...base, ...inputVars, ...files, ...env });
    runs.push({ step, status: r.status, stdout: r.stdout, stderr: r.stderr, script });
  }
  return {
    inputs,
    runs,
    used,
    outputs: readOutputs(files.GITHUB_OUTPUT),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
    last: runs.at(-1),
  };
}

describe('action.yml', () => {
  it('is a composite action with the inputs a workflow passes', () => {
    expect(ACTION.runs.using).toBe('composite');
    for (const input of ['base-url', 'api-key', 'profile', 'args'])
      expect(ACTION.inputs).toHaveProperty(input);
    const upload = ACTION.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe('always()');
    expect(upload?.with?.path).toBe(expr('inputs.report-dir'));
  });

  it('passes the api key through the environment only, never into a script or a command line', () => {
    for (const step of ACTION.runs.steps) {
      expect(step.run ?? '').not.toMatch(/inputs\.api-key/);
      expect(JSON.stringify(step.with ?? {})).not.toMatch(/inputs\.api-key/);
    }
    const envs = ACTION.runs.steps.flatMap((s) => Object.values(s.env ?? {}));
    expect(envs).toContain(expr('inputs.api-key'));
  });

  it('a conformant service: exit 0, reports, the step summary, the job passes', async () => {
    const action = await runAction({ 'api-key': KEY, args: '--only LIST-200,AUTH-LIST --seed 7' });
    for (const r of action.runs) expect(r.status, `${r.step.name}: ${r.stderr}`).toBe(0);
    expect(action.outputs['exit-code']).toBe('0');
    expect(action.summary).toMatch(/Conformant/);
    expect(existsSync(join(action.inputs['report-dir'] ?? '', 'report.json'))).toBe(true);
    for (const r of action.runs) {
      expect(r.script).not.toContain(KEY);
      expect(r.stdout + r.stderr).not.toContain(KEY);
    }
    expect(action.summary).not.toContain(KEY);
  });

  describe('a service that breaks the contract', () => {
    let close: () => Promise<void> = async () => {};
    afterAll(() => close());

    it('exit 1 fails the job, and the reports are still there to upload', async () => {
      const server = await startFault(findFault('list-envelope'), KEY);
      close = () => server.close();
      const action = await runAction({
        'base-url': server.baseUrl,
        'api-key': KEY,
        args: '--only LIST-200',
      });
      expect(
        action.outputs['exit-code'],
        action.runs.map((r) => r.stdout + r.stderr).join('\n'),
      ).toBe('1');
      expect(action.last?.step.name).toBe('Verdict');
      expect(action.last?.status).toBe(1);
      expect(action.last?.stdout).toMatch(/::error .*not conformant/);
      expect(existsSync(join(action.inputs['report-dir'] ?? '', 'summary.md'))).toBe(true);
      expect(action.summary).toMatch(/Not conformant/);
    });
  });

  it('a run that cannot start: exit 2 fails the job and the summary says so', async () => {
    const action = await runAction({ args: '--seed -5' });
    expect(action.outputs['exit-code']).toBe('2');
    expect(action.last?.status).toBe(2);
    expect(action.summary).toMatch(/could not judge the target.*exit 2.*--seed must be/);
  });

  it("judges by report.json's verdict: an earlier run's conformant reports do not pass a refused run", async () => {
    const work = tempDir('pc-action-stale-');
    const dir = join(work, 'reports');
    mkdirSync(dir);
    writeFileSync(join(dir, 'report.json'), JSON.stringify({ verdict: 'conformant' }));
    writeFileSync(join(dir, 'summary.md'), '# Conformant\n');
    const action = await runAction({
      'report-dir': dir,
      'base-url': 'http://127.0.0.1:9/v1',
      'api-key': KEY,
    });
    expect(action.outputs['exit-code']).toBe('2');
    expect(action.last?.status).toBe(2);
    expect(action.last?.stdout).toMatch(
      /::error .*could not judge the target \(exit 2\): cannot reach/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).verdict).toBe('error');
    expect(existsSync(join(dir, 'summary.md'))).toBe(false);
  });

  it('an input cannot inject shell: args are split into words, never evaluated', async () => {
    const marker = join(tmpdir(), `pc-injected-${process.pid}`);
    const action = await runAction({ args: `--seed 7 $(touch ${marker}) ;touch ${marker}` });
    expect(existsSync(marker)).toBe(false);
    expect(action.outputs['exit-code']).toBe('2');
  });
});
