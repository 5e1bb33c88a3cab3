#!/usr/bin/env node
// Stryker's command for each mutant. As bin/petstore-conformance.mjs does: vitest is loaded
// before tsx's hooks (it is plain JavaScript; half the start-up), then the TypeScript judge.
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
await import('./judge.ts');
