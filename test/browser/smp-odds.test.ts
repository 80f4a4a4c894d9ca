import type { Browser, Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionSpec } from '../../src/engine/module.ts';
import { wardroom } from '../support/cli.ts';
import { fill } from '../support/server.ts';
import { hasChromium, launchChromium, startWebServer } from '../support/browser.ts';
import { act, actionForm, LAPTOP, newPage, PHONE, seriousViolations, shot, sideways, synced, until } from './driver.ts';

/**
 * Issue 10 in Chromium: the odds page (/odds) shows each SMP dice procedure's exact distribution,
 * whose mean is the one `wardroom smp odds … --json` gives, as a chart with a text alternative
 * (its title and description, and a table); an SMP game is created from a board file through the
 * create page and played through the generic forms. Screenshots go to test-artifacts/screenshots/.
 */

const DEMO = fileURLToPath(new URL('../../examples/smp/demo-1940.json', import.meta.url));

const pct = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.0001 ? 4 : 2)}%`;

async function cliOdds(args: string[], key: string) {
  const r = await wardroom(['smp', 'odds', ...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const rows = JSON.parse(r.stdout).distribution as Record<string, number>[];
  return { rows, mean: rows.reduce((m, row) => m + row[key] * row.p, 0), atLeast: (n: number) => rows.filter((row) => row[key] >= n).reduce((s, row) => s + row.p, 0) };
}

describe.skipIf(!hasChromium)('SMP online and the odds page (issue 10; skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startWebServer>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startWebServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function showOdds(page: Page, procedure: string, inputs: Record<string, string>) {
    await page.getByTestId('odds-procedure').selectOption(procedure);
    const form = page.getByTestId('odds-form');
    await form.waitFor();
    for (const [label, value] of Object.entries(inputs)) {
      const field = form.getByLabel(label, { exact: false });
      if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/odds/${procedure}`);
    await page.getByTestId('odds-submit').click();
    expect((await answered).status()).toBe(200);
  }

  it('the odds page: kamikaze and coastal distributions whose mean and "at least N" match `wardroom smp odds --json`; the chart has a text alternative', async () => {
    const page = await newPage(browser, { ...LAPTOP, bypassCSP: true });
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('odds-link').click();
      await page.getByTestId('odds-form').waitFor();
      // Each procedure names the step of the phase as the game page numbers it, and the document's section, in the order of the steps.
      expect(await page.getByTestId('odds-procedure').locator('option').allTextContents()).toEqual([
        'Step 2 (document #2): Vichy France attempts',
        'Step 3 (document #5): Bombing Raids (one facility)',
        'Step 4 (document #6): Shore Bombardments (one facility)',
        'Step 6 (document #8): Partisan Raids (one facility)',
        'Step 7 (document #7): Kamikaze Raids',
        'Step 9 (document #4): Coastal Defences',
      ]);

      await showOdds(page, 'kamikaze', { 'Kamikaze tokens': '3', 'Intercepting fighters': '2', 'Intercepting tactical bombers': '1' });
      const kamikaze = await cliOdds(['kamikaze', '--tokens', '3', '--fighters', '2', '--tactical-bombers', '1'], 'hits');
      await until('the kamikaze mean', async () => (await page.getByTestId('odds-mean').textContent()) === kamikaze.mean.toFixed(3));
      expect(page.url()).toContain('tokens=3');

      // The chart's text alternative: an image with a title and a description, and the table of every bar.
      const chart = page.getByTestId('odds-chart');
      expect(await chart.getAttribute('role')).toBe('img');
      const labelledBy = (await chart.getAttribute('aria-labelledby'))!.split(' ');
      const alt = await Promise.all(labelledBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(alt.join(' ')).toContain(`mean ${kamikaze.mean.toFixed(3)}`);
      expect(await chart.locator('rect.bar').count()).toBe(4); // 0 to 3 hits
      const table = page.getByTestId('odds-table');
      for (const row of kamikaze.rows) {
        const cells = await table.locator(`tr[data-k="${row.hits}"] td`).allTextContents();
        expect(cells[0]).toBe(pct(row.p));
        expect(cells[1]).toBe(pct(kamikaze.atLeast(row.hits)));
      }
      // The chance of at least N, as N is typed.
      await page.getByTestId('odds-n').fill('2');
      await until('P(at least 2)', async () => (await page.getByTestId('odds-at-least').textContent())?.includes(pct(kamikaze.atLeast(2))));
      expect(await chart.locator('rect.bar.at-least').count()).toBe(2);
      expect(await seriousViolations(page, 'odds')).toEqual([]);
      await page.screenshot({ path: shot('odds-laptop.png'), fullPage: true });

      await showOdds(page, 'coastal', { Bunker: 'major' });
      const coastal = await cliOdds(['coastal', '--bunker', 'major'], 'hits');
      await until('the coastal mean', async () => (await page.getByTestId('odds-mean').textContent()) === coastal.mean.toFixed(3));
      expect(await page.getByTestId('odds-table').locator('tbody tr').count()).toBe(7); // 0 to 6 hits

      // A count past the limits is refused with the server's words, not a blank page.
      await page.goto(`${server.url}/odds?p=kamikaze&tokens=5000`);
      await until('the refusal', async () => (await page.getByTestId('error').textContent())?.includes('Kamikaze tokens'));
    } finally {
      await page.context().close();
    }
  });

  it('a link with inputs left out shows the odds of their defaults, the same as the API answers for it', async () => {
    const page = await newPage(browser, LAPTOP);
    try {
      await page.goto(`${server.url}/odds?p=bombing&escorts=1`);
      const title = await until('the odds', async () => page.locator('#odds-result-h').textContent());
      const api = await (await page.request.get(`${server.url}/api/odds/bombing?escorts=1`)).json();
      expect(title).toMatch(/^Bombing raid: 2 strategic bomber\(s\); 1 escort/);
      expect(api.title).toBe(title);
      expect(await page.getByTestId('odds-mean').textContent()).toBe(api.mean.toFixed(3));
    } finally {
      await page.context().close();
    }
  });

  it('a value the browser refuses (over the maximum, or empty) leaves the address as it was and the odds shown marked as those of its values', async () => {
    const page = await newPage(browser, { ...LAPTOP, bypassCSP: true });
    try {
      await page.goto(`${server.url}/odds?p=kamikaze&tokens=1&fighters=0&tacticalBombers=0`);
      const heading = page.locator('#odds-result-h');
      await until('the odds of 1 token', async () => (await heading.textContent())?.startsWith('Kamikaze: 1 token(s)'));
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/odds/')) asked.push(r.url());
      });
      const tokens = page.getByTestId('odds-form').getByLabel('Kamikaze tokens', { exact: false });
      const stale = page.getByTestId('odds-stale');
      for (const value of ['4', '']) {
        await tokens.fill(value);
        await page.getByTestId('odds-submit').click();
        expect(await tokens.evaluate((e) => (e as HTMLInputElement).validity.valid), `"${value}" refused`).toBe(false);
        expect(new URL(page.url()).searchParams.get('tokens')).toBe('1');
        expect(await heading.textContent()).toMatch(/^Kamikaze: 1 token\(s\)/);
        expect(await stale.textContent()).toContain('Kamikaze tokens (up to 3 per zone): 1.');
      }
      expect(asked).toEqual([]);
      expect(await seriousViolations(page, 'odds-stale')).toEqual([]);
      await tokens.fill('1'); // the form as the odds shown again
      expect(await stale.isVisible()).toBe(false);

      // A value it takes: the odds of the form, and the address says so.
      await tokens.fill('2');
      await page.getByTestId('odds-submit').click();
      await until('the odds of 2 tokens', async () => (await heading.textContent())?.startsWith('Kamikaze: 2 token(s)'));
      expect(new URL(page.url()).searchParams.get('tokens')).toBe('2');
      expect(await stale.isVisible()).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it('the odds page fits a phone (360 px) without scrolling sideways; the chart is drawn for its width (its text not shrunk) and the procedure named in full under the list', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/odds?p=bombing&strategicBombers=4&interceptors=2`);
      await page.getByTestId('odds-mean').waitFor();
      expect(await sideways(page)).toBeNull();
      const drawn = await page.getByTestId('odds-chart').evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].map((t) => {
          const b = t.getBoundingClientRect();
          return { px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM()!.a, t.getScreenCTM()!.b), inside: b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5 };
        });
      });
      expect(Math.min(...drawn.map((t) => t.px))).toBeGreaterThan(10.5); // 11 px, as on a wide screen
      expect(drawn.every((t) => t.inside)).toBe(true); // none cut off by the chart's edge
      // The axis is labelled up to its last outcome (h19: it stopped at 12 of 14 damage).
      const last = await page.locator('#odds-table tbody tr').last().getAttribute('data-k');
      expect(await page.getByTestId('odds-chart').locator('text').allTextContents()).toContain(last);
      expect(await page.locator('.chosen-option').textContent()).toBe(`Chosen: ${await page.locator('#odds-procedure option:checked').textContent()}`);
      await page.screenshot({ path: shot('odds-phone.png'), fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it('an SMP game is created from examples/smp/demo-1940.json on the create page and played a few steps through the generic forms; its board shows the steps, the question asked with its form open, the cash of each nation and its change, the map on a phone and in the replay; a bad board is refused naming the field', async () => {
    const page = await newPage(browser, { ...LAPTOP, bypassCSP: true });
    try {
      await page.goto(`${server.url}/new`);
      await page.getByTestId('module-smp').check();
      // A bad board, pasted: refused with the path of the wrong field.
      await page.getByLabel('Paste it').check();
      const board = JSON.parse(await (await import('node:fs/promises')).readFile(DEMO, 'utf8'));
      board.territories[0].owner = 'nobody';
      await page.getByTestId('smp-board-text').fill(JSON.stringify(board));
      await page.getByTestId('submit-create-smp').click();
      await until('the refusal', async () => (await page.getByTestId('error').textContent())?.includes('territories[0].owner'));
      expect(page.url()).toMatch(/\/new$/);

      // The demo board, uploaded.
      await page.getByLabel('Upload a file').check();
      await page.getByTestId('smp-board-file').setInputFiles(DEMO);
      await page.getByLabel('Title').fill('SMP from the demo board');
      await page.getByTestId('submit-create-smp').click();
      await page.getByTestId('smp-board').waitFor();
      expect(await page.locator('h1').textContent()).toBe('SMP from the demo board');
      expect(await page.getByTestId('pending').textContent()).toMatch(/^Germany is asked1\.4 Hendaye/);
      // The ten steps in the order they run, the one now named so (not by its frame alone).
      expect(await page.getByTestId('smp-steps').locator('li').count()).toBe(10);
      expect(await page.getByTestId('smp-steps').locator('[aria-current="step"]').textContent()).toBe('1 Special Situations (now)');
      const germany = page.getByTestId('smp-nations').locator('tr[data-nation="germany"]');
      expect(await germany.locator('td').first().textContent()).toBe('30');

      // The one question asked is open under the board, not folded away: 1.4 Hendaye taken, and
      // Germany's cash on the board is 0, "−30 this phase".
      const hendaye = page.getByTestId('seat-actions-germany').getByTestId('action-choose');
      expect(await hendaye.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      // ...and right after the question, before the board (on a phone, no scrolling past the map to answer).
      const order = await page.evaluate(() => ['pending', 'seat-actions-germany', 'smp-board'].map((id) => document.querySelector(`[data-testid="${id}"]`)!).map((e, i, all) => i === 0 || !!(all[i - 1].compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)));
      expect(order).toEqual([true, true, true]);
      // The seven nations not asked share one card, not seven.
      expect(await page.getByTestId('idle-seats').textContent()).toContain('United Kingdom, Japan, Soviet Union, Italy, France (Free French), United States, Spain: the game waits for Germany.');
      expect(await page.getByTestId('seat-actions-japan').count()).toBe(0);
      await act(page, 'germany', 'choose', (form) => form.getByLabel('Yes').check());
      await until('Germany has paid for Spain', async () => (await germany.locator('td').first().textContent()) === '0 (−30 this phase)');

      // 1.5: the question as the form asks it, the counts by their labels, not by the keys a terminal types ("s0: …").
      await synced(page);
      const winterAsked = await page.getByTestId('pending').textContent();
      expect(winterAsked).toContain('1.5 Russian Winter');
      expect(winterAsked).not.toContain('s0:');
      expect(await actionForm(page, 'germany', 'choose').locator('summary').first().textContent()).not.toContain('s0:');
      // A refusal of the form goes once the field is mended (an empty count, then a number).
      const winter = actionForm(page, 'germany', 'choose');
      const s0 = winter.getByLabel(/^infantry in/).first();
      const given = await s0.inputValue();
      await s0.fill('');
      await winter.getByTestId('submit-choose').click();
      await until('the refusal of the empty count', async () => (await winter.getByTestId('error').textContent())?.includes('fill this in'));
      await s0.fill(given);
      expect(await winter.getByTestId('error').isVisible()).toBe(false);
      await act(page, 'germany', 'choose');
      // 1.6: two questions in a row to the same seat, the same form: the second opens at its own default.
      await act(page, 'russia', 'choose', (form) => form.getByLabel('Bryansk major factory (0/20 damage)').check());
      await until('the question where to', async () => (await actionForm(page, 'russia', 'choose').locator('summary').textContent())?.startsWith('1.6 Move Bryansk'));
      expect(await actionForm(page, 'russia', 'choose').locator('input[type=radio]:checked').count()).toBe(1);
      await act(page, 'russia', 'choose');

      const id = new URL(page.url()).pathname.split('/')[2];
      const state = async () => (await (await page.request.get(`${server.url}/api/games/${id}`)).json()) as { game: { version: number }; waitingFor: string[]; actions: Record<string, { type: string }[]> };
      const kinds = new Set<string>();
      let handOvers = 0;
      for (let i = 0; i < 6; i++) {
        const s = await state();
        const seat = s.waitingFor[0];
        const type = s.actions[seat][0].type;
        kinds.add(type);
        await act(page, seat, type); // the generic form, its fields at their defaults
        const after = await state();
        expect(after.game.version).toBe(s.game.version + 1);
        // A seat no longer asked: the keyboard goes on to the seat asked next, not to the top of the page.
        if (after.waitingFor[0] !== seat) {
          handOvers++;
          await until(`the focus on ${after.waitingFor[0]}`, async () => (await page.evaluate(() => document.activeElement?.id)) === `actions-h-${after.waitingFor[0]}`);
        }
      }
      expect(kinds.has('choose')).toBe(true);
      expect(handOvers).toBeGreaterThan(0);
      await until('the log', async () => (await page.getByTestId('log').locator('li').count()) > 3);
      expect(await seriousViolations(page, 'smp-game')).toEqual([]);
      await page.screenshot({ path: shot('smp-game-laptop.png'), fullPage: true });
      await page.setViewportSize(PHONE);
      // The map's territories, unfolded, fit the phone too: each with its owner, facilities and units.
      const territories = page.getByTestId('smp-territories');
      await territories.locator('summary').click();
      expect(await territories.locator('tr', { hasText: 'London' }).textContent()).toMatch(/^LondonUnited Kingdom, capital, victory city.*major factory.*3 infantry/);
      expect(await sideways(page)).toBeNull();
      await page.screenshot({ path: shot('smp-game-phone.png'), fullPage: true });

      // The replay draws the same board at each step: just after the Hendaye deal, before the oil tankers paid.
      await page.goto(`${server.url}/g/${id}/replay?step=1`);
      const then = page.getByTestId('smp-board').getByTestId('smp-nations').locator('tr[data-nation="germany"] td').first();
      await until('the board at step 1', async () => (await then.textContent()) === '0 (−30 this phase)');
      // No Campaign Game Turns here: the key help says nothing of them.
      expect(await page.locator('.replay-controls .help').textContent()).toBe('Keys: Home and End, ← and → one step.');
      // The history offers no filters by turn or War Zone, which an SMP event never has.
      await page.goto(`${server.url}/g/${id}/history`);
      await page.getByTestId('filter-kind').waitFor();
      expect(await page.getByTestId('filter-turn').count()).toBe(0);
      expect(await page.getByTestId('filter-zone').count()).toBe(0);

      // The phase played to its end (each question at its defaults, through the API): the page
      // offers the board for the next phase, as `smp run --out` writes it (R0-7).
      for (let guard = 0; ; guard++) {
        expect(guard, 'the phase did not end within 3000 actions').toBeLessThan(3000);
        const s = (await (await page.request.get(`${server.url}/api/games/${id}`)).json()) as { game: { version: number; over: boolean }; waitingFor: string[]; actions: Record<string, ActionSpec[]> };
        if (s.game.over) break;
        const seat = s.waitingFor[0];
        const answer = await page.request.post(`${server.url}/api/games/${id}/actions`, { data: { action: fill(s.actions[seat][0], seat), seen: s.game.version } });
        expect(answer.status(), await answer.text()).toBe(200);
      }
      await page.goto(`${server.url}/g/${id}`);
      const link = page.getByTestId('next-board-link');
      expect(await link.textContent()).toBe('Download the board for the next phase (SMP 2, round 2, spring)');
      expect(await link.getAttribute('download')).toBe('smp-2-round-2-spring.json');
      const file = JSON.parse(decodeURIComponent((await link.getAttribute('href'))!.replace(/^data:application\/json;charset=utf-8,/, '')));
      const end = (await (await page.request.get(`${server.url}/api/games/${id}`)).json()) as { view: { board: object } };
      expect(file).toEqual({ ...end.view.board, smpNumber: 2, round: 2, season: 'spring' });

      // The replay of the whole phase: PageDown goes to the next moment, the start of a step.
      await page.goto(`${server.url}/g/${id}/replay?step=0`);
      const firstMoment = await page.getByTestId('replay-phase').locator('option').nth(1).getAttribute('value');
      expect(await page.getByTestId('replay-phase').locator('option').nth(1).textContent()).toBe(`Step 2: Conduct Vichy France (step ${firstMoment})`);
      expect(await page.locator('.replay-controls .help').textContent()).toBe('Keys: Home and End, ← and → one step, PageUp and PageDown (or [ and ]) a moment to jump to.');
      await page.keyboard.press('PageDown');
      await until('the start of step 2', async () => new URL(page.url()).searchParams.get('step') === firstMoment);
    } finally {
      await page.context().close();
    }
  });
});
