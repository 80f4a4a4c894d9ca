/**
 * Whether dist/ (the compiled CLI, `npm run build`) is current: used by bin/wardroom.js on every
 * start, by scripts/build.js and by the test suite's global setup. Plain JavaScript so that it
 * runs without a TypeScript loader; kept small because it runs on every start (1–3 ms).
 *
 * A finished build writes dist/.build-stamp with the build's start time as its mtime. The build is
 * stale when a file or folder under src/ or web/ (a folder's mtime changes when a file in it is added,
 * removed or renamed) or a tsconfig it reads was modified after that.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = join('dist', '.build-stamp');
const INPUTS = ['src', 'web', 'tsconfig.json', 'tsconfig.build.json'];

/** null when dist/ is current; otherwise why not, for a message. */
export function staleReason(root) {
  let built;
  try {
    built = statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return 'dist/ has no finished build';
  }
  const newer = (rel) => {
    const st = statSync(join(root, rel));
    if (st.mtimeMs > built) return rel;
    if (!st.isDirectory()) return null;
    for (const name of readdirSync(join(root, rel))) {
      const hit = newer(join(rel, name));
      if (hit) return hit;
    }
    return null;
  };
  for (const input of INPUTS) {
    const hit = newer(input);
    if (hit) return `${hit} is newer than the build in dist/`;
  }
  return null;
}
