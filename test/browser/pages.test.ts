import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, startWebServer } from '../support/browser.ts';
import { actionForm, claimSeat, hiddenScrolls, LAPTOP, newPage, PHONE, seriousViolations, shot, sideways, submitting } from './driver.ts';

/**
 * Issue 9, Tests and "Playing": the main pages pass an axe-core scan with no serious or critical
 * violation, are usable 360 px wide without scrolling sideways (screenshots at phone and laptop
 * width are written to test-artifacts/screenshots/), work with the keyboard alone, and show HTML
 * in a player's name as text.
 */

type Visit = (name: string, page: Page) => Promise<void>;

describe.skipIf(!hasChromium)('the main pages (issue 9; skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startWebServer>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startWebServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Home, the create form, the game page as its referee, an invitation page and the game page as a
   * player: each shown to `visit` once it has settled. The server's CSP forbids inline scripts,
   * axe is one: `bypassCSP` lets the scan in (the pages are the same).
   */
  async function mainPages(size: { width: number; height: number }, visit: Visit): Promise<void> {
    const referee = await newPage(browser, { ...size, bypassCSP: true });
    const player = await newPage(browser, { ...size, bypassCSP: true });
    try {
      await referee.goto(`${server.url}/`);
      await referee.getByTestId('account').waitFor();
      await visit('home', referee);
      await referee.getByTestId('create-link').click();
      await referee.getByLabel('Mediterranean').waitFor();
      await visit('create', referee);
      await referee.getByLabel('Mediterranean').check();
      await referee.getByTestId('submit-create').click();
      await referee.getByTestId('referee').waitFor();
      await settled(referee);
      await visit('game-referee', referee);
      await referee.getByLabel('the whole table', { exact: true }).check();
      await referee.getByTestId('submit-invitation').click();
      const link = await referee.getByTestId('invitation-url').first().inputValue();

      await player.goto(link);
      await player.getByTestId('claim-form').waitFor();
      await visit('invite', player);
      await player.getByTestId('claim-seat-allied:mediterranean').check();
      await player.getByLabel('Your name').fill('Alice');
      await player.getByTestId('claim-button').click();
      await player.getByTestId('seat-actions-allied:mediterranean').waitFor();
      await settled(player);
      await visit('game-player', player);
    } finally {
      await referee.context().close();
      await player.context().close();
    }
  }

  it('docs/online.md "Starting a campaign" names the home page\'s buttons as they read', async () => {
    const page = await newPage(browser);
    try {
      await page.goto(`${server.url}/`);
      const buttons = (await Promise.all(['demo-button', 'create-link'].map((t) => page.getByTestId(t).textContent()))).map((t) => t!.trim());
      expect(buttons).toEqual(['Start a demo campaign', 'Create a campaign']);
      const section = readFileSync(new URL('../../docs/online.md', import.meta.url), 'utf8').split('## Starting a campaign')[1].split('\n## ')[0];
      for (const b of buttons) expect(section, b).toContain(`- **${b}**`);
    } finally {
      await page.context().close();
    }
  });

  it('the home page of someone new leads with the demo; of someone with campaigns, with their campaigns and notification settings, the demo a plain button below; a campaign muted on its page stays muted', async () => {
    const page = await newPage(browser);
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('account').waitFor();
      const order = () => page.evaluate(() => [...document.querySelectorAll('[data-testid=demo-button], [data-testid=games]')].map((e) => (e as HTMLElement).dataset.testid));
      expect(await order()).toEqual(['demo-button', 'games']);
      expect(await page.getByTestId('demo-button').getAttribute('class')).toContain('primary');
      await page.getByTestId('demo-button').click();
      await page.getByTestId('overview').waitFor();
      // Muting the campaign (no e-mail or webhook of it) is pressed on its page and stays so.
      await page.getByTestId('mute-button').click();
      await expect.poll(() => page.getByTestId('mute-button').getAttribute('aria-pressed')).toBe('true');
      await page.reload();
      await expect.poll(() => page.getByTestId('mute-button').textContent()).toBe('Muted: no e-mail or webhook of this campaign');
      await page.goto(`${server.url}/`);
      await page.getByTestId('games').locator('li').first().waitFor();
      expect(await order()).toEqual(['games', 'demo-button']);
      expect(await page.getByTestId('demo-button').getAttribute('class')).not.toContain('primary');
      expect(await page.getByTestId('games').getByTestId('settings-link').count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('axe-core finds no serious or critical violation on home, create, the game page (referee and player) and the invitation page; laptop screenshots', async () => {
    const found: string[] = [];
    await mainPages(LAPTOP, async (name, page) => {
      if (name === 'home') {
        // The scan finds what it should: a button without a name is a critical violation.
        await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button id="axe-probe"></button>'));
        expect(await seriousViolations(page, name)).toContainEqual(expect.stringContaining('critical button-name'));
        await page.evaluate(() => document.getElementById('axe-probe')!.remove());
      }
      found.push(...(await seriousViolations(page, name)));
      await page.screenshot({ path: shot(`${name}-laptop.png`), fullPage: true });
    });
    expect(found, found.join('\n')).toEqual([]);
  });

  it('at phone width (360 px) no main page scrolls sideways, nor a table in it without saying so, and no button or disclosure is under 44 px high; phone screenshots', async () => {
    const wide: string[] = [];
    await mainPages(PHONE, async (name, page) => {
      await page.screenshot({ path: shot(`${name}-phone.png`), fullPage: true });
      const wider = await sideways(page);
      if (wider) wide.push(`${name}: ${wider}`);
      for (const table of await hiddenScrolls(page)) wide.push(`${name}: ${table}`);
      // Buttons and disclosures are full-size targets for a thumb (44 px high).
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('button, summary')].flatMap((el) => {
          const r = el.getBoundingClientRect();
          return r.height > 0 && r.height < 43.5 ? [`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.height)} px high`] : [];
        }),
      );
      for (const target of small) wide.push(`${name}: ${target}`);
    });
    expect(wide, wide.join('\n')).toEqual([]);
  });

  it('at 360 px an action\'s rule follows its label as a unit (not letter by letter in a column), and the campaign overview stacks its War Zones rather than cut off Banked VP', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('demo-button').click();
      await page.getByTestId('overview').waitFor();
      await settled(page);
      const rules = await page.evaluate(() =>
        [...document.querySelectorAll('form.action summary small')].map((el) => ({ text: el.textContent, height: el.getBoundingClientRect().height, fontSize: parseFloat(getComputedStyle(el).fontSize) })),
      );
      expect(rules.length, 'the demo has forms with a rule in their label').toBeGreaterThan(0);
      for (const r of rules) expect(r.height, `${r.text} on one line (${r.height} px high, its font ${r.fontSize} px)`).toBeLessThan(r.fontSize * 2);
      // The widest the overview gets: the longest step name, a long mission, VP in the hundreds.
      await page.evaluate(() => {
        for (const row of document.querySelectorAll('[data-testid="overview"] tbody tr')) {
          row.children[1].innerHTML = 'Transfers and commitment (6.C.3, 6.C.4)<br><small>Sea Superiority vs. Holding Action</small>';
          row.children[2].textContent = 'A 392 · S 214';
        }
      });
      expect(await hiddenScrolls(page)).toEqual([]);
      const cut = await page.evaluate(() => {
        const wrap = document.querySelector('[data-testid="overview"] .table-wrap')!.getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid="overview"] tbody td')].filter((td) => td.getBoundingClientRect().right > wrap.right + 1).map((td) => td.textContent);
      });
      expect(cut).toEqual([]);
      await page.getByTestId('overview').screenshot({ path: shot('overview-stacked-phone.png') });
    } finally {
      await page.context().close();
    }
  });

  it('with the keyboard alone (Tab, Enter) a person starts the demo and submits an action', async () => {
    const page = await newPage(browser, LAPTOP);
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('account').waitFor();
      await tabTo(page, (el) => el.dataset.testid === 'demo-button');
      await page.keyboard.press('Enter');
      await page.getByTestId('overview').waitFor();
      // The new page's heading has the keyboard, as after a page load (not the body, the button gone).
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await settled(page);
      // The demo's one person holds every seat: counted, not listed seat by seat.
      expect(await page.getByTestId('players').textContent()).toMatch(/^Players: .+ \(\d+ seats\): you$/);
      const before = await page.getByTestId('log').locator('li').count();
      // The first action button on the page (the demo's first decision: a mission roll).
      const which = await tabTo(page, (el) => el instanceof HTMLButtonElement && el.type === 'submit' && !!el.dataset.testid?.startsWith('submit-') && !!el.closest('form.action'));
      await submitting(page, `the action under ${which}`, () => page.keyboard.press('Enter'));
      await expect.poll(() => page.getByTestId('log').locator('li').count()).toBeGreaterThan(before);
    } finally {
      await page.context().close();
    }
  });

  it('on a phone, the top of the game page links straight to each decision waiting on you, screens below the board', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('demo-button').click();
      const link = page.getByTestId('to-decision');
      await link.waitFor();
      const waited = ((await (await page.request.get(page.url().replace('/g/', '/api/games/'))).json()) as { waitingFor: string[] }).waitingFor[0];
      expect(await link.getAttribute('href')).toBe(`#actions-h-${waited}`);
      const heading = page.locator(`[id="actions-h-${waited}"]`);
      expect(await heading.evaluate((h) => h.getBoundingClientRect().top > window.innerHeight)).toBe(true); // below the first screen
      await link.click();
      await expect.poll(() => heading.evaluate((h) => { const r = h.getBoundingClientRect(); return r.top > -1 && r.top < window.innerHeight; })).toBe(true);
      // The demo's player holds every seat: each seat waited on has its own link, the header names them all.
      const mine = ((await (await page.request.get(page.url().replace('/g/', '/api/games/'))).json()) as { waitingFor: string[] }).waitingFor;
      expect(mine.length).toBeGreaterThan(1);
      expect(await page.locator('a[href^="#actions-h-"].badge').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(mine.map((s) => `#actions-h-${s}`));
      expect(await link.textContent()).toBe(`${await page.locator(`[id="actions-h-${waited}"]`).evaluate((h) => h.firstChild!.textContent)} ↓`);
    } finally {
      await page.context().close();
    }
  });

  it('freeing a seat asks first, and says that every link offering it stops working, for its other seats too; dismissed, nothing is freed', async () => {
    const page = await newPage(browser, LAPTOP);
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('demo-button').click();
      await page.getByTestId('referee').waitFor(); // the demo's referee holds every seat
      page.removeAllListeners('dialog'); // newPage's accepts every question
      const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())));
      await page.getByTestId('free-soviet:mediterranean').click();
      expect(await asked).toMatch(/^Free Soviet, Mediterranean\? .+ will no longer hold it; invite them again with a new link\. Every link that offers this seat stops working, for the other seats it offers too: make new links for the seats still free\.$/);
      const seats = ((await (await page.request.get(page.url().replace('/g/', '/api/games/'))).json()) as { seats: { seat: string; holder: string | null }[] }).seats;
      expect(seats.find((s) => s.seat === 'soviet:mediterranean')!.holder).not.toBeNull(); // still held
    } finally {
      await page.context().close();
    }
  });

  it('4 on the create form, points from the War Zone Displays: the South Pacific is filled in with the rulebook\'s Allied 80, Soviet 100 (and may be changed); the others are to type', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/new`);
      await page.getByLabel('South Pacific').check();
      await page.getByLabel('Mediterranean').check();
      await page.getByLabel('From our War Zone Displays').check();
      const points = (zone: string, side: string) => page.getByLabel(`${zone}: ${side} At Start Buy Points`);
      expect([await points('South Pacific', 'Allied').inputValue(), await points('South Pacific', 'Soviet').inputValue()]).toEqual(['80', '100']);
      expect(await points('Mediterranean', 'Allied').inputValue()).toBe('');
      await points('Mediterranean', 'Allied').fill('120');
      await points('Mediterranean', 'Soviet').fill('125');
      await points('South Pacific', 'Soviet').fill('90');
      expect(await points('South Pacific', 'Allied').inputValue()).toBe('80'); // the other side keeps the rulebook's
      await page.getByTestId('submit-create').click();
      await page.getByTestId('referee').waitFor();
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const file = (await (await page.request.get(`${server.url}/api/games/${id}/export`)).json()) as { options: { startingPoints: unknown } };
      expect(file.options.startingPoints).toEqual({ 'south-pacific': { allied: 80, soviet: 90 }, mediterranean: { allied: 120, soviet: 125 } });
    } finally {
      await page.context().close();
    }
  });

  it('a referee with no e-mail address is told that only this browser knows them, and where to give one; with an address, not', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/`);
      const { id } = (await (await page.request.post(`${server.url}/api/games`, { data: { zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } })).json()) as { id: string };
      await page.goto(`${server.url}/g/${id}`);
      const note = page.getByTestId('referee-no-email');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^Only this browser knows you are the referee: no one can give the referee's tools back if it forgets you\. Give your e-mail address under You on the home page/);
      expect(await note.getByRole('link', { name: 'You' }).getAttribute('href')).toBe('/#account-h');
      await page.request.post(`${server.url}/api/me`, { data: { email: `referee-${id}@example.org` } });
      await page.reload();
      await page.getByTestId('referee').waitFor();
      expect(await page.getByTestId('referee-no-email').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('13.1 on the create form: the agreed length (5.2) is disabled while Variable End Turn is ticked, with a note saying why that the field and the checkbox are described by; physical dice are said to be for one table', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/new`);
      const length = page.getByLabel('Length in Campaign Game Turns (5.2)');
      await length.waitFor();
      expect(await length.isEnabled()).toBe(true);
      expect(await page.getByTestId('turns-not-used').count()).toBe(0);
      // Physical dice are for one table: online nobody confirms a die typed in, the create form says so when they are chosen.
      expect(await page.getByTestId('physical-dice-note').count()).toBe(0);
      await page.getByLabel('Physical dice, typed in by the players').check();
      expect(await page.getByTestId('physical-dice-note').textContent()).toMatch(/^For players at one table, .* Playing from different places, let the server roll\.$/);
      const rule = page.getByLabel('13.1 Variable End Turn');
      await rule.check();
      expect(await length.isDisabled()).toBe(true);
      const note = page.getByTestId('turns-not-used');
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toMatch(/^Not used with 13\.1 Variable End Turn: the war ends on the end-game die, at the latest after turn 9\.$/);
      // A screen reader reads the note with the field, and with the checkbox that disabled it.
      for (const el of [length, rule]) expect(await el.evaluate((e) => document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent)).toContain('Not used with 13.1');
      await rule.uncheck();
      expect(await length.isEnabled()).toBe(true);
      expect(await page.getByTestId('turns-not-used').count()).toBe(0);
      expect(await length.getAttribute('aria-describedby')).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('13.1 the campaign overview says under the turn what the end-game die needs at the end of this one: +1 on turn 3, agreed turn 2', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/`);
      // The 13.1 example game (agreed turn 2) up to the end-game die of turn 2, which went on: turn 3 begins.
      const record = JSON.parse(readFileSync(join(process.cwd(), 'examples/cwnb/optional/13-1-variable-end-turn.json'), 'utf8'));
      const imported = await page.request.post(`${server.url}/api/import`, { data: { file: JSON.stringify({ ...record, log: record.log.slice(0, 49) }), name: 'Rita' } });
      expect(imported.status(), await imported.text()).toBe(201);
      await page.goto(`${server.url}/g/${((await imported.json()) as { id: string }).id}`);
      const overview = page.getByTestId('overview');
      await overview.waitFor();
      expect(await overview.locator('p').first().textContent()).toMatch(/^Campaign Game Turn 3 \(variable end from turn 2\) · /);
      expect(await page.getByTestId('end-roll').textContent()).toBe('At the end of this turn the end-game die is rolled: +1, the war ends on a 5 or 6 (13.1).');
    } finally {
      await page.context().close();
    }
  });

  it('a player downloads their own log from the game page ("Download my log"): the log as their seat sees it, as a file named by the campaign and the seat', async () => {
    const [referee, player] = await Promise.all([1, 2].map(() => newPage(browser, LAPTOP)));
    try {
      await referee.goto(`${server.url}/`);
      const { id } = (await (await referee.request.post(`${server.url}/api/games`, { data: { zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } })).json()) as { id: string };
      const link = ((await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'seat', seat: 'soviet:mediterranean' } })).json()) as { url: string }).url;
      await claimSeat(player, link, 'soviet:mediterranean', 'Boris');
      await settled(player);
      const mine = player.getByRole('link', { name: 'Download my log' });
      expect(await mine.getAttribute('href')).toBe(`/api/games/${id}/log?as=soviet%3Amediterranean`);
      expect(await player.getByTestId('downloads').textContent()).toContain('the game log as Soviet, Mediterranean sees it');
      const [download] = await Promise.all([player.waitForEvent('download'), mine.click()]);
      expect(download.suggestedFilename()).toBe(`wardroom-${id}-log-soviet-mediterranean.json`);
      const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { viewer: string; events: unknown[] };
      expect(file.viewer).toBe('soviet:mediterranean');
      expect(file.events).toEqual(expect.any(Array));
      // The game file is the referee's until the end: its refusal points at the link, in words.
      const refused = await player.request.get(`${server.url}/api/games/${id}/export`);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('"Download my log"');
    } finally {
      for (const p of [referee, player]) await p.context().close();
    }
  });

  it('the referee\'s invitation form makes no seat link while every seat is held, and says so; a spectator link it still makes', async () => {
    const [referee, a, b] = await Promise.all([1, 2, 3].map(() => newPage(browser, LAPTOP)));
    try {
      await referee.goto(`${server.url}/`);
      const created = await referee.request.post(`${server.url}/api/games`, { data: { zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } });
      const { id } = (await created.json()) as { id: string };
      const { token } = (await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'table' } })).json()) as { token: string };
      for (const [page, seat, name] of [[a, 'allied:mediterranean', 'Ann'], [b, 'soviet:mediterranean', 'Boris']] as const) {
        const r = await page.request.post(`${server.url}/api/invitations/${token}/claim`, { data: { seats: [seat], name } });
        expect(r.status(), await r.text()).toBe(200);
      }
      await referee.goto(`${server.url}/g/${id}`);
      const form = referee.getByTestId('invite-form');
      await expect.poll(() => form.getByTestId('invite-nothing-free').textContent()).toBe('Every seat is held: free one first, or invite a spectator.');
      expect(await form.getByTestId('submit-invitation').isDisabled()).toBe(true);
      await form.getByLabel('a spectator').check();
      expect(await form.getByTestId('submit-invitation').isDisabled()).toBe(false);
      expect(await form.getByTestId('invite-nothing-free').count()).toBe(0);
    } finally {
      await Promise.all([referee, a, b].map((p) => p.context().close()));
    }
  });

  it('a "choose 4" of 18 form (8: the Non-Combatants dealt at the table), the seat\'s only decision, opens by itself beside the team note, counts what is ticked and, at 4, lets no fifth be ticked', async () => {
    const page = await newPage(browser, PHONE);
    try {
      // Physical dice: at entry 50 the Allied, Mediterranean seat types the 4 Non-Combatant cards dealt.
      await seatInTwoZoneExample(page, server.url, 50, 'allied:mediterranean', 'Deal');
      const form = actionForm(page, 'allied:mediterranean', 'dealNonCombatants');
      await form.waitFor();
      await actionForm(page, 'allied:mediterranean', 'teamNote').waitFor();
      expect(await form.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open), 'the decision, open').toBe(true);
      const boxes = form.getByRole('checkbox');
      expect(await boxes.count()).toBe(18);
      for (let i = 0; i < 4; i++) await boxes.nth(i).check();
      expect(await form.getByTestId('chosen-cards').textContent()).toBe('4 chosen');
      expect(await boxes.nth(4).isDisabled(), 'a fifth card').toBe(true);
      await boxes.nth(0).uncheck();
      expect(await boxes.nth(4).isDisabled(), 'once one is unticked').toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it('an imported game file names its players: the referee\'s Seats list gives the file\'s name of each unclaimed seat, and the holder\'s alone once it is claimed', async () => {
    const [referee, player] = await Promise.all([newPage(browser, PHONE), newPage(browser, PHONE)]);
    try {
      await referee.goto(`${server.url}/`);
      const table = JSON.parse(readFileSync(join(process.cwd(), 'examples/cwnb/two-zone.json'), 'utf8'));
      expect(table.options.players['allied:mediterranean']).toBe('Ann');
      const made = await referee.request.post(`${server.url}/api/import`, { data: { file: JSON.stringify({ ...table, log: table.log.slice(0, 50) }), title: 'Named' } });
      expect(made.status(), await made.text()).toBe(201);
      const { id } = (await made.json()) as { id: string };
      await referee.goto(`${server.url}/g/${id}`);
      const seat = referee.getByTestId('referee').locator('li', { hasText: 'Allied, Mediterranean:' });
      await expect.poll(() => seat.locator('span').textContent()).toBe('Allied, Mediterranean: unclaimed (Ann in the game file)');
      const link = ((await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'seat', seat: 'allied:mediterranean' } })).json()) as { url: string }).url;
      await claimSeat(player, link, 'allied:mediterranean', 'Alice');
      await expect.poll(() => seat.locator('span').textContent()).toBe('Allied, Mediterranean: Alice');
    } finally {
      await Promise.all([referee, player].map((p) => p.context().close()));
    }
  });

  it('14.1 the Overall Commander\'s transfer form lists its groups one after another, none inside another: the seat, then the fields the seat chosen asks (Action card, To the War Zone)', async () => {
    const page = await newPage(browser, PHONE);
    try {
      // Purchases carried out, nothing transferred or committed yet; with Overall Commanders (14.1).
      await seatInTwoZoneExample(page, server.url, 46, 'commander:allied', 'Commanders', { overallCommanders: true });
      const form = actionForm(page, 'commander:allied', 'transferCard');
      await form.locator(':scope > details > summary').click();
      await form.getByRole('radio', { name: 'Allied, Mediterranean' }).check();
      await form.getByRole('group', { name: 'To the War Zone' }).waitFor();
      const groups = await form.locator('fieldset').evaluateAll((all) => all.map((f) => `${f.querySelector('legend')?.textContent}${f.parentElement?.closest('fieldset') ? ' (inside another)' : ''}`));
      expect(groups).toEqual(['For the seat', 'Action card', 'To the War Zone']);
    } finally {
      await page.context().close();
    }
  });

  it('6.C.2 a player who orders again is told why beside the forms: the ship of the order that went to a teammate, and where (h19: only a log line further down said so)', async () => {
    const page = await newPage(browser, PHONE);
    try {
      // Both Allied players ordered HMS Invincible; the Mediterranean's went first, the North Atlantic orders again.
      await seatInTwoZoneExample(page, server.url, 44, 'allied:north-atlantic', 'Order again');
      const told = page.getByTestId('order-again-allied:north-atlantic');
      await told.waitFor();
      expect(await told.textContent()).toMatch(/^North Atlantic: HMS Invincible went to a player with .*\(Mediterranean\); Allied may order again \(6\.C\.2\)\.$/);
    } finally {
      await page.context().close();
    }
  });

  it('7.2.1 on the last turn, with no card to keep, the set-aside form has nothing to enter and says nothing is secret; on an earlier turn it says what it keeps secret (h20)', async () => {
    const page = await newPage(browser);
    try {
      for (const [upTo, secretNotes] of [[87, 1], [189, 0]] as const) {
        await seatInTwoZoneExample(page, server.url, upTo, 'allied:mediterranean', `Set aside at ${upTo}`);
        const form = page.locator('form:has([data-testid="submit-setAside"])');
        await form.waitFor({ state: 'attached' });
        expect(await form.locator('p.secret').count(), `log up to ${upTo}`).toBe(secretNotes);
      }
    } finally {
      await page.context().close();
    }
  });

  it('13.4 on a phone the Command Ship radios stand one under another, "None" on its own line, not beside the last ship; they list only the ships ticked', async () => {
    const page = await newPage(browser, PHONE);
    try {
      // Battle Commitment in the Mediterranean, with Flag Officers (13.4): the Soviet player has four surface ships.
      await seatInTwoZoneExample(page, server.url, 48, 'soviet:mediterranean', 'Flag Officers', { flagOfficers: true });
      const form = actionForm(page, 'soviet:mediterranean', 'commit');
      await form.waitFor();
      if (!(await form.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open))) await form.locator(':scope > details > summary').click();
      const radios = form.getByRole('group', { name: 'Command Ship (optional)' }).locator('label.choice');
      expect(await radios.allTextContents()).toEqual(['None']); // no ship ticked yet
      for (const box of await form.getByRole('group', { name: /Ships committed/ }).getByRole('checkbox').all()) await box.check();
      const boxes = await radios.evaluateAll((all) => all.map((l) => ({ text: l.textContent, top: Math.round(l.getBoundingClientRect().top), left: Math.round(l.getBoundingClientRect().left) })));
      expect(boxes.map((b) => b.text)).toEqual(['Kirov', 'Sovremenny', 'Udaloy', 'Kiev', 'None']);
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i].top, `${boxes[i].text} below ${boxes[i - 1].text}`).toBeGreaterThan(boxes[i - 1].top);
        expect(boxes[i].left, `${boxes[i].text} under ${boxes[i - 1].text}`).toBe(boxes[i - 1].left);
      }
    } finally {
      await page.context().close();
    }
  });

  it('importing a game file: a refusal is shown beside the form, the title given names the campaign, and its end screen offers no seed check for dice typed in, its rematch says no one is seated; the rematch names its origin at the top and keeps its own rematch button for the bottom', async () => {
    const page = await newPage(browser, PHONE);
    try {
      await page.goto(`${server.url}/`);
      const dir = mkdtempSync(join(tmpdir(), 'wardroom-import-'));
      const seeded = JSON.parse(readFileSync(join(process.cwd(), 'examples/cwnb/seven-zone-nine-turn.json'), 'utf8'));
      const unfinished = join(dir, 'club.json');
      writeFileSync(unfinished, JSON.stringify({ ...seeded, seed: null, log: seeded.log.slice(0, 10) }));
      const form = page.getByTestId('import-form');
      await form.locator('#import-file').setInputFiles(unfinished);
      await form.getByTestId('submit-import').click();
      await expect.poll(() => form.getByTestId('error').textContent()).toMatch(/seed.*"Move to the table" gives the file with its seed/);
      await form.locator('#import-file').setInputFiles(join(process.cwd(), 'examples/cwnb/two-zone.json'));
      await form.getByLabel('Title (optional: else the file\'s own, or its name)').fill('Club game, autumn');
      await form.getByTestId('submit-import').click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Club game, autumn');
      // Its dice were typed in at the table (physical): the end screen offers no seed to check them against.
      expect(await page.getByTestId('dice-typed').textContent()).toBe('The dice of this campaign were typed in at the table: Wardroom rolled none, so there is no roll to check.');
      expect(await page.getByTestId('verify-hint').count()).toBe(0);
      // The file's campaign is over and no one holds its seats here: the rematch says it starts with every seat open, and swaps no one.
      await expect.poll(() => page.getByTestId('rematch').textContent()).toMatch(/No one holds a seat of this campaign: the rematch starts with every seat open/);
      expect(await page.getByTestId('rematch-swap-button').count()).toBe(0);
      // The rematch under way names its origin at the top; its own rematch button waits at the bottom of the page.
      await page.getByTestId('rematch-button').click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Rematch: Club game, autumn');
      const sections = page.getByTestId('rematch');
      await expect.poll(() => sections.count()).toBe(2);
      expect(await sections.first().textContent()).toBe('This is a rematch of an earlier campaign.');
      expect(await sections.last().getByTestId('rematch-button').count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('an invitation opened by someone signed in already says who gets the seats and offers no seat of the other team (her page folds the board of the War Zone she does not play), greys the seats she cannot claim, warns the referee that it is a player\'s, asks a newcomer\'s name before sending; a link whose seats are all taken says so and offers nothing to claim', async () => {
    const [referee, player, visitor] = await Promise.all([1, 2, 3].map(() => newPage(browser, LAPTOP)));
    try {
      await referee.goto(`${server.url}/`);
      const created = await referee.request.post(`${server.url}/api/games`, { data: { zones: ['mediterranean', 'north-atlantic'], turns: 1, roster: 'demo', startingPoints: 'demo' } });
      const { id } = (await created.json()) as { id: string };
      const invite = async (data: object) => ((await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data })).json()) as { url: string }).url;
      const allied = await invite({ kind: 'seat', seat: 'allied:mediterranean' });
      const soviet = await invite({ kind: 'seat', seat: 'soviet:mediterranean' });
      await claimSeat(player, allied, 'allied:mediterranean', 'Alice');
      await player.goto(soviet);
      // Alice plays for the Allied team: the Soviet seat's link says it has no seat for her before she tries.
      await expect.poll(() => player.getByTestId('other-team-only').textContent()).toMatch(/^You play for the Allied team in this campaign, .*only the other team's seats \(Soviet, Mediterranean\)/);
      expect(await player.getByTestId('claim-button').count()).toBe(0);
      const table = await invite({ kind: 'table' });
      await player.goto(table);
      await expect.poll(() => player.getByTestId('signed-in-as').textContent()).toBe('You are signed in as Alice on this browser.');
      expect(await player.getByLabel('Your name').count()).toBe(0);
      // The table link: her team's open seat is ticked, the other team's are not on offer.
      expect(await player.getByTestId('claim-seat-allied:north-atlantic').isChecked()).toBe(true);
      for (const seat of ['soviet:mediterranean', 'soviet:north-atlantic']) expect(await player.getByTestId(`claim-seat-${seat}`).isDisabled(), seat).toBe(true);
      await player.getByText("Soviet, Mediterranean — the other team's (one person plays for one team)").waitFor();
      // A seat that cannot be claimed is greyed, its name with its box.
      const colour = (seat: string) => player.getByTestId(`claim-seat-${seat}`).evaluate((box) => getComputedStyle(box.closest('label')!).color);
      expect(await colour('soviet:mediterranean')).toBe('rgb(87, 96, 106)');
      expect(await colour('allied:north-atlantic')).not.toBe('rgb(87, 96, 106)');
      // Her game page: the War Zone she plays in full, the other's board folded (one click away).
      await player.goto(`${server.url}/g/${id}`);
      const folded = player.getByTestId('zone-details-north-atlantic');
      await folded.waitFor({ state: 'attached' });
      expect(await folded.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await player.getByTestId('zone-details-mediterranean').count()).toBe(0);
      expect(await player.getByTestId('zone-north-atlantic').locator('h2').isVisible()).toBe(true);
      // The referee opening a player's link is warned before using it up.
      await referee.goto(table);
      await expect.poll(() => referee.getByTestId('referee-claims').textContent()).toMatch(/^You are this campaign's referee: this link is for a player\./);
      // Someone new who forgets their name is told so before anything is sent.
      await visitor.goto(table);
      await expect.poll(() => visitor.getByTestId('claim-button').textContent()).toBe('Claim a seat'); // nothing ticked yet
      await visitor.getByTestId('claim-seat-soviet:mediterranean').check();
      expect(await visitor.getByTestId('claim-button').textContent()).toBe('Claim the seat');
      await visitor.getByTestId('claim-button').click();
      await expect.poll(() => visitor.getByTestId('error').textContent()).toBe('Give your name: the other players will see it.');
      expect(await visitor.getByTestId('referee-claims').count()).toBe(0);
      await visitor.goto(allied);
      await expect.poll(() => visitor.getByTestId('all-taken').textContent()).toBe('Every seat this link offers is taken (Allied, Mediterranean: Alice). Ask the referee for a link to a free seat.');
      expect(await visitor.getByTestId('claim-button').count()).toBe(0);
    } finally {
      await Promise.all([referee, player, visitor].map((p) => p.context().close()));
    }
  });

  it('HTML in a player\'s name is shown as text on the invitation, game and home pages, never run', async () => {
    const NAME = '<img src=x onerror="window.__xss=1">Eve';
    // The server's CSP would stop the inline handler anyway: bypassing it shows that the pages escape the name themselves.
    const [referee, player, visitor] = await Promise.all([1, 2, 3].map(() => newPage(browser, { ...LAPTOP, bypassCSP: true })));
    try {
      await referee.goto(`${server.url}/`);
      const created = await referee.request.post(`${server.url}/api/games`, { data: { zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } });
      const { id } = (await created.json()) as { id: string };
      const link = ((await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'table' } })).json()) as { url: string }).url;

      await player.goto(link);
      await player.getByTestId('claim-seat-allied:mediterranean').check();
      await player.getByLabel('Your name').fill(NAME);
      await player.getByTestId('claim-button').click();
      await player.getByTestId('seat-actions-allied:mediterranean').waitFor();
      await player.goto(`${server.url}/`);
      await visitor.goto(link);
      await referee.goto(`${server.url}/g/${id}`);

      const where: [Page, string, string][] = [
        [player, 'account', `Signed in as ${NAME}.`], // home
        [visitor, 'claim-form', `Allied, Mediterranean — held by ${NAME}`], // the invitation page
        [referee, 'referee', `Allied, Mediterranean: ${NAME}`], // the referee's seat list on the game page
      ];
      for (const [page, ready, text] of where) {
        await page.getByTestId(ready).waitFor();
        await page.waitForLoadState('load'); // an <img> would have loaded (and failed) by now
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `the handler ran on ${page.url()}`).toBeUndefined();
        expect(await page.locator('img').count(), `an <img> on ${page.url()}`).toBe(0);
        await page.getByText(text, { exact: true }).waitFor({ timeout: 5000 });
      }
    } finally {
      for (const p of [referee, player, visitor]) await p.context().close();
    }
  });

  it('the notification settings offer the browser\'s time zone for the times in messages, and keep the one saved', async () => {
    const page = await newPage(browser, { ...LAPTOP, timezoneId: 'Asia/Tokyo' });
    try {
      await page.goto(`${server.url}/`);
      await page.getByTestId('demo-button').click(); // a person: the demo signs them in
      await page.getByTestId('overview').waitFor();
      await page.goto(`${server.url}/settings`);
      const zone = page.getByTestId('notify-time-zone');
      await expect.poll(() => zone.inputValue()).toBe('Asia/Tokyo');
      await zone.selectOption('America/New_York');
      await page.getByTestId('save-notifications').click();
      await page.getByText('Saved.').waitFor();
      const saved = await page.request.get(`${server.url}/api/me/notifications`);
      expect(((await saved.json()) as { settings: { timeZone: string } }).settings.timeZone).toBe('America/New_York');
      await page.reload();
      await expect.poll(() => page.getByTestId('notify-time-zone').inputValue()).toBe('America/New_York');
    } finally {
      await page.context().close();
    }
  });

  it('the referee renames the campaign and the player\'s page shows it live; the player leaves their seat: back home, the campaign is no longer theirs, and the referee sees the seat unclaimed', async () => {
    const [referee, player] = await Promise.all([1, 2].map(() => newPage(browser, PHONE)));
    try {
      await referee.goto(`${server.url}/`);
      const { id } = (await (await referee.request.post(`${server.url}/api/games`, { data: { title: 'Leaving test', zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } })).json()) as { id: string };
      const link = ((await (await referee.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'table' } })).json()) as { url: string }).url;
      await player.goto(link);
      await player.getByTestId('claim-seat-allied:mediterranean').check();
      await player.getByLabel('Your name').fill('Lena');
      await player.getByTestId('claim-button').click();
      await settled(player);
      await referee.goto(`${server.url}/g/${id}`);
      await referee.getByLabel('Title').fill('Leaving test, renamed');
      await referee.getByTestId('rename-form').getByRole('button', { name: 'Rename' }).click();
      await expect.poll(() => player.locator('h1').textContent()).toBe('Leaving test, renamed');
      await player.getByTestId('seat-actions-allied:mediterranean').getByText('Leave this seat').click();
      await player.getByTestId('leave-allied:mediterranean').click();
      await player.getByTestId('games').getByText('None yet.').waitFor({ timeout: 5000 }); // home: it was Lena's only campaign
      await referee.reload();
      await referee.getByTestId('referee').getByText('Allied, Mediterranean: unclaimed').waitFor({ timeout: 5000 });
    } finally {
      for (const p of [referee, player]) await p.context().close();
    }
  });

  it("a player's page names the other players and says, live, whether each is looking at the game: here now when their page opens, away a few seconds after it closes", async () => {
    const [rita, lena, max] = await Promise.all([1, 2, 3].map(() => newPage(browser, PHONE)));
    try {
      await rita.goto(`${server.url}/`);
      const { id } = (await (await rita.request.post(`${server.url}/api/games`, { data: { title: 'Presence test', zones: ['mediterranean'], turns: 1, roster: 'demo', startingPoints: 'demo' } })).json()) as { id: string };
      const link = async (seat: string) => ((await (await rita.request.post(`${server.url}/api/games/${id}/invitations`, { data: { kind: 'seat', seat } })).json()) as { url: string }).url;
      const [alliedLink, sovietLink] = [await link('allied:mediterranean'), await link('soviet:mediterranean')];
      await claimSeat(lena, alliedLink, 'allied:mediterranean', 'Lena');
      await claimSeat(max, sovietLink, 'soviet:mediterranean', 'Max');
      await max.goto(`${server.url}/`); // Max leaves the game page
      await lena.reload();
      await settled(lena);
      const players = lena.getByTestId('players');
      await expect.poll(() => players.textContent(), { timeout: 10_000 }).toBe('Players: Lena (Allied, Mediterranean): you · Max (Soviet, Mediterranean): away');
      await max.goto(`${server.url}/g/${id}`);
      await expect.poll(() => players.textContent(), { timeout: 5000 }).toContain('Max (Soviet, Mediterranean): here now');
      await max.goto(`${server.url}/`);
      await expect.poll(() => players.textContent(), { timeout: 10_000 }).toContain('Max (Soviet, Mediterranean): away');
    } finally {
      for (const p of [rita, lena, max]) await p.context().close();
    }
  });
});

