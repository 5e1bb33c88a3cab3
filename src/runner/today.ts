/** Where the run's idea of today came from. */
export type TodaySource = 'flag' | 'server' | 'local';

export interface Today {
  /** YYYY-MM-DD, UTC. */
  date: string;
  source: TodaySource;
}

export const TODAY_SOURCE_LABEL: Record<TodaySource, string> = {
  flag: '--now',
  server: "the target's Date header",
  local: 'the local clock (the target sent no valid Date header)',
};

/**
 * The day the sunset checks take as today: --now when given, else the target's own clock (its
 * Date header), else this machine's. The target's clock decides what the target does.
 */
export function resolveToday(
  flag: string | undefined,
  dateHeader: string | undefined,
  local = new Date(),
): Today {
  if (flag) return { date: flag, source: 'flag' };
  const server = dateHeader ? new Date(dateHeader) : undefined;
  if (server && !Number.isNaN(server.getTime()))
    return { date: server.toISOString().slice(0, 10), source: 'server' };
  return { date: local.toISOString().slice(0, 10), source: 'local' };
}
