import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildServer } from '../../src/adapters/server/app.ts';
import { openSqlite } from '../../src/adapters/storage/database.ts';

/**
 * Browser tests (issue 9): Debian's Chromium driven by playwright-core, never a downloaded
 * browser. test/global-setup.ts installs it with apt-get when it is missing and the tests run as
 * root; elsewhere the browser tests say how to install it and are skipped.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** Screenshots and other files a reader looks at after the run. */
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');
export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** The real server with the built web app, on a SQLite file in a temporary folder, on loopback. */
export async function startWebServer(opts: { rateLimit?: number | false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-web-'));
  const db = await openSqlite(join(dir, 'wardroom.sqlite'));
  const { app, ctx } = await buildServer({ db, secretKey: Buffer.alloc(32, 3), rateLimit: opts.rateLimit ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ctx.baseUrl = url;
  return {
    url,
    app,
    ctx,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
