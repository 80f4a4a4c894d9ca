import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page, Request, Response } from 'playwright-core';
import { artifactPath } from '../support/browser.ts';

/**
 * Driving the web app as a person does (issue 9's browser tests): forms found by their
 * data-testid, submitted with their buttons; each submission waits for the server's answer and for
 * the page's fresh state, so the next step never reads a stale form.
 */

/** Everything a browser received: every response body and every WebSocket frame, in arrival order. */
export interface Received {
  /** All received so far, in order of arrival, once the bodies of the responses that had arrived are read. */
  settled(): Promise<string[]>;
}

export function recordReceived(page: Page): Received {
  const items: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => void items.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))));
  page.on('response', (r) => {
    const slot = items.push('') - 1; // the slot keeps the order of arrival; the body is read later
    pending.push(
      r.body().then(
        (b) => void (items[slot] = b.toString('utf8')),
        () => undefined, // a redirect or a body the browser dropped: nothing was received
      ),
    );
  });
  return {
    async settled() {
      await Promise.all(pending);
      return items;
    },
  };
}

/** Which of `needles` occur in `items` (each with a little context, for the failure message). */
export function leaks(items: readonly string[], needles: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of needles) {
    const hit = items.find((t) => t.includes(n));
    if (hit !== undefined) {
      const i = hit.indexOf(n);
      out.push(`${JSON.stringify(n)} in …${hit.slice(Math.max(0, i - 80), i + n.length + 80)}…`);
    }
  }
  return out;
}

const isGamePage = (r: Request) => r.method() === 'GET' && /^\/api\/games\/[^/]+$/.test(new URL(r.url()).pathname);
const isPost = (r: Response) => r.request().method() === 'POST' && /^\/api\/games\/[^/]+\/(actions|undo)$/.test(new URL(r.url()).pathname);

/**
 * Do `trigger` (a click or key press that submits something) and wait for the server's answer to
 * it and for the page's next fetch of the game, one asked after that answer (a fetch asked before
 * may bring the old state); a refusal throws with the server's words.
 */
export async function submitting(page: Page, what: string, trigger: () => Promise<void>): Promise<void> {
  let answered: Response | null = null;
  let fetched: Request | null = null;
  const onResponse = (r: Response) => {
    if (!answered && isPost(r)) answered = r;
    else if (fetched && r.request() === fetched) loaded();
  };
  const onRequest = (r: Request) => {
    if (answered && !fetched && isGamePage(r)) fetched = r;
  };
  let loaded = () => {};
  const done = new Promise<void>((resolve) => (loaded = resolve));
  page.on('response', onResponse);
  page.on('request', onRequest);
  try {
    await trigger();
    await withTimeout(done, 15_000, `${what}: no answer from the server`);
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
  }
  const r = answered as Response | null;
  if (r && !r.ok()) throw new Error(`${what} was refused: ${r.status()} ${await r.text()}`);
}

export function seatActions(page: Page, seat: string): Locator {
  return page.getByTestId(`seat-actions-${seat}`);
}

export function actionForm(page: Page, seat: string, type: string): Locator {
  return seatActions(page, seat).getByTestId(`action-${type}`);
}

/**
 * Wait until the game page shows the game's current version (its main element's data-version), as
 * a person looks at the fresh board before acting; acting on an older one is answered "the game
 * moved on" (409).
 */
export async function synced(page: Page): Promise<void> {
  const id = new URL(page.url()).pathname.split('/')[2];
  const answer = await page.request.get(new URL(`/api/games/${id}`, page.url()).href);
  const { game } = (await answer.json()) as { game: { version: number } };
  await until(`${page.url()} to show version ${game.version}`, async () => Number(await page.locator('main.game').getAttribute('data-version')) >= game.version);
}

/** Open the seat's form for `type` (forms with fields are folded), fill it, submit it with its button. */
export async function act(page: Page, seat: string, type: string, fill?: (form: Locator) => Promise<void>): Promise<void> {
  await synced(page);
  const form = actionForm(page, seat, type);
  await form.waitFor();
  const summary = form.locator(':scope > details > summary'); // not a field's own "Not available now"
  if ((await summary.count()) && !(await form.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open))) await summary.click();
  await fill?.(form);
  await submitting(page, `${seat} ${type}`, () => form.getByTestId(`submit-${type}`).click());
}

/** A button of the battle recorder (or any button that sends an action). */
export async function press(page: Page, button: Locator, what: string): Promise<void> {
  await synced(page);
  await submitting(page, what, () => button.click());
}

/** Poll `probe` until it answers something (a condition that only time brings: a live update). */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first of `types` that one of the players may do now: [player, type]. Every page is synced
 * first: a page that has not yet drawn the last action still shows the form its seat just used.
 */
export async function nextAction<P extends { page: Page; seat: string }>(players: P[], types: string[], what: string): Promise<[P, string]> {
  return until(what, async () => {
    for (const p of players) await synced(p.page);
    for (const type of types) for (const p of players) if (await actionForm(p.page, p.seat, type).isVisible()) return [p, type] as [P, string];
    return undefined;
  });
}

/** The first of `players` that may do `type` now (every page synced first), or undefined. */
export async function firstWith<P extends { page: Page; seat: string }>(players: P[], type: string): Promise<P | undefined> {
  for (const p of players) await synced(p.page);
  for (const p of players) if (await actionForm(p.page, p.seat, type).isVisible()) return p;
  return undefined;
}

/**
 * Claim one seat as a new person: open the invitation link (on whichever node or server it names),
 * check the link offers that seat, give a name, claim; resolves once the game page shows the seat's actions.
 */
