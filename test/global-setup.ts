import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../scripts/build.js';

/**
 * The CLI tests spawn bin/wardroom.js, which runs the compiled dist/ when it is current and falls
 * back to src/ through tsx otherwise. Build once before the tests (and again before a watch-mode
 * rerun) when dist/ is missing or older than src/ or web/, so that they test the compiled CLI and
 * the built web app that users run, as the sources are now.
 *
 * The browser tests drive Debian's Chromium: installed here with apt-get when it is missing and
 * the tests run as root (CI); never a browser downloaded by a tool.
 */
export default async function setup(project: TestProject): Promise<void> {
  const rebuild = async () => {
    const why = await buildIfStale();
    if (why) console.log(`global setup: built dist/ (${why})`);
  };
  await rebuild();
  project.onTestsRerun(rebuild);
  if (!existsSync('/usr/bin/chromium')) installChromium();
}

function installChromium(): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.log('global setup: /usr/bin/chromium is missing, so the browser tests are skipped; install it with "sudo apt-get install -y chromium".');
    return;
  }
  console.log('global setup: installing Debian\'s chromium for the browser tests (apt-get install -y chromium) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status}): the browser tests need Debian's chromium.`);
  }
}
