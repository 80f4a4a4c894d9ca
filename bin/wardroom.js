#!/usr/bin/env node
// The `wardroom` command: runs the TypeScript CLI through tsx (no build step needed).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/adapters/cli/main.ts');
process.exitCode = await main(process.argv);
