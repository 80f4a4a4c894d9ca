/**
 * `npm run build` (and `npm ci`, through the `prepare` script): compile src/ to dist/ with
 * tsconfig.build.json, for bin/wardroom.js. TypeScript emits the JavaScript and copies the JSON
 * data files; `.ts` import specifiers become `.js` (rewriteRelativeImportExtensions). Types are
 * not checked here (`npm run typecheck` does that). The CWNB rules data, which the CLI trusts
 * without validating it on start, is validated as built (src/modules/cwnb/data/validate.ts): no
 * build from invalid data. Then vite builds the browser app (web/, issue 9) into dist/web, which
 * `wardroom serve` serves. A finished build writes dist/.build-stamp (see scripts/build-state.js).
 *
 *   node scripts/build.js            # build
 *   node scripts/build.js --if-stale # build only when dist/ is missing or older than src/
 */
import { spawnSync } from 'node:child_process';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { STAMP, staleReason } from './build-state.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Build dist/; throws when the compiler fails or the rules data is invalid. */
export async function build() {
  const started = new Date();
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${r.status ?? r.signal})`);
  const { validateRulesData } = await import(pathToFileURL(join(root, 'dist/modules/cwnb/data/validate.js')).href);
  validateRulesData();
  // Loaded here, not at the top: vite is a development dependency and bin/wardroom.js never builds.
  const { build: vite } = await import('vite');
  await vite({ configFile: join(root, 'web/vite.config.ts') });
  writeFileSync(join(root, STAMP), `built from src/ at ${started.toISOString()}\n`);
  // The stamp carries the start time: a source saved while tsc ran makes the build stale.
  utimesSync(join(root, STAMP), started, started);
}

/** Build when dist/ is missing or stale: why it built, or null when dist/ was current. */
export async function buildIfStale() {
  const reason = staleReason(root);
  if (reason) await build();
  return reason;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (!process.argv.includes('--if-stale')) await build();
    else console.log((await buildIfStale()) ? 'built dist/' : 'dist/ is current');
  } catch (e) {
    console.error(e.message);
    process.exitCode = 1;
  }
}
