import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, startWebServer } from '../support/browser.ts';
import { act, actionForm, claimSeat, COMMITMENT_SECRETS, HAND_SECRETS, leaks, newPage, nextAction, ORDER_SECRETS, press, recordReceived, rollMission, screenshots, seatActions, seriousViolations, synced, until, type Received } from './driver.ts';

/**
 * Issue 9, Tests: a referee creates a one-zone campaign in the browser and invites two players and
 * a spectator; the Allied and Soviet players, each in their own browser, play a Campaign Game
 * Turn through the web app: mission, purchases, secret commitment and reveal, the battle recorder,
 * the end of the battle and scoring, to the end screen. Everything the Soviet and the spectator
 * browsers receive (response bodies, WebSocket frames) is searched for the Allied secrets.
 */

const ALLIED = 'allied:mediterranean';
const SOVIET = 'soviet:mediterranean';

interface Player {
  page: Page;
  seat: string;
  received: Received;
}

describe.skipIf(!hasChromium)('a Campaign Game Turn in three browsers, secrets kept (issue 9; skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startWebServer>>;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startWebServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(bypassCSP = false): Promise<Page> {
    const page = await newPage(browser, { bypassCSP });
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    return page;
  }

  it('the referee creates the campaign and invites; two players claim their seats; they play the turn and neither the Soviet nor a spectator ever receives an Allied secret before its time (6.C.2, 6.C.4, 7)', async () => {
    // The referee creates the campaign through the form: Mediterranean, 1 turn, demo roster and points, server dice.
    const referee = await open();
    await referee.goto(`${server.url}/new`);
    await referee.getByLabel('Title').fill('Browser test');
    await referee.getByLabel('Your name (you will be the referee)').fill('Rita Referee');
    await referee.getByLabel('Mediterranean').check();
    await referee.getByLabel('Length in Campaign Game Turns (5.2)').fill('1');
    await referee.getByTestId('submit-create').click();
    await referee.getByTestId('referee').waitFor();
    const gameId = new URL(referee.url()).pathname.split('/')[2];
    // Nobody holds a seat yet: the referee is told the game waits on a seat to invite someone to.
    expect(await referee.getByTestId('overview').textContent()).toContain('Waiting for: Soviet, Mediterranean (unclaimed)');

    const invite = async (kind: 'one seat' | 'a spectator', seat?: string) => {
      await referee.getByLabel(kind, { exact: true }).check();
      if (seat) await referee.getByLabel('Seat', { exact: true }).selectOption(seat);
      const before = await referee.getByTestId('invitation-url').count();
      await referee.getByTestId('submit-invitation').click();
      await until('the invitation link', async () => (await referee.getByTestId('invitation-url').count()) > before);
      return referee.getByTestId('invitation-url').first().inputValue(); // the newest is first
    };
    const alliedLink = await invite('one seat', ALLIED);
    const sovietLink = await invite('one seat', SOVIET);
    const spectatorLink = await invite('a spectator');
    // A spare spectator link made by mistake, to last until revoked: "Links made" lists it (not the
    // link itself, and until when each works) and the referee revokes it.
    await referee.getByLabel('The link works').selectOption('revoked');
    const spare = await invite('a spectator');
    const made = referee.getByTestId('invitations').locator('li');
    await expect.poll(() => made.count()).toBe(4);
    expect(await referee.getByTestId('invitations').textContent()).not.toContain(spare);
    expect((await made.allTextContents()).map((t) => /works until revoked/.test(t))).toEqual([false, false, false, true]); // the others: 14 days
    await referee.getByRole('button', { name: 'Revoke the link for a spectator' }).last().click();
    await expect.poll(() => made.count()).toBe(3);
    expect((await referee.request.get(`${new URL(spare).origin}/api/invitations/${new URL(spare).pathname.split('/').pop()}`)).status()).toBe(404);

    // Each player claims a seat in a browser of their own; the Soviet and the spectator record all they receive from the start.
    const claim = async (link: string, seat: string, name: string, bypassCSP = false): Promise<Player> => {
      const page = await open(bypassCSP);
      const received = recordReceived(page);
      await claimSeat(page, link, seat, name);
      expect(new URL(page.url()).pathname).toBe(`/g/${gameId}`);
      return { page, seat, received };
    };
    const allied = await claim(alliedLink, ALLIED, 'Alice', true); // without the CSP, for axe-core's script: the Allied pages mid-game are scanned too
    const soviet = await claim(sovietLink, SOVIET, 'Boris');
    const spectator = await open();
    const watched = recordReceived(spectator);
    await spectator.goto(spectatorLink);
    await spectator.getByLabel('Your name').fill('Sam');
    await spectator.getByTestId('watch-button').click();
    await spectator.getByTestId('zone-mediterranean').waitFor();
    const players = [allied, soviet];
    // The dice commitment is on every board from the start (the seed that it commits to, at the end).
    const shownAtStart = await soviet.page.getByTestId('seed-commitment').textContent();
    expect(shownAtStart).toMatch(/^[0-9a-f]{64}$/);
    expect(await spectator.getByTestId('seed-commitment').textContent()).toBe(shownAtStart);

    // The referee's page shows who holds the seats, live or on reload.
    await referee.reload();
    await expect.poll(() => referee.getByTestId('referee').textContent()).toMatch(/Allied, Mediterranean: Alice[\s\S]*Soviet, Mediterranean: Boris/);

    // 6.B: the mission is rolled (by the seat the rules ask); a Strike mission is declined (9.5) and re-rolled, so that the plan below fits any mission.
    await rollMission(players);

    // 6.C.2 purchases, secret until carried out: each side orders two ships and an Action card.
    const buyShip = (p: Player, ship: string) => act(p.page, p.seat, 'buyShip', (f) => f.getByLabel('Ship').selectOption(ship).then(() => undefined));
    const undo = allied.page.getByTestId(`undo-${ALLIED}`);
    expect(await undo.count()).toBe(0); // nothing of the Allied seat's to take back yet: no Undo offered
    await buyShip(allied, 'uss-nimitz');
    await expect.poll(() => undo.count()).toBe(1); // an order may be taken back
    await press(allied.page, undo, 'Undo the order');
    await expect.poll(() => allied.page.getByTestId('notice').textContent()).toBe('Taken back: the last action of Allied, Mediterranean, and all it did; the log marks it.');
    await buyShip(allied, 'uss-nimitz'); // ordered again
    // The form names what cannot be bought now, and why.
    await expect.poll(() => actionForm(allied.page, ALLIED, 'buyShip').locator('details.unavailable').textContent()).toContain('USS Nimitz (carrier, 30 points, costs 30): it is already in your order');
    const a11y: string[] = [];
    const wide: (string | null)[] = [];
    a11y.push(...(await seriousViolations(allied.page, 'purchases')));
    wide.push(await screenshots(allied.page, 'game-purchases'));
    await act(allied.page, ALLIED, 'buyShip', async (f) => {
      await f.getByLabel('Ship').selectOption('uss-ticonderoga');
      // The chosen option in full under the list, which a phone cuts off when closed.
      expect(await f.getByTestId('chosen-option-ship').textContent()).toBe('Chosen: USS Ticonderoga (surface, 16 points, costs 16)');
    });
    await act(allied.page, ALLIED, 'buyCard', (f) => f.getByLabel('Action card').selectOption('Intelligence').then(() => undefined));
    await expect.poll(() => allied.page.getByTestId('zone-mediterranean').textContent()).toContain('Order (secret until carried out): USS Nimitz, USS Ticonderoga, Intelligence — cost 61, leaving 69 on the Point Track');
    // And in the seat's own card, beside the forms that make it (the board is screens below on a phone).
    expect(await seatActions(allied.page, ALLIED).getByTestId('order-mediterranean-allied').textContent()).toBe('Order (secret until carried out): USS Nimitz, USS Ticonderoga, Intelligence — cost 61, leaving 69 on the Point Track');
    // Finishing asks the seat's own question, with its order's figures (the label, shared at a terminal, names none).
    const asked = new Promise<string>((resolve) => allied.page.once('dialog', (d) => resolve(d.message())));
    await act(allied.page, ALLIED, 'donePurchasing');
    expect(await asked).toBe('Finish purchasing? Your order costs 61; the 69 points left are banked as Victory Points, which are never spent (6.C.2).');
    // The form sent is gone (the order is done): the keyboard stays in the seat's actions, not back at the top of the page.
    await expect.poll(() => allied.page.evaluate(() => document.activeElement?.id)).toBe(`actions-h-${ALLIED}`);
    // And it says who the game waits for now.
    await expect.poll(() => seatActions(allied.page, ALLIED).textContent()).toContain('No decision waits on this seat now (what it may still do is below): the game waits for Soviet, Mediterranean');
    await buyShip(soviet, 'kirov');
    await buyShip(soviet, 'bditelny');
    await act(soviet.page, SOVIET, 'buyCard', (f) => f.getByLabel('Action card').selectOption('ECM').then(() => undefined));
    // Before the purchases are carried out, the Soviet saw that the Allied finished ordering, not what.
    await until('the Allied order done, on the Soviet board', () => soviet.page.getByTestId('log').getByText(/Mediterranean: Allied has finished ordering/).isVisible());
    await act(soviet.page, SOVIET, 'donePurchasing');

    // Once carried out, the ships bought are public on both boards.
    for (const p of [...players, { page: spectator }]) {
      await expect.poll(() => p.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Nimitz[\s\S]*USS Ticonderoga[\s\S]*Kirov[\s\S]*Bditelny/);
    }

    // 6.C.4: the Allied commits USS Ticonderoga in secret (USS Nimitz stays in port); the Soviet sees only that the Allied has committed.
    await act(allied.page, ALLIED, 'commit', (f) => f.getByLabel('USS Ticonderoga').check());
    await expect.poll(() => soviet.page.getByTestId('committed-mediterranean-allied').textContent()).toBe('yes');
    await expect.poll(() => spectator.getByTestId('committed-mediterranean-allied').textContent()).toBe('yes');
    await expect.poll(() => soviet.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Ticonderoga[^—]*— not revealed/);
    // The Allied board shows the Allied their own choice, marked secret.
    await expect.poll(() => allied.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Nimitz[^—]*— in port \(secret until the reveal\)[\s\S]*USS Ticonderoga[^—]*— committed \(secret until the reveal\)/);

    // Everything the Soviet browser has received up to now: before the reveal.
    const sovietBeforeReveal = (await soviet.received.settled()).slice();
    const spectatorBeforeReveal = (await watched.settled()).slice();
    const alliedSaw = await allied.received.settled();
    for (const secret of [...ORDER_SECRETS, ...HAND_SECRETS, ...COMMITMENT_SECRETS.slice(0, 1)]) {
      expect(leaks(alliedSaw, [secret]), `the Allied browser should have received ${secret} (else the search below proves nothing)`).toHaveLength(1);
    }
    expect(leaks(sovietBeforeReveal, [...ORDER_SECRETS, ...HAND_SECRETS, ...COMMITMENT_SECRETS]), 'Allied secrets the Soviet browser received before the reveal').toEqual([]);

    // The Soviet commits both ships: both commitments are revealed together.
    await act(soviet.page, SOVIET, 'commit', async (f) => {
      await f.getByLabel('Kirov').check();
      await f.getByLabel('Bditelny').check();
    });
    await expect.poll(() => soviet.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Ticonderoga[^—]*— committed/);
    await expect.poll(() => soviet.page.getByTestId('zone-mediterranean').textContent()).toMatch(/USS Nimitz[^—]*— in port/);
    await until('the reveal in the Soviet log', () => soviet.page.getByTestId('log').getByText(/Allied commits USS Ticonderoga/).isVisible());
    expect(leaks(await soviet.received.settled(), ['Allied commits USS Ticonderoga', '"commitment":{"ships":["uss-ticonderoga"]', '"committed":true'])).toHaveLength(3);

    // 8: Non-Combatants are dealt first when the mission has them.
    for (;;) {
      const [p, type] = await nextAction(players, ['dealNonCombatants', 'endBattleTurn'], 'the battle');
      if (type !== 'dealNonCombatants') break;
      await act(p.page, p.seat, type);
    }

    // 7: the battle recorder: the Allied records 1 damage on Kirov and sinks Bditelny; the Soviet cripples USS Ticonderoga.
    const grid = (p: Player) => seatActions(p.page, p.seat).getByTestId('battle-recorder');
    const scrolled = await allied.page.evaluate(() => scrollY);
    await press(allied.page, grid(allied).getByTestId('damage-up-kirov'), 'Kirov +1 damage');
    // The keyboard and the page stay on the row just recorded (the next tap is on the same ship, often).
    await expect.poll(() => allied.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('damage-up-kirov');
    expect(await allied.page.evaluate(() => scrollY)).toBe(scrolled);
    // Two players record at once: the Soviet's tap leaves before the Allied sinking is stored and
    // arrives after it. It is not recorded (409), and the Soviet is told which tap was lost.
    await synced(soviet.page);
    await soviet.page.route('**/actions', async (route) => {
      await grid(allied).getByTestId('ship-bditelny').getByRole('button', { name: /Bditelny.*: Sunk \/ more…$/ }).click();
      await press(allied.page, grid(allied).getByTestId('sink-bditelny'), 'Bditelny sunk');
      await route.continue();
    }, { times: 1 });
    const lost = soviet.page.waitForResponse((r) => r.url().endsWith('/actions') && r.request().method() === 'POST');
    await grid(soviet).getByTestId('cripple-uss-ticonderoga').click();
    expect((await lost).status()).toBe(409);
    await expect.poll(() => grid(soviet).getByRole('alert').textContent()).toMatch(/^Not recorded: Allied USS Ticonderoga \(16 points\): crippled\. Not sent: the game moved on/);
    // The sunk ship's row is gone: the keyboard goes to the row that took its place in the recorder, not to another seat.
    await expect.poll(() => allied.page.evaluate(() => document.activeElement?.closest('[data-testid="battle-recorder"]')?.getAttribute('data-seat') ?? document.activeElement?.outerHTML)).toBe(allied.seat);
    await expect.poll(() => soviet.page.getByTestId('overview').textContent()).toContain('Sunk so far: Bditelny'); // the Soviet acts on what they see
    await press(soviet.page, grid(soviet).getByTestId('cripple-uss-ticonderoga'), 'USS Ticonderoga crippled');
    for (const p of [...players, { page: spectator }]) {
      const board = () => p.page.getByTestId('zone-mediterranean').textContent();
      await expect.poll(board).toMatch(/Kirov[^—]*— committed, damage 1/);
      await expect.poll(board).toMatch(/USS Ticonderoga[^—]*— committed, crippled/);
      await expect.poll(() => p.page.getByTestId('overview').textContent()).toContain('Sunk so far: Bditelny');
    }
    await expect.poll(() => grid(allied).getByTestId('cripple-uss-ticonderoga').getAttribute('aria-pressed')).toBe('true');
    a11y.push(...(await seriousViolations(allied.page, 'battle recorder')));
    wide.push(await screenshots(allied.page, 'game-battle'));
    // The game page in sight counts as read (docs/online.md, History): the events watched there are not "new" later.
    await synced(allied.page);
    await expect.poll(() => allied.page.getByTestId('history-link').textContent()).toBe('History');
    expect((await allied.page.request.get(`${server.url}/api/games/${gameId}/history/unread`).then((r) => r.json())).unread).toBe(0);

    // 7: each player ends their Battle Turns in turn, until the battle is over and the cards are set aside (7.2.1).
    for (let n = 0; ; n++) {
      expect(n, 'Battle Turns that never end').toBeLessThan(20);
      const [p, type] = await nextAction(players, ['endBattleTurn', 'setAside'], 'the next Battle Turn');
      if (type === 'setAside') break;
      await act(p.page, p.seat, type);
    }
    // The board names the step as the rulebook does and no longer counts Battle Turns; the mission's sentences stay apart.
    const board = await allied.page.getByTestId('zone-mediterranean').innerText();
    expect(board).toContain('Step: End of the battle: set aside a card (7.2.1)');
    expect(board).toContain('The Battle Turns are over');
    expect(board).not.toMatch(/Battle Turn \d+ of/);
    expect(board).not.toMatch(/[a-z]\.[A-Z+−-]/); // "…the whole Pool.+3 to hand size" ran together

    // 7.2, 11: the last turn ends: the mission scored, the VP on the board, the campaign over with its seed published.
    const sovietBeforeEnd = (await soviet.received.settled()).slice();
    const spectatorBeforeEnd = (await watched.settled()).slice();
    for (const p of players) {
      await until(`${p.seat} set aside`, () => actionForm(p.page, p.seat, 'setAside').isVisible());
      await act(p.page, p.seat, 'setAside');
    }
    const totals: string[] = [];
    for (const page of [allied.page, soviet.page, spectator, referee]) {
      await page.getByTestId('end-screen').waitFor({ timeout: 15_000 });
      totals.push((await page.getByTestId('vp-totals').textContent()) ?? '');
    }
    expect(totals[0]).toMatch(/^Victory Points with the End Game bonuses \(11\): ▲ Allied \d+ · ■ Soviet \d+$/);
    expect(new Set(totals).size, `the same totals everywhere: ${totals.join(' | ')}`).toBe(1);
    expect(await soviet.page.getByTestId('end-screen').textContent(), 'one total on the page: the overview\'s and the verdict\'s').toContain(`Totals: ${totals[0].split(': ')[1]}`);
    // 11: the rulebook's description of the level is the winners' ("your side made significant gains"), quoted as theirs on every board.
    const verdict = (await soviet.page.getByTestId('end-screen').textContent()) ?? '';
    expect(verdict).toMatch(/Victory by \d+ VP|A Draw/);
    if (!verdict.includes('A Draw')) expect(verdict).toMatch(/“[^”]+”The rulebook's historical description of an? \w+ Victory, for the [▲■] (Allied|Soviet) side \(11\)/);
    const seed = (await soviet.page.getByTestId('seed').textContent()) ?? '';
    const commitment = await soviet.page.getByTestId('end-screen').locator('code').nth(1).textContent();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment).toBe(shownAtStart);
    expect(await soviet.page.getByTestId('verify-hint').textContent(), 'how to check the dice offline').toContain('npx wardroom verify FILE');
    expect(createHash('sha256').update(seed).digest('hex'), 'the seed matches the commitment shown from the start').toBe(shownAtStart);
    expect(leaks(sovietBeforeEnd, [seed]), 'the seed before the end').toEqual([]);
    wide.push(await screenshots(soviet.page, 'game-end'), await screenshots(spectator, 'game-spectator'));

    // The spectator: the board all along, no form, and no secret: no commitment before the reveal, neither team's hand or order ever (checked at the end, so it covers the whole game).
    expect(leaks(spectatorBeforeReveal, COMMITMENT_SECRETS), 'the Allied commitment the spectator received before the reveal').toEqual([]);
    const spectatorAll = await watched.settled();
    const sovietSecrets = ['Soviet orders', 'Soviet has finished ordering (', `"id":"${SOVIET}#`, '"type":"ECM"'];
    expect(leaks(await soviet.received.settled(), sovietSecrets), 'the Soviet secrets reached the Soviet browser (else the search below proves nothing)').toHaveLength(sovietSecrets.length);
    expect(leaks(spectatorAll, [...ORDER_SECRETS, ...HAND_SECRETS, ...sovietSecrets]), 'secrets the spectator received').toEqual([]);
    expect(leaks(spectatorBeforeEnd, [seed]), 'the seed before the end').toEqual([]);
    expect(leaks(spectatorAll, ['Allied commits USS Ticonderoga']), 'the reveal reached the spectator').toHaveLength(1);
    expect(await spectator.locator('form.action, [data-testid^=seat-actions-], [data-testid=battle-recorder], [data-testid=referee]').count()).toBe(0);
    expect(await spectator.getByTestId('zone-mediterranean').textContent()).not.toMatch(/Action cards|Order:/);

    // The referee sees who watches and removes the spectator: their page stops showing the campaign at once.
    const watching = referee.getByTestId('spectators');
    await expect.poll(() => watching.textContent()).toMatch(/^Sam, watching since /);
    await referee.getByRole('button', { name: 'Remove the spectator Sam' }).click();
    await expect.poll(() => spectator.getByTestId('overview').count()).toBe(0);
    await expect.poll(() => watching.count()).toBe(0);

    // The Allied hand and order stay the Allied team's for good: not in anything the Soviet browser received, end screen included.
    expect(leaks(await soviet.received.settled(), [...ORDER_SECRETS.slice(1), ...HAND_SECRETS]), 'Allied secrets the Soviet browser received by the end').toEqual([]);

    expect(pageErrors).toEqual([]);
    expect(a11y, a11y.join('\n')).toEqual([]);
    expect(wide.filter(Boolean), 'pages that scroll sideways at 360 px').toEqual([]);
  });
});
