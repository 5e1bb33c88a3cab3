/**
 * The suites one shard runs, `I/N` as --shard gives it: every N-th suite from the I-th, in the
 * order given, so the shards of one N share none and together hold them all. All without a shard.
 */
export function suitesOfShard<T>(suites: readonly T[], shard: string | undefined): T[] {
  const match = shard === undefined ? null : /^(\d+)\/(\d+)$/.exec(shard);
  if (!match) return [...suites];
  const index = Number(match[1]) - 1;
  const count = Number(match[2]);
  return suites.filter((_, i) => i % count === index);
}
