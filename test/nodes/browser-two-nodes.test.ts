/**
 * Issue 11, Tests: a browser test with the two seats of a zone on different nodes. Two `wardroom
 * serve` processes (A and B) on one PostgreSQL; the Allied player's browser talks only to node A,
 * the Soviet player's only to node B (each claims its seat through an invitation link opened on its
 * own node). They play a Campaign Game Turn through the web app up to and through the secret
 * commitment (6.C.4) and its reveal, the Allied committing first. The Soviet browser shows what
 * the Allied did on node A live (no reload) within a couple of seconds, receives none of the Allied
 * secrets before the reveal, and both browsers show the reveal, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { act, claimSeat, COMMITMENT_SECRETS, HAND_SECRETS, leaks, newPage, ORDER_SECRETS, recordReceived, rollMission, shot, synced, until, type Received } from '../browser/driver.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { HttpClient, killAll, serveNodes, type Node } from '../support/nodes.ts';
import { freshDatabase } from '../support/postgres.ts';

const ALLIED = 'allied:mediterranean';
const SOVIET = 'soviet:mediterranean';
/** What a person calls "live": the other node's change on screen within this, without a reload. */
const LIVE_MS = 2000;

interface Player {
  page: Page;
  seat: string;
  received: Received;
}

/** Poll fast (a live update is timed): resolves with the milliseconds it took, throws after `ms`. */
async function timed(what: string, probe: () => Promise<boolean>, ms = 10_000): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!hasChromium)('the two seats of a zone on two nodes, in two browsers (issue 11; skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  let DATA = '';
  let nodes: Node[];
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    DATA = mkdtempSync(join(tmpdir(), 'wardroom-browser-nodes-'));
    const databaseUrl = await freshDatabase(inject('postgresUrl'));
    [nodes, browser] = await Promise.all([serveNodes(2, { data: DATA, databaseUrl }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await killAll();
    if (DATA) rmSync(DATA, { recursive: true, force: true });
  });

  it('the Allied player on node A commits first, the Soviet player on node B sees it live and learns nothing of it before the reveal; both see the reveal once (6.C.4)', async () => {
    const [a, b] = nodes;
    // The referee creates a one-zone, one-turn campaign with server dice on node A and invites one player per seat.
    const referee = new HttpClient(a.url);
    const created = await referee.post('/api/games', { name: 'Rita Referee', title: 'Two nodes', zones: ['mediterranean'], turns: 1, dice: 'seeded', roster: 'demo', startingPoints: 'demo' });
    expect(created.status).toBe(201);
    const gameId = created.body.id as string;
    const token = async (seat: string) => {
      const r = await referee.post(`/api/games/${gameId}/invitations`, { kind: 'seat', seat });
      expect(r.status).toBe(201);
      return r.body.token as string;
    };

    // Each player opens the link on their own node, in a browser of their own, recording all it receives from the start.
    const join = async (node: Node, seat: string, name: string): Promise<Player> => {
      const page = await newPage(browser);
      page.on('pageerror', (e) => pageErrors.push(`${seat}: ${String(e)}`));
      const received = recordReceived(page);
      await claimSeat(page, `${node.url}/invite/${await token(seat)}`, seat, name);
      expect(new URL(page.url()).origin).toBe(node.url);
      expect(new URL(page.url()).pathname).toBe(`/g/${gameId}`);
      return { page, seat, received };
    };
    const allied = await join(a, ALLIED, 'Alice');
    const soviet = await join(b, SOVIET, 'Boris');
    const players = [allied, soviet];
    // Every request of each browser goes to its own node only.
    const origins = new Map<Page, Set<string>>(players.map((p) => [p.page, new Set<string>()]));
    for (const p of players) p.page.on('request', (r) => void origins.get(p.page)!.add(new URL(r.url()).origin));
    // A mark in the Soviet page's window: gone if the page were reloaded or navigated away.
    await soviet.page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    const notReloaded = () => soviet.page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

    // 6.B: the mission, rolled by one of them; each board shows the other node's roll.
    await rollMission(players);

    // 6.C.2: secret purchases, each on its own node; the Soviet sees live that the Allied finished ordering, not what.
    const buyShip = (p: Player, ship: string) => act(p.page, p.seat, 'buyShip', (f) => f.getByLabel('Ship').selectOption(ship).then(() => undefined));
    await buyShip(allied, 'uss-nimitz');
    await buyShip(allied, 'uss-ticonderoga');
    await act(allied.page, ALLIED, 'buyCard', (f) => f.getByLabel('Action card').selectOption('Intelligence').then(() => undefined));
    await act(allied.page, ALLIED, 'donePurchasing');
    const orderDone = await timed('the Allied order done, on the Soviet board', () => soviet.page.getByTestId('log').getByText(/Mediterranean: Allied has finished ordering/).isVisible());
    expect(orderDone, 'ms until the Soviet browser on node B showed the Allied order finished on node A').toBeLessThan(LIVE_MS);
    await buyShip(soviet, 'kirov');
    await buyShip(soviet, 'bditelny');
    await act(soviet.page, SOVIET, 'buyCard', (f) => f.getByLabel('Action card').selectOption('ECM').then(() => undefined));
    await act(soviet.page, SOVIET, 'donePurchasing');
    for (const p of players) await until(`the purchases carried out, on the board of ${p.seat}`, async () => /USS Nimitz[\s\S]*USS Ticonderoga[\s\S]*Kirov[\s\S]*Bditelny/.test((await p.page.getByTestId('zone-mediterranean').textContent()) ?? ''));

    // 6.C.4: both seats are awaited; the Allied commits USS Ticonderoga first, on node A.
    await synced(soviet.page);
    const waiting = () => soviet.page.getByTestId('waiting-for').textContent().then((t) => t ?? '');
    expect(await waiting()).toMatch(/Waiting for: .*Allied.*Soviet|Waiting for: .*Soviet.*Allied/);
    expect(await soviet.page.getByTestId('committed-mediterranean-allied').textContent()).toBe('not yet');
    await act(allied.page, ALLIED, 'commit', (f) => f.getByLabel('USS Ticonderoga').check());
    // The Soviet browser on node B shows it live: the Allied has committed, only the Soviet is awaited.
    const committedShown = await timed('the Allied commitment, on the Soviet board', async () => (await soviet.page.getByTestId('committed-mediterranean-allied').textContent()) === 'yes');
    const waitingShown = await timed('only the Soviet awaited, on the Soviet board', async () => !/Allied/.test(await waiting()));
    expect(committedShown, 'ms until the Soviet browser on node B showed the commitment made on node A').toBeLessThan(LIVE_MS);
    expect(waitingShown, 'ms until the Soviet browser on node B stopped waiting for the Allied').toBeLessThan(LIVE_MS);
    expect(await waiting()).toMatch(/Waiting for: .*Soviet/);
    expect(await soviet.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Ticonderoga[^—]*— not revealed/);
    expect(await notReloaded(), 'the Soviet page was not reloaded').toBe(true);

    // Everything the Soviet browser received up to now (before the reveal): no Allied secret. The Allied browser did receive them (the search finds what it looks for).
    const alliedSaw = await allied.received.settled();
    for (const secret of [...ORDER_SECRETS, ...HAND_SECRETS, COMMITMENT_SECRETS[0]]) {
      expect(leaks(alliedSaw, [secret]), `the Allied browser should have received ${secret} (else the search below proves nothing)`).toHaveLength(1);
    }
    const sovietBeforeReveal = (await soviet.received.settled()).slice();
    expect(sovietBeforeReveal.some((t) => t.includes('"type":"events"')), 'the Soviet browser received live frames').toBe(true);
    expect(leaks(sovietBeforeReveal, [...ORDER_SECRETS, ...HAND_SECRETS, ...COMMITMENT_SECRETS]), 'Allied secrets the Soviet browser on node B received before the reveal').toEqual([]);
    await soviet.page.screenshot({ path: shot('two-nodes-soviet-before-reveal.png'), fullPage: true });

    // The Soviet commits both ships on node B: both commitments are revealed together, in both browsers (the Allied one on node A live).
    await act(soviet.page, SOVIET, 'commit', async (f) => {
      await f.getByLabel('Kirov').check();
      await f.getByLabel('Bditelny').check();
    });
    const revealedOnA = await timed('the reveal, on the Allied board', () => allied.page.getByTestId('log').getByText(/Allied commits USS Ticonderoga/).isVisible());
    expect(revealedOnA, 'ms until the Allied browser on node A showed the reveal caused on node B').toBeLessThan(LIVE_MS);
    for (const p of players) {
      const board = () => p.page.getByTestId('zone-mediterranean').textContent().then((t) => t ?? '');
      await until(`the revealed fleets on the board of ${p.seat}`, async () => /USS Ticonderoga[^—]*— committed/.test(await board()) && /USS Nimitz[^—]*— in port/.test(await board()) && /Kirov[^—]*— committed/.test(await board()));
      await until(`the reveal in the log of ${p.seat}`, () => p.page.getByTestId('log').getByText(/Allied commits USS Ticonderoga/).isVisible());
      await synced(p.page);
      // The reveal, once: one line per side in the log.
      expect(await p.page.getByTestId('log').getByText(/Allied commits USS Ticonderoga/).count(), `Allied reveal lines in the log of ${p.seat}`).toBe(1);
      expect(await p.page.getByTestId('log').getByText(/Soviet commits .*Kirov/).count(), `Soviet reveal lines in the log of ${p.seat}`).toBe(1);
      expect(await p.page.getByTestId('committed-mediterranean-allied').textContent()).toBe('yes');
      expect(await p.page.getByTestId('committed-mediterranean-soviet').textContent()).toBe('yes');
    }
    expect(leaks(await soviet.received.settled(), ['Allied commits USS Ticonderoga', '"commitment":{"ships":["uss-ticonderoga"]', '"committed":true']), 'the reveal reached the Soviet browser').toHaveLength(3);
    expect(await notReloaded(), 'the Soviet page was not reloaded').toBe(true);

    await allied.page.screenshot({ path: shot('two-nodes-allied.png'), fullPage: true });
    await soviet.page.screenshot({ path: shot('two-nodes-soviet.png'), fullPage: true });
    expect([...origins.get(allied.page)!], 'the origins the Allied browser asked').toEqual([a.url]);
    expect([...origins.get(soviet.page)!], 'the origins the Soviet browser asked').toEqual([b.url]);
    expect(pageErrors).toEqual([]);
  });
});
