import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/engine/session.ts';
import { seatViewer } from '../../src/engine/viewer.ts';
import { hasChromium, launchChromium, startWebServer } from '../support/browser.ts';
import { leaksAt, secretsOf, type Secret } from '../support/replay-secrets.ts';
import { LAPTOP, newPage, PHONE, seriousViolations, shot, sideways, until } from './driver.ts';

/**
 * Issue 10, Tests: "the replay viewer steps through a finished example campaign as the Soviet seat
 * and never shows an Allied secret before its reveal". examples/cwnb/seven-zone-nine-turn.json
 * (1430 steps, seven War Zones, nine turns) is imported; Boris holds every Soviet seat and steps
 * through it with the buttons, the keyboard, the bookmarks and the step box. At every step he
 * visits, the page's text and every replay answer his browser received are searched for the Allied
 * secrets still kept at that step (ships ordered before the purchases are carried out, commitments
 * before the reveal, the faces of events only the Allied team reads, Action card ids).
 */
const FILE = 'seven-zone-nine-turn.json';
const record = JSON.parse(readFileSync(new URL(`../../examples/cwnb/${FILE}`, import.meta.url), 'utf8')) as GameRecord;
const zones = (record.options as { zones: string[] }).zones;
const SEAT = `soviet:${zones[0]}`;

