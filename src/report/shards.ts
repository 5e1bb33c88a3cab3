import { HarnessError } from '../base/errors.ts';
import type { RunReport } from './model.ts';

/** A shard report as `merge` reads it: where it came from, and what it says it is. */
export interface ShardPart {
  dir: string;
  report: RunReport;
}

function refuse(message: string): never {
  throw new HarnessError('MERGE', `cannot merge: ${message}`);
}

function parseShard({ dir, report }: ShardPart): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(report.shard ?? '');
  if (!match) refuse(`${dir} is a whole run, not a shard (no --shard I/N)`);
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** Every shard 1..N exactly once, all of the same N; else a line naming what is wrong. */
function checkShardSet(parts: readonly ShardPart[]): void {
  const shards = parts.map((p) => ({ ...parseShard(p), dir: p.dir }));
  const counts = [...new Set(shards.map((s) => s.count))];
  if (counts.length > 1) {
    refuse(
      `the shards were cut differently (${shards.map((s) => `${s.dir}: of ${s.count}`).join(', ')})`,
    );
  }
  const count = counts[0] ?? 0;
  const problems: string[] = [];
  for (let i = 1; i <= count; i++) {
    const dirs = shards.filter((s) => s.index === i).map((s) => s.dir);
    if (dirs.length === 0) problems.push(`shard ${i}/${count} is missing`);
    if (dirs.length > 1) problems.push(`shard ${i}/${count} is given twice (${dirs.join(', ')})`);
  }
  const outside = shards.filter((s) => s.index < 1 || s.index > count);
  for (const s of outside) problems.push(`${s.dir} is shard ${s.index}/${count}`);
  if (problems.length) refuse(problems.join('; '));
}

function sameAcross(parts: readonly ShardPart[], field: (r: RunReport) => unknown, what: string) {
  const values = new Set(parts.map((p) => JSON.stringify(field(p.report))));
  if (values.size > 1) {
    const each = parts.map((p) => `${p.dir}: ${String(JSON.stringify(field(p.report)))}`);
    refuse(`the shards ran with different ${what} (${each.join(', ')})`);
  }
}

/**
 * Refuses a set of shard reports that cannot make one verdict: a shard missing or given twice,
 * shards of different N, or of different seeds, targets, harnesses or contracts.
 */
export function checkShards(parts: readonly ShardPart[]): void {
  if (parts.length === 0) refuse('no shard folders given');
  checkShardSet(parts);
  sameAcross(parts, (r) => r.seed, 'seeds');
  sameAcross(parts, (r) => `${r.harness.name} ${r.harness.version}`, 'harness versions');
  sameAcross(
    parts,
    (r) => ({ version: r.contract.version, schemas: r.schemasSha256 }),
    'contracts',
  );
  // Shards on the embedded server each start their own, on a port of its own.
  sameAcross(parts, (r) => (r.target.embedded ? 'embedded' : r.target.baseUrl), 'targets');
}
