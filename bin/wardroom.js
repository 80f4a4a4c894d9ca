#!/usr/bin/env node
// The `wardroom` command: runs the TypeScript CLI through tsx (no build step needed).
import { register } from 'tsx/esm/api';

register();
// `wardroom replay game.json --log | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import('../src/adapters/cli/main.ts');
process.exitCode = await main(process.argv);
