/** Where the run's idea of today came from. */
export type TodaySource = 'flag' | 'local';

/** The target's clock, when its Date header is more than a day off the day the run judges by. */
export interface ClockSkew {
  /** The target's Date header, as an ISO timestamp. */
  targetDate: string;
  /** Whole days the target's clock is ahead (positive) or behind (negative). */
  days: number;
}

export interface Today {
  /** YYYY-MM-DD, UTC. */
  date: string;
  source: TodaySource;
  skew?: ClockSkew;
}

export const TODAY_SOURCE_LABEL: Record<TodaySource, string> = {
  flag: '--now',
  local: 'the local clock',
};

const DAY_MS = 86_400_000;

/**
 * The day the sunset checks take as today: --now when given, else this machine's clock. The
 * target's Date header never decides (a target could otherwise move itself past the sunset and
 * have its broken getPet go unjudged); when it is more than a day off, the skew is reported.
 */
export function resolveToday(
  flag: string | undefined,
  dateHeader: string | undefined,
  local = new Date(),
): Today {
  // With --now, the moment judged is that day at the local time of day (as clockOnDay does).
  const judged = flag ? new Date(`${flag}T${local.toISOString().slice(11)}`) : local;
  const today: Today = {
    date: judged.toISOString().slice(0, 10),
    source: flag ? 'flag' : 'local',
  };
  const target = dateHeader ? new Date(dateHeader) : undefined;
  if (!target || Number.isNaN(target.getTime())) return today;
  const offMs = target.getTime() - judged.getTime();
  if (Math.abs(offMs) <= DAY_MS) return today;
  return { ...today, skew: { targetDate: target.toISOString(), days: Math.trunc(offMs / DAY_MS) } };
}

/** `the target's clock says 2031-01-15T10:00:00.000Z, 54 days ahead of --now`, for a skew. */
export function skewText(skew: ClockSkew, source: TodaySource): string {
  const n = Math.abs(skew.days);
  const span = `${n} day${n === 1 ? '' : 's'} ${skew.days > 0 ? 'ahead of' : 'behind'}`;
  return `the target's clock says ${skew.targetDate}, ${span} ${TODAY_SOURCE_LABEL[source]}`;
}
