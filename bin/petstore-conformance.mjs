#!/usr/bin/env node
// Node 20 cannot run TypeScript by itself; tsx's loader lets the CLI run from source, no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
