import type { Clock } from './types.ts';

const DAY_MS = 86_400_000;

/** A clock that runs at real speed but whose today is `day` (YYYY-MM-DD): time of day is kept. */
export function clockOnDay(day: string, now: () => number = Date.now): Clock {
  const realToday = Math.floor(now() / DAY_MS) * DAY_MS;
  const offset = Date.parse(`${day}T00:00:00Z`) - realToday;
  return () => new Date(now() + offset);
}
