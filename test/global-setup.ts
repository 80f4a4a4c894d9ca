import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../scripts/build.js';

/**
 * The CLI tests spawn bin/wardroom.js, which runs the compiled dist/ when it is current and falls
 * back to src/ through tsx otherwise. Build once before the tests (and again before a watch-mode
 * rerun) when dist/ is missing or older than src/, so that they test the compiled CLI that users
 * run, as the sources are now.
 */
export default async function setup(project: TestProject): Promise<void> {
  const rebuild = async () => {
    const why = await buildIfStale();
    if (why) console.log(`global setup: built dist/ (${why})`);
  };
  await rebuild();
  project.onTestsRerun(rebuild);
}