export async function claimSeat(page: Page, link: string, seat: string, name: string): Promise<void> {
  await page.goto(link);
  await until(`the invitation offering ${seat}`, () => page.getByTestId(`claim-seat-${seat}`).isChecked()); // the only open seat of the link
  await page.getByLabel('Your name').fill(name);
  await page.getByTestId('claim-button').click();
  await seatActions(page, seat).waitFor();
}

/**
 * 6.B: the mission of `zone` rolled by the seat the rules ask, until every player's board shows it;
 * a Strike mission is declined (9.5) and re-rolled, so that a plan of purchases and commitments
 * fits any mission. Resolves with the mission's line on the board.
 */
export async function rollMission<P extends { page: Page; seat: string }>(players: P[], zone = 'mediterranean'): Promise<string> {
  for (let rolls = 0; ; rolls++) {
    if (rolls >= 8) throw new Error('a mission without a Strike after several re-rolls');
    const [roller] = await nextAction(players, ['rollMission'], 'the mission roll');
    await act(roller.page, roller.seat, 'rollMission');
    const mission = (p: P) => p.page.getByTestId(`zone-${zone}`).getByText(/^Mission \(/);
    const rolled = (await mission(roller).textContent()) ?? '';
    for (const p of players) await until(`the new mission on the board of ${p.seat}`, async () => (await mission(p).textContent()) === rolled); // both boards show it
    const decliner = await firstWith(players, 'declineStrike');
    if (!decliner) return rolled;
    await act(decliner.page, decliner.seat, 'declineStrike');
  }
}

/**
 * Strings only an Allied secret of the Mediterranean plan the browser tests play carries (the
 * Allied player orders USS Nimitz, USS Ticonderoga and an Intelligence card, and commits USS
 * Ticonderoga): the Allied order in the view and its team-only log lines; the Allied Action
 * cards (their ids, "allied:mediterranean#N", and the card as held, are in the hand and the order
 * only; the other side's forms name card types only as choices); the Allied commitment (the
 * view's `commitment`, the reveal's line; fleets say neither committed nor in port before the
 * reveal). A test checks that they reach the Allied browser, so that searching for them proves something.
 */
export const ORDER_SECRETS = ['"order":{"ships":["uss-nimitz"', 'Allied orders', 'Allied has finished ordering ('];
export const HAND_SECRETS = ['"id":"allied:mediterranean#', '"type":"Intelligence"'];
export const COMMITMENT_SECRETS = ['"commitment":{"ships":["uss-ticonderoga"]', 'Allied commits', '"committed":true'];

export async function newPage(browser: Browser, opts: { width?: number; height?: number; bypassCSP?: boolean; timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 }, bypassCSP: opts.bypassCSP ?? false, ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}) });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept().catch(() => undefined)); // "Finish purchasing …? Go ahead?"
  return page;
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

export const PHONE = { width: 360, height: 740 };
export const LAPTOP = { width: 1280, height: 800 };

/** test-artifacts/screenshots/NAME */
export function shot(name: string): string {
  mkdirSync(artifactPath('screenshots'), { recursive: true });
  return artifactPath(join('screenshots', name));
}

/** axe-core's script, injected with page.addScriptTag({ path: AXE }) (a context with bypassCSP: the server's CSP refuses inline scripts). */
export const AXE = join(process.cwd(), 'node_modules/axe-core/axe.min.js');

export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) }));
  });
}

/** axe-core's serious and critical violations on the page as it is, one line each ("NAME: serious id (help) at …"). */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

/** How wide the page is laid out (more than the viewport: it scrolls sideways), with the element that sticks out furthest. */
export async function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    if (width <= innerWidth) return null;
    let best = { right: 0, what: '' };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > best.right) best = { right: r.right, what: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"` };
    }
    return `${width} px wide in ${innerWidth}: ${best.what} reaches ${Math.round(best.right)} px`;
  });
}

/**
 * The tables that scroll sideways inside the page and say nothing of it (not a focusable, named
 * region a keyboard can scroll), and the captions cut off at the edge of what one sees of their
 * table, one line each: a phone user would not know more is there.
 */
export async function hiddenScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.table-wrap')].flatMap((el) => {
      const name = el.closest('section')?.querySelector('h2')?.textContent ?? el.querySelector('caption')?.textContent ?? 'a table';
      const found: string[] = [];
      if (el.scrollWidth > el.clientWidth + 1 && !(el.tabIndex === 0 && el.getAttribute('role') === 'region' && el.getAttribute('aria-label'))) found.push(`${name}: ${el.scrollWidth} px wide in ${el.clientWidth}`);
      const caption = el.querySelector('caption')?.getBoundingClientRect();
      const seen = el.getBoundingClientRect();
      if (caption && caption.right > seen.right + 1) found.push(`${name}: its caption runs ${Math.round(caption.right - seen.right)} px past the edge`);
      return found;
    }),
  );
}

/** Screenshots of the page at laptop and phone width (NAME-laptop.png, NAME-phone.png); whether it or a table in it scrolls sideways on the phone without saying so. */
export async function screenshots(page: Page, name: string): Promise<string | null> {
  const size = page.viewportSize();
  await page.setViewportSize(LAPTOP);
  await page.screenshot({ path: shot(`${name}-laptop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: shot(`${name}-phone.png`), fullPage: true });
  const wide = [await sideways(page), ...(await hiddenScrolls(page))].filter((w) => w);
  if (size) await page.setViewportSize(size);
  return wide.length ? `${name}: ${wide.join('; ')}` : null;
}
