import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/adapters/server/app.ts';
import { openSqlite } from '../../src/adapters/storage/database.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { newPage, until } from './driver.ts';

/**
 * Issue 11, "graceful shutdown (close sockets with a reconnect hint)": the server the page is
 * connected to restarts (the shutdown `wardroom serve` runs on SIGTERM, then a new server on the
 * same database and address). The page is told 1012 "service restart", tries again at once rather
 * than after its 1 s back-off, comes back live by itself and shows what the new server did.
 */
describe.skipIf(!hasChromium)('restart of the server (issue 11; skipped when /usr/bin/chromium is missing)', () => {
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-restart-'));
  const file = join(dir, 'wardroom.sqlite');
  const key = Buffer.alloc(32, 7);
  const start = async (port: number) => {
    const built = await buildServer({ db: await openSqlite(file), secretKey: key, rateLimit: false });
    await built.app.listen({ port, host: '127.0.0.1' });
    return built;
  };
  let current: Awaited<ReturnType<typeof start>> | null = null;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await current?.shutdown({ timeoutMs: 2000 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('the page reconnects at once on 1012, to the restarted server, and catches up without a reload', async () => {
    current = await start(0);
    const port = (current.app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    const page = await newPage(browser);
    const sockets: { ws: WebSocket; at: number }[] = [];
    page.on('websocket', (ws) => sockets.push({ ws, at: Date.now() }));
    await page.goto(`${url}/`);
    await page.getByTestId('demo-button').click();
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    const id = new URL(page.url()).pathname.split('/')[2];
    const before = (await (await page.request.get(`${url}/api/games/${id}`)).json()) as { game: { version: number }; waitingFor: string[] };
    const closed = new Promise<number>((resolve) => sockets[0].ws.on('close', () => resolve(Date.now())));

    // SIGTERM's path: the page's socket is closed with 1012; the page tries again at once.
    const t0 = Date.now();
    expect(await current.shutdown({ timeoutMs: 5000 })).toBe(true);
    await closed;
    await until('a reconnect attempt', async () => sockets.length >= 2, 5000);
    expect(sockets[1].at - t0, 'reconnect tried before the 1 s back-off').toBeLessThan(1000);

    // The new server on the same database and address; a move is made there while the page is away.
    current = await start(port);
    const acted = await page.request.post(`${url}/api/games/${id}/actions`, { data: { action: { type: 'rollMission', seat: before.waitingFor[0] }, seen: before.game.version } });
    expect(acted.status(), await acted.text()).toBe(200);
    await expect.poll(() => page.getByTestId('live-status').textContent(), { timeout: 15_000 }).toBe('live');
    await expect.poll(() => page.getByTestId('log').textContent(), { timeout: 10_000 }).toMatch(/mission/i);
    await page.context().close();
  }, 60_000);
});