describe.skipIf(!hasChromium)('the replay viewer (issue 10; skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startWebServer>>;
  let id = '';
  let boris: Page;
  /** Every replay answer Boris's browser received: its step and its text. */
  const answers: { step: number; body: string }[] = [];
  const visited = new Set<number>();
  let secrets: Secret[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startWebServer()]);
    secrets = secretsOf(record, 'allied', seatViewer(SEAT)).secrets;
    // The referee imports the finished campaign and makes a team link; Boris claims the Soviet seats.
    const referee = await newPage(browser);
    const imported = await referee.request.post(`${server.url}/api/import`, { data: { file: JSON.stringify(record), title: 'Seven zones, nine turns', name: 'Rita' } });
    expect(imported.status(), await imported.text()).toBe(201);
    id = ((await imported.json()) as { id: string }).id;
    const link = await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'team', team: 'soviet' } });
    const { token } = (await link.json()) as { token: string };
    await referee.context().close();
    boris = await newPage(browser, { bypassCSP: true });
    const claimed = await boris.request.post(`${server.url}/api/invitations/${token}/claim`, { data: { seats: zones.map((z) => `soviet:${z}`), name: 'Boris' } });
    expect(claimed.status(), await claimed.text()).toBe(200);
    boris.on('response', (r) => {
      const m = /\/api\/games\/[^/]+\/replay\/(\d+)/.exec(new URL(r.url()).pathname);
      if (m) void r.text().then((body) => answers.push({ step: Number(m[1]), body }), () => undefined);
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Wait for the page to show `step`, then check its text against the Allied secrets kept at that step. */
  async function shows(step: number): Promise<void> {
    await until(`step ${step}`, async () => Number(await boris.locator('main.replay').getAttribute('data-step', { timeout: 200 }).catch(() => -1)) === step && (await boris.getByTestId('replay-status').textContent())?.startsWith(`Step ${step} of ${record.log.length}`));
    await boris.getByTestId('overview').waitFor();
    expect(new URL(boris.url()).searchParams.get('step')).toBe(String(step));
    const text = await boris.locator('main').innerText();
    expect(leaksAt(secrets, step, text, 'text')).toEqual([]);
    visited.add(step);
  }

  const key = async (k: string, step: number) => {
    await boris.keyboard.press(k);
    await shows(step);
  };
  const click = async (testId: string, step: number) => {
    await boris.getByTestId(testId).click();
    await shows(step);
  };
  const goTo = async (step: number) => {
    await boris.getByLabel('Go to step').fill(String(step));
    await boris.getByLabel('Go to step').press('Enter');
    await shows(step);
  };

  it('Boris steps through the campaign as a Soviet seat with the buttons, the keyboard, the bookmarks and the step box, and never sees an Allied secret before its reveal', async () => {
    await boris.goto(`${server.url}/g/${id}/replay?as=${encodeURIComponent(SEAT)}&step=0`);
    await shows(0);
    expect(await boris.getByTestId('replay-previous').isDisabled()).toBe(true);
    // The buttons have names, and the live region says where we are.
    await click('replay-next', 1);
    await click('replay-next', 2);
    await click('replay-previous', 1);
    // Turn 1's orders, one step at a time, with the arrow keys (the Allied orders stay hidden).
    for (let s = 2; s <= 30; s++) await key('ArrowRight', s);
    await key('ArrowLeft', 29);
    // A key held down: the page lands on the last step asked, showing that step's view.
    for (let k = 0; k < 6; k++) await boris.keyboard.press('ArrowRight');
    await shows(35);
    await key('End', record.log.length);
    expect(await boris.getByTestId('replay-next').isDisabled()).toBe(true);
    await expect.poll(() => boris.getByTestId('step-events').innerText()).toMatch(/Game over after turn 9/);
    await key('Home', 0);
    await click('replay-last', record.log.length);
    await click('replay-first', 0);

    // The turns: PageDown and ] forward, PageUp and [ back, each to the next turn's first step.
    const turnMarks = secretsBookmarks();
    const turns = await turnMarks;
    expect(turns.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await key('PageDown', turns[1].step);
    await expect.poll(() => boris.getByTestId('overview').innerText()).toMatch(/Campaign Game Turn 2\b/);
    await key(']', turns[2].step);
    await key('PageUp', turns[1].step);
    await key('[', turns[0].step);
    // The bookmarks: every turn's button.
    for (const t of turns.slice(3)) {
      await click(`bookmark-turn-${t.step}`, t.step);
      await expect.poll(() => boris.getByTestId('overview').innerText()).toMatch(new RegExp(`Campaign Game Turn ${t.turn}\\b`));
      expect(await boris.getByTestId(`bookmark-turn-${t.step}`).getAttribute('aria-current')).toBe('step');
    }

    // The moments: a War Zone's commitments revealed, from the list.
    const moment = boris.getByTestId('replay-phase');
    const value = await moment.locator('option', { hasText: /Turn 5, .*: commitments revealed/ }).first().getAttribute('value');
    await moment.selectOption(value!);
    await shows(Number(value));

    // Where the secrets are kept: an Allied commitment waiting for the Soviet one, a ship ordered.
    const commits = secrets.filter((s) => s.what.startsWith('commit') && s.to > s.from).slice(0, 8);
    const orders = secrets.filter((s) => s.what.startsWith('buyShip')).filter((_, k) => k % 4 === 0);
    expect(commits.length).toBeGreaterThan(3);
    expect(orders.length).toBeGreaterThan(3);
    for (const c of commits) {
      await goTo(c.from);
      // The Allied player has committed, and it says so; what was committed it does not say.
      const zone = c.what.split(' ')[2].split(':')[1];
      const allied = boris.getByTestId(`zone-${zone}`).locator('.player-allied');
      expect(await allied.getByTestId(`committed-${zone}-allied`).innerText()).toBe('yes');
      expect(await allied.innerText()).not.toMatch(/Committed: \d+ ship/);
      await goTo(c.to);
      await goTo(c.to + 1);
      // Revealed together: now it is shown.
      await expect.poll(() => allied.innerText()).toMatch(/Committed: \d+ ship/);
    }
    for (const o of orders) {
      await goTo(o.from);
      await goTo(o.to);
      await goTo(o.to + 1);
      // The needle is right: once the purchases are carried out, the ship bought is on the page.
      if (!secrets.some((s) => s.text === o.text && s !== o && s.from <= o.to + 1 && o.to + 1 <= s.to)) expect(await boris.locator('main').innerText()).toContain(o.text!);
    }
    expect(visited.size).toBeGreaterThan(40); // (60 steps with the example of 2026-12-04)

    // Everything the browser received for each step holds no Allied secret kept at that step.
    await until('the answers read', async () => answers.length >= visited.size);
    const found = answers.flatMap((a) => leaksAt(secrets, a.step, a.body));
    expect(found.slice(0, 5)).toEqual([]);
    expect(answers.some((a) => a.body.includes('"commitment":{"ships":'))).toBe(true);
  });

  /**
   * Screenshots of the top of the page (NAME-laptop.png, NAME-phone.png; seven War Zones make a
   * full page too tall to shoot quickly), and whether it scrolls sideways on a phone.
   */
  async function fits(page: Page, name: string): Promise<string | null> {
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: shot(`${name}-laptop.png`), timeout: 90_000 });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot(`${name}-phone.png`), timeout: 90_000 });
    const wide = await sideways(page);
    await page.setViewportSize(LAPTOP);
    return wide && `${name}: ${wide}`;
  }

  /** The turn bookmarks the page offers: their steps (from the buttons) and turns. */
  async function secretsBookmarks(): Promise<{ step: number; turn: number }[]> {
    const ids = await boris.getByTestId('replay-bookmarks').locator('[data-testid^="bookmark-turn-"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid'), e.textContent] as const));
    return ids.map(([tid, label]) => ({ step: Number(tid!.replace('bookmark-turn-', '')), turn: Number(/Turn (\d+)/.exec(label ?? '')![1]) }));
  }

  it('the replay and history pages pass axe-core with no serious or critical violation and fit a phone; screenshots', async () => {
    await boris.goto(`${server.url}/g/${id}/replay?as=${encodeURIComponent(SEAT)}&step=500`);
    await shows(500);
    expect(await seriousViolations(boris, 'replay')).toEqual([]);
    expect(await fits(boris, 'replay')).toBeNull();

    // The history: everything is new on the first visit (a divider before the first event), then read.
    await boris.goto(`${server.url}/g/${id}/history?as=${encodeURIComponent(SEAT)}`);
    await boris.getByTestId('history-log').waitFor();
    expect(await boris.getByTestId('new-divider').count()).toBe(1);
    await expect.poll(() => boris.getByTestId('history-count').innerText()).toMatch(/new since your last visit/);
    expect(await seriousViolations(boris, 'history')).toEqual([]);
    expect(await fits(boris, 'history')).toBeNull();
    const all = await boris.getByTestId('history-log').locator('li[data-seq]').count();
    await boris.getByTestId('filter-zone').selectOption(zones[1]);
    await expect.poll(() => boris.getByTestId('history-log').locator('li[data-seq]').count()).toBeLessThan(all);
    expect(new URL(boris.url()).searchParams.get('zone')).toBe(zones[1]);
    expect(leaksAt(secrets, Infinity, await boris.locator('main').innerText(), 'text')).toEqual([]);
    // Read: the game page's link has no unread count, and a second visit has no divider.
    await boris.goto(`${server.url}/g/${id}?as=${encodeURIComponent(SEAT)}`);
    await expect.poll(() => boris.getByTestId('history-link').innerText()).toBe('History');
    await boris.getByTestId('history-link').click();
    await boris.getByTestId('history-log').waitFor();
    expect(await boris.getByTestId('new-divider').count()).toBe(0);
  });
});
