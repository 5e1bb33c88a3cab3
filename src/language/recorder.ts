import { type Exchange, forRecord } from '../http/exchange.ts';
import { type PetstoreApi, petstoreApi } from '../http/petstore-api.ts';
import { HELD_BACK } from '../http/throttle.ts';
import type { Target } from './target.ts';

/** What one check sent and saw, and the first request of it that got no answer. */
export interface Recording {
  api: PetstoreApi;
  recorded: Exchange[];
  unanswered: () => Exchange | undefined;
}

/**
 * The API one check talks through, recording every exchange. One unanswered request settles the
 * check: waiting out more would only lengthen the run. Requests still queued for a slot are held
 * back, those in flight abandoned. Every request carries the check's id into the run's records.
 */
export function recordingApi(target: Target, check: string): Recording {
  const recorded: Exchange[] = [];
  let unanswered: Exchange | undefined;
  const settled = new AbortController();
  const holdBack = () => (unanswered ? 'an earlier request got no answer' : undefined);
  const api = petstoreApi(async (options) => {
    const ex = await target.client.send({ ...options, check, holdBack, signal: settled.signal });
    if (ex.error?.code === HELD_BACK) return ex;
    // Kept as a record: a check may send hundreds of requests, each answered with megabytes.
    recorded.push(forRecord(ex));
    if (ex.error?.code === 'TIMEOUT' && !unanswered) {
      unanswered = ex;
      settled.abort();
    }
    return ex;
  });
  return { api, recorded, unanswered: () => unanswered };
}
