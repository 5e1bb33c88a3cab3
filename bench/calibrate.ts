import { execFileSync } from 'node:child_process';

// A fixed single-thread loop: the same work on every machine state, so its time says how fast
// the host runs this process just now (a shared 2-core machine's speed moves by a quarter
// within the hour, and every figure of a bench run moves with it).
const LOOP = 'let s = 0; for (let i = 0; i < 5e7; i++) s += i; if (s < 0) console.log(s);';

/** Milliseconds a fresh Node takes to run the fixed loop (the best of two: ~1 s in all). */
export function cpuLoopMs(): number {
  const times = [0, 1].map(() => {
    const start = performance.now();
    execFileSync(process.execPath, ['-e', LOOP]);
    return Math.round(performance.now() - start);
  });
  return Math.min(...times);
}
