import type { NotJudged } from '../checks/types.ts';
import { UNSOLICITED } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Interceptor } from '../http/interceptor.ts';
import { HELD_BACK, isRefusal, UNRESPONSIVE } from '../http/throttle.ts';
import type { SuiteRun } from './suite-run.ts';

/** The records name the set-up as the sender of its requests (exchanges.har `_check`). */
export const SEED_LABEL = 'seed';

/** What a set-up exchange shows of the target's own trouble: a hang, a 5xx, a broken connection. */
export function setUpTroubleOf(ex: Exchange): NotJudged | undefined {
  const code = ex.error?.code;
  const what = `${ex.request.method} ${ex.request.url}`;
  if (code === 'TIMEOUT' || code === UNRESPONSIVE)
    return { code: 'target-unresponsive', message: `${ex.error?.message} (${what}, set-up)` };
  if (ex.response && ex.response.status >= 500)
    return { code: 'target-error', message: `${what} answered ${ex.response.status} (set-up)` };
  if (code !== undefined && !isRefusal(ex) && code !== HELD_BACK && code !== UNSOLICITED)
    return { code: 'target-error', message: `${ex.error?.message} (${what}, set-up)` };
  return undefined;
}

/** Notes the first trouble the run's set-up requests met (see SuiteRun.setUpTrouble). */
export function notingSetUpTrouble(run: SuiteRun): Interceptor {
  return (next) => async (options) => {
    const ex = await next(options);
    if (options.check === SEED_LABEL) run.setUpTrouble ??= setUpTroubleOf(ex);
    return ex;
  };
}
