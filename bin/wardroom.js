#!/usr/bin/env node
// The `wardroom` command: runs the compiled CLI in dist/, built from src/ by `npm ci` (the
// `prepare` script) or `npm run build`. In a development checkout whose dist/ is missing or older
// than src/, it runs the TypeScript sources through tsx instead (correct, but ~0.5 s slower to
// start) and says so on stderr: never a stale build, and editing src/ needs no rebuild to try it.
import { fileURLToPath } from 'node:url';
import { staleReason } from '../scripts/build-state.js';

// `wardroom replay game.json --log | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const stale = staleReason(fileURLToPath(new URL('..', import.meta.url)));
let cli;
if (!stale) cli = await import('../dist/adapters/cli/main.js');
else {
  process.stderr.write(`wardroom: ${stale}; running src/ through tsx (slower start). "npm run build" updates dist/.\n`);
  const { register } = await import('tsx/esm/api');
  register();
  // dist/ trusts the rules data that its build validated; src/ has had no such check, so check it here.
  (await import('../src/modules/cwnb/data/validate.ts')).validateRulesData();
  cli = await import('../src/adapters/cli/main.ts');
}
process.exitCode = await cli.main(process.argv);
