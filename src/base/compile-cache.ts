import module from 'node:module';

// Node 22.1 and later keep V8's compiled code on disk between runs (about 7% of a ci run). The
// CLI imports this module first: what it loads after (vitest, the suites, the reports) is
// cached. The variable hands the cache to the suites' worker thread, which does not inherit the
// call. NODE_DISABLE_COMPILE_CACHE=1 turns it off; Node 20 has no such cache.
const enable = (module as { enableCompileCache?: () => { directory?: string } }).enableCompileCache;
const cache = enable?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;