/**
 * `examples/cwnb/two-zone.json` imported up to log entry `upTo` (with `optional` rules, where given),
 * and `seat` claimed on `page` through an invitation link: the page shows the game as that seat.
 */
async function seatInTwoZoneExample(page: Page, url: string, upTo: number, seat: string, title: string, optional?: object): Promise<void> {
  await page.goto(`${url}/`);
  const table = JSON.parse(readFileSync(join(process.cwd(), 'examples/cwnb/two-zone.json'), 'utf8'));
  const file = { ...table, options: optional ? { ...table.options, optional } : table.options, log: table.log.slice(0, upTo) };
  const made = await page.request.post(`${url}/api/import`, { data: { file: JSON.stringify(file), title } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const link = ((await (await page.request.post(`${url}/api/games/${id}/invitations`, { data: { kind: 'seat', seat } })).json()) as { url: string }).url;
  await page.goto(link);
  await page.getByTestId('claim-button').click();
}

/** The game page is connected live, so its board and log are current. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
}

/** Press Tab until the focused element is the one wanted (at most 150 times); its data-testid. */
async function tabTo(page: Page, wanted: (el: HTMLElement) => boolean): Promise<string> {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(`(${wanted.toString()})(document.activeElement) ? (document.activeElement.dataset.testid || document.activeElement.tagName) : null`);
    if (hit) return String(hit);
  }
  throw new Error('Tab never reached the element');
}
