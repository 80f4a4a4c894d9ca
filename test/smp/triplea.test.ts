import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editText, tripleaChanges, type Edit } from '../../src/adapters/triplea/changes.ts';
import { readTripleaXml, type TripleaGame } from '../../src/adapters/triplea/game-xml.ts';
import { parseOverlay, scenarioFromTriplea, type Overlay } from '../../src/adapters/triplea/scenario.ts';
import { nextPhase } from '../../src/modules/smp/next-phase.ts';
import { validateScenario, type Scenario } from '../../src/modules/smp/scenario.ts';
import { play } from './helpers.ts';
import { smpCli } from '../support/cli.ts';

const dir = new URL('../fixtures/triplea/', import.meta.url).pathname;
const XML = join(dir, 'g40-europe.xml');
const OVERLAY = join(dir, 'g40-europe.overlay.json');
const xmlText = readFileSync(XML, 'utf8');
const overlayRaw = () => JSON.parse(readFileSync(OVERLAY, 'utf8'));

function overlayOf(raw: unknown): Overlay {
  const o = parseOverlay(raw, 'overlay.json');
  if (!o.ok) throw new Error(o.errors.join('\n'));
  return o.overlay;
}
/** Import (text, overlay) → the result of scenarioFromTriplea. */
async function importGame(text = xmlText, overlay: unknown = overlayRaw()) {
  return scenarioFromTriplea(await readTripleaXml(text, 'game.xml'), overlayOf(overlay), 'overlay.json');
}
async function imported(text = xmlText, overlay: unknown = overlayRaw()): Promise<Scenario> {
  const r = await importGame(text, overlay);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const v = validateScenario(r.scenario);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.scenario;
}
async function refusals(text: string, overlay: unknown = overlayRaw()): Promise<string> {
  try {
    const r = await importGame(text, overlay);
    return r.ok ? '(imported)' : r.errors.join('\n');
  } catch (e) {
    return (e as Error).message;
  }
}
const terr = (s: Scenario, n: string) => s.territories.find((t) => t.name === n)!;
const zone = (s: Scenario, n: string) => s.seaZones.find((z) => z.name === n)!;

describe('TripleA import: a Global 1940 game XML and an overlay → a scenario', () => {
  it('the scenario validates; territories, sea zones and adjacency come through under TripleA\'s names', async () => {
    const s = await imported();
    expect(s.territories).toHaveLength(19);
    expect(s.seaZones.map((z) => z.name)).toEqual(['101 Sea Zone', '119 Sea Zone', '109 Sea Zone', '110 Sea Zone', '106 Sea Zone', '92 Sea Zone', '93 Sea Zone']);
    expect(terr(s, 'United Kingdom').adjacent.sort()).toEqual(['109 Sea Zone', '110 Sea Zone', 'Scotland']);
    expect(zone(s, '110 Sea Zone').adjacent.sort()).toEqual(['109 Sea Zone', 'Holland Belgium', 'Normandy Bordeaux', 'United Kingdom']);
    // Owners, capitals and victory cities from <territoryOwner> and the territory attachments.
    expect(terr(s, 'France')).toMatchObject({ owner: 'Germans', originalOwner: 'French', capital: true, victoryCity: true });
    expect(terr(s, 'Eastern Poland')).toMatchObject({ owner: 'Germans', originalOwner: 'Russians' }); // the attachment's originalOwner
    expect(terr(s, 'Spain').owner).toBe('Neutral_True');
    // An island: a territory with no land neighbour.
    expect(terr(s, 'Malta').island).toBe(true);
    expect(terr(s, 'Morocco').island).toBe(false);
    // Players → nations in TripleA's order, sides from alliances, PUs as cash, wars from the relationships.
    expect(s.nations.map((n) => `${n.id}:${n.side}`)).toEqual(['Germans:axis', 'Russians:allies', 'Americans:allies', 'British:allies', 'Italians:axis', 'French:allies', 'Neutral_True:neutral']);
    expect(s.cash).toMatchObject({ Germans: 30, British: 28, Neutral_True: 0 });
    expect(s.wars).toContainEqual(['Germans', 'British']);
    expect(s.wars.some((w) => w.includes('Americans'))).toBe(false); // Neutrality: the US is neutral (#1.2)
    expect(s.round).toBe(4); // <gamePlay><offset round="3"/>
    // Units under Wardroom's types; designations from the overlay.
    expect(terr(s, 'United Kingdom').units).toContainEqual({ owner: 'British', type: 'strategic_bomber', count: 2, designated: 2 });
    expect(terr(s, 'France').units).toContainEqual({ owner: 'Germans', type: 'tank', count: 2 });
    // The document's place names on a G40 board (R0-8).
    const v = validateScenario(s);
    expect(v.ok && v.catalog.places).toMatchObject({ london: 'United Kingdom', paris: 'France', normandy: 'Normandy Bordeaux', ottawa: 'Ontario' });
  });

  it('damage comes through: unitDamage on facilities, hitsTaken on ships, and the overlay where the XML is silent', async () => {
    const s = await imported();
    expect(terr(s, 'United Kingdom').facilities).toEqual([{ type: 'major_factory', damage: 0 }, { type: 'air_base', damage: 0 }, { type: 'naval_base', damage: 2 }]);
    expect(terr(s, 'France').facilities).toEqual([{ type: 'major_factory', damage: 4 }, { type: 'air_base', damage: 0 }, { type: 'rail_station', damage: 0 }]);
    expect(zone(s, '109 Sea Zone').units).toContainEqual({ owner: 'British', type: 'battleship', count: 2, damaged: 1 });
    expect(zone(s, '92 Sea Zone').units).toContainEqual({ owner: 'Italians', type: 'battleship', count: 1, damaged: 1 });
    // TripleA's export writes no damage: the overlay gives it.
    const o = overlayRaw();
    o.territories['Western Germany'] = { facilityDamage: { airfield: 3 } };
    o.seaZones['110 Sea Zone'].damaged = { British: { battleship: 1 } };
    const s2 = await imported(xmlText, o);
    expect(terr(s2, 'Western Germany').facilities).toContainEqual({ type: 'air_base', damage: 3 });
    expect(zone(s2, '110 Sea Zone').units).toContainEqual({ owner: 'British', type: 'battleship', count: 1, damaged: 1, designated: 1 });
    // Said in both places and differently: refused.
    o.territories['France'].facilityDamage = { factory_major: 9 };
    expect(await refusals(xmlText, o)).toMatch(/territories\."France"\.facilityDamage\.factory_major: 9 damage, but game\.xml gives unitDamage="4"/);
  });

  it('#2 Vichy: where the overlay says so, what TripleA shows as French is Vichy; land units aboard transports are left out', async () => {
    const r = await importGame();
    expect(r.ok && r.notes).toEqual(['2 land unit(s) aboard transports in 101 Sea Zone are left out: transported units are not part of this phase.']);
    const s = await imported();
    expect(terr(s, 'Morocco')).toMatchObject({ owner: 'vichy', originalOwner: 'French', units: [{ owner: 'vichy', type: 'infantry', count: 1 }] });
    expect(terr(s, 'Algeria').owner).toBe('French');
    const o = overlayRaw();
    o.vichy.spaces.push('Spain');
    expect(await refusals(xmlText, o)).toMatch(/vichy\.spaces\[1\]: "Spain" is Neutral_True in game\.xml, not French/);
  });

  it('an unknown TripleA unit type is refused naming it and its line; the overlay may map it', async () => {
    const text = xmlText.replace('unitType="mech_infantry"', 'unitType="kamikaze_plane"');
    const line = text.split('\n').findIndex((l) => l.includes('kamikaze_plane')) + 1;
    expect(await refusals(text)).toBe(`game.xml line ${line} (Holland Belgium, Germans): TripleA unit type "kamikaze_plane" has no Wardroom type: map it in overlay.json's tripleaTypes to a unit or facility type (or "ignore")`);
    const o = overlayRaw();
    o.tripleaTypes = { kamikaze_plane: 'ignore' };
    expect(terr(await imported(text, o), 'Holland Belgium').units).toEqual([{ owner: 'Germans', type: 'infantry', count: 2 }]);
    o.tripleaTypes = { kamikaze_plane: 'tank' };
    expect(await refusals(text, o)).toMatch(/tripleaTypes\.kamikaze_plane: "tank" is already the Wardroom type of TripleA's armour/);
  });

  it('#2 (ruling R2-4) an overlay whose Vichy rules are in effect gives the Vichy territories each side turned, as a scenario must', () => {
    const o = overlayRaw();
    o.vichy = { ...o.vichy, status: 'in-effect' };
    delete o.vichy.turned;
    const r = parseOverlay(o, 'overlay.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.join('\n')).toMatch(/^overlay\.json vichy\.turned: the Vichy rules are in effect: give the Vichy territories each side has turned/);
    expect(parseOverlay({ ...o, vichy: { ...o.vichy, turned: { axis: 2, freeFrench: 1 } } }, 'overlay.json').ok).toBe(true);
  });

  it('an overlay naming a territory or sea zone the XML does not have is refused naming it', async () => {
    const o = overlayRaw();
    o.territories['Paris'] = { originalOwner: 'French' };
    o.seaZones['France'] = { convoy: true };
    const msg = await refusals(xmlText, o);
    expect(msg).toMatch(/overlay\.json territories\."Paris": "Paris" is not a territory in game\.xml/);
    expect(msg).toMatch(/overlay\.json seaZones\."France": "France" is a territory in game\.xml: put it under territories/);
    const p = overlayRaw();
    p.places.paris = 'Paris';
    expect(await refusals(xmlText, p)).toMatch(/places\.paris: "Paris" is not a territory on this board/);
    const d = overlayRaw();
    d.territories['United Kingdom'].designated = { British: { bomber: 3 } };
    expect(await refusals(xmlText, d)).toMatch(/designated\.British\.bomber: 3 designated but game\.xml has 2 bomber of British in United Kingdom/);
  });

  it('what is not well-formed, or not a board element Wardroom reads, is refused naming the element and the line', async () => {
    expect(await refusals(xmlText.replace('</map>', '</mapp>'))).toMatch(/^game\.xml is not well-formed XML: line \d+, column \d+: unexpected close tag/);
    const extra = xmlText.replace('  <playerList>', '  <diplomacy/>\n  <playerList>');
    const line = extra.split('\n').findIndex((l) => l.includes('<diplomacy/>')) + 1;
    expect(await refusals(extra)).toBe(`game.xml line ${line}: <game> holds <diplomacy>, which Wardroom does not read (it reads <info>, <map>, <playerList>, <gamePlay>, <attachmentList>, <initialize>)`);
    expect(await refusals(xmlText.replace('quantity="6" owner="Neutral_True"', 'quantity="six" owner="Neutral_True"'))).toMatch(/<unitPlacement> quantity="six" is not a whole number/);
    expect(await refusals(xmlText.replace('territory="Spain" quantity="6" owner="Neutral_True"', 'territory="Madrid" quantity="6" owner="Neutral_True"'))).toMatch(/<unitPlacement> in "Madrid", which is no <territory> of the map/);
    expect(await refusals(xmlText.replace('hitsTaken="1"', 'hitsTaken="2"'))).toMatch(/battleship \(British\) in 109 Sea Zone with hitsTaken="2": a battleship is sunk by 2 hit\(s\)/);
  });
});

/**
 * TripleA's edit mode, simulated on the game as read: each edit must find what it names (owner,
 * units, damage, PUs), as it would have to on the TripleA board. The result is exported as TripleA
 * does (no hitsTaken, no unitDamage; the round moves on).
 */
function applyEdits(game: TripleaGame, edits: Edit[]): TripleaGame {
  const infrastructure = new Set(['factory_major', 'factory_minor', 'airfield', 'harbour']);
  const units = game.units.flatMap((p) => Array.from({ length: p.quantity }, () => ({ t: p.territory, owner: p.owner, type: p.unitType, hits: p.hitsTaken ?? 0, damage: p.unitDamage ?? 0 })));
  const owners = new Map(game.owners.map((o) => [o.territory, o.owner]));
  const pus = new Map(game.resources.map((r) => [r.player, r.quantity]));
  const take = (space: string, owner: string, type: string, n: number, pred: (u: (typeof units)[number]) => boolean, what: string) => {
    const found = units.filter((u) => u.t === space && u.owner === owner && u.type === type && pred(u)).slice(0, n);
    if (found.length < n) throw new Error(`edit mode: ${what}: only ${found.length} found`);
    return found;
  };
  for (const e of edits) {
    const what = editText(e);
    switch (e.action) {
      case 'Change Territory Owner':
        expect(owners.get(e.territory), what).toBe(e.from);
        owners.set(e.territory, e.to);
        for (const u of units) if (u.t === e.territory && infrastructure.has(u.type)) u.owner = e.to;
        break;
      case 'Remove Selected Units': {
        const gone = infrastructure.has(e.unitType)
          ? take(e.space, e.owner, e.unitType, e.count, () => true, what)
          : [...take(e.space, e.owner, e.unitType, e.damaged, (u) => u.hits > 0, what), ...take(e.space, e.owner, e.unitType, e.count - e.damaged, (u) => u.hits === 0, what)];
        for (const u of gone) units.splice(units.indexOf(u), 1);
        break;
      }
      case 'Add Units':
        for (let i = 0; i < e.count; i++) units.push({ t: e.space, owner: e.owner, type: e.unitType, hits: 0, damage: 0 });
        break;
      case 'Change Unit Hit Damage':
        for (const u of take(e.space, e.owner, e.unitType, e.count, (x) => x.hits !== e.hits, what)) u.hits = e.hits;
        break;
      case 'Change Unit Bombing Damage':
        take(e.territory, e.owner, e.unitType, 1, (u) => u.damage === e.from, what)[0].damage = e.to;
        break;
      case 'Change Resources':
        expect(pus.get(e.player) ?? 0, what).toBe(e.from);
        pus.set(e.player, e.to);
        break;
    }
  }
  const placements = new Map<string, TripleaGame['units'][number]>();
  for (const u of units) {
    const k = `${u.t}|${u.owner}|${u.type}`;
    const p = placements.get(k) ?? { unitType: u.type, territory: u.t, quantity: 0, ...(u.owner ? { owner: u.owner } : {}), line: 0 };
    p.quantity++;
    placements.set(k, p);
  }
  return {
    ...game,
    round: game.round + 1,
    owners: [...owners].map(([territory, owner]) => ({ territory, owner, line: 0 })),
    units: [...placements.values()],
    resources: [...pus].map(([player, quantity]) => ({ player, resource: 'PUs', quantity, line: 0 })),
  };
}

/** A board as a comparable value: stacks and facilities sorted, empty counts dropped. */
function norm(s: Scenario) {
  const key = (x: object) => JSON.stringify(x);
  const units = (us: Scenario['territories'][number]['units']) =>
    us.map((u) => ({ owner: u.owner, type: u.type, count: u.count, damaged: u.damaged || 0, designated: u.designated || 0 })).sort((a, b) => key(a).localeCompare(key(b)));
  const { label: _label, ...rest } = s;
  return {
    ...rest,
    territories: s.territories.map((t) => ({ ...t, adjacent: [...t.adjacent].sort(), units: units(t.units), facilities: [...t.facilities].sort((a, b) => key(a).localeCompare(key(b))) })),
    seaZones: s.seaZones.map((z) => ({ ...z, adjacent: [...z.adjacent].sort(), units: units(z.units) })),
  };
}

describe('TripleA changes: the board changes of a phase as edits for TripleA\'s edit mode', () => {
  it('a hand-made change lists exactly the edits, in TripleA\'s order, and the overlay\'s changes', async () => {
    const before = await imported();
    const after = structuredClone(before);
    terr(after, 'Morocco').owner = 'Italians'; // #2: Italy claims Vichy Morocco and its units
    terr(after, 'Morocco').units = [{ owner: 'Italians', type: 'infantry', count: 1 }];
    zone(after, '109 Sea Zone').units[0] = { owner: 'British', type: 'battleship', count: 1, damaged: 1 }; // the undamaged one sunk
    zone(after, '110 Sea Zone').units[0] = { owner: 'British', type: 'battleship', count: 1, damaged: 1, designated: 1 }; // hit once
    zone(after, '92 Sea Zone').units = zone(after, '92 Sea Zone').units.filter((u) => u.type !== 'battleship'); // the damaged one sunk
    terr(after, 'Western Germany').facilities[0].damage = 8; // bombed
    terr(after, 'Southern France').facilities = [{ type: 'minor_factory', damage: 0 }]; // harbour off the board
    terr(after, 'Germany').facilities[1].damage = 5; // rail station: the overlay's
    after.cash.Germans = 35;
    after.tokens.partisan = 6;
    after.vichy.turned.axis = 1;
    const c = tripleaChanges(before, after, overlayOf(overlayRaw()));
    expect(c.edits.map(editText)).toEqual([
      'Change Territory Owner: Morocco, French → Italians',
      'Remove Selected Units: 1 infantry (French) from Morocco',
      'Remove Selected Units: 1 battleship (British) from 109 Sea Zone',
      'Remove Selected Units: 1 battleship (Italians) from 92 Sea Zone, the damaged one',
      'Remove Selected Units: 1 harbour (French) from Southern France',
      'Add Units: 1 infantry (Italians) to Morocco',
      'Change Unit Hit Damage: 1 battleship (British) in 110 Sea Zone to 1 hit',
      'Change Unit Bombing Damage: factory_major (Germans) in Western Germany, 0 → 8',
      'Change Resources: Germans PUs 30 → 35',
    ]);
    expect(c.overlay).toEqual([
      'partisan tokens: 9 → 6',
      'Germany, facilities not in TripleA: rail_station 2 damage → rail_station 5 damage',
      "Morocco: originalOwner French (it changed hands; TripleA's export does not say who held it first)",
      'vichy.turned: {"axis":0,"freeFrench":0} → {"axis":1,"freeFrench":0}',
      'vichy.spaces: Morocco → none',
    ]);
    expect(c.problems).toEqual([]);
    expect(c.nextOverlay.seaZones!['110 Sea Zone']).toEqual({ convoy: true, damaged: { British: { battleship: 1 } }, designated: { British: { battleship: 1 } } });
    expect(c.nextOverlay.territories!['Western Germany']).toEqual({ facilityDamage: { factory_major: 8 } });
    // Nothing changed: nothing to do.
    const same = tripleaChanges(before, before, overlayOf(overlayRaw()));
    expect([same.edits, same.overlay]).toEqual([[], []]);
  });

  it.each(['t1', 'seed-2', 'seed-3'])('after a whole phase (seed %s), the edits applied in TripleA and the next overlay give back the board after the phase', async (seed) => {
    const game = await readTripleaXml(xmlText, 'game.xml');
    const overlay = overlayOf(overlayRaw());
    const imp = scenarioFromTriplea(game, overlay);
    if (!imp.ok) throw new Error(imp.errors.join('\n'));
    const before = validateScenario(imp.scenario);
    if (!before.ok) throw new Error('invalid');
    const after = nextPhase(play(imp.scenario, { seed }).board);
    const c = tripleaChanges(before.scenario, after, overlay);
    expect(c.edits.length).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
    const again = scenarioFromTriplea(applyEdits(game, c.edits), overlayOf(c.nextOverlay));
    if (!again.ok) throw new Error(again.errors.join('\n'));
    const v = validateScenario(again.scenario);
    expect(v.ok && norm(v.scenario)).toEqual(norm(after));
  });
});

describe('CLI: smp import-triplea and smp triplea-changes', () => {
  const { out, err, run } = smpCli();

  it('import-triplea --out, smp run --auto --out, triplea-changes --out-overlay: the phase is played and its changes listed', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'smp-triplea-'));
    const [before, after, next] = ['before.json', 'after.json', 'next-overlay.json'].map((f) => join(tmp, f));
    expect(await run('import-triplea', XML, '--overlay', OVERLAY, '--out', before)).toBe(0);
    expect(out.join('\n')).toContain(`${before}: 19 territories, 7 sea zones, 7 nations from ${XML}; SMP 4, round 4, winter.`);
    expect(err.join('\n')).toMatch(/note: 2 land unit\(s\) aboard transports in 101 Sea Zone are left out/);
    expect(await run('run', before, '--auto', '--seed', 't1', '--out', after)).toBe(0);
    out.length = 0;
    expect(await run('triplea-changes', before, after, '--overlay', OVERLAY, '--out-overlay', next)).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/^In TripleA's edit mode, in this order:\n {3}1\. /);
    expect(text).toContain('Add Units: 1 fighter (British) to Ontario'); // #1.2 American Assistance
    expect(text).toContain('Remove Selected Units: 3 infantry (Germans) from Eastern Poland'); // #1.5 Russian Winter
    expect(text).toMatch(/Not in TripleA \(the overlay, written to .*next-overlay\.json\):\n {2}- smpNumber: 4 → 5/);
    expect(parseOverlay(JSON.parse(readFileSync(next, 'utf8')), next).ok).toBe(true);
    out.length = 0;
    expect(await run('triplea-changes', before, after, '--overlay', OVERLAY, '--json')).toBe(0);
    const j = JSON.parse(out.join('\n'));
    expect(j.edits[0]).toMatchObject({ action: expect.any(String), text: expect.any(String) });
  });

  it('refusals name the file, line and name; exit code 1; nothing written', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'smp-triplea-'));
    const bad = join(tmp, 'bad.xml');
    writeFileSync(bad, xmlText.replace('unitType="mech_infantry"', 'unitType="kamikaze_plane"'));
    expect(await run('import-triplea', bad, '--overlay', OVERLAY, '--out', join(tmp, 's.json'))).toBe(1);
    expect(existsSync(join(tmp, 's.json'))).toBe(false);
    expect(err.join('\n')).toMatch(/no scenario built \(1 problem\(s\)\):\n {2}.*bad\.xml line \d+ \(Holland Belgium, Germans\): TripleA unit type "kamikaze_plane" has no Wardroom type/);
    err.length = 0;
    const ov = join(tmp, 'ov.json');
    writeFileSync(ov, JSON.stringify({ ...overlayRaw(), smpNumber: 0 }));
    expect(await run('import-triplea', XML, '--overlay', ov)).toBe(1);
    expect(err.join('\n')).toMatch(/ov\.json is not a valid overlay:\n {2}.*ov\.json smpNumber: /);
  });
});

describe('docs/smp.md examples', () => {
  const docs = readFileSync(new URL('../../docs/smp.md', import.meta.url), 'utf8');
  const jsonAfter = (heading: string, nth = 0) => JSON.parse(docs.split(heading)[1].split('```json\n')[nth + 1].split('\n```')[0]);

  it('"Writing a scenario by hand": the minimal board validates and its phase raids London and the North Sea convoys', () => {
    const raw = jsonAfter('## Writing a scenario by hand');
    expect(validateScenario(raw).ok).toBe(true);
    const { events } = play(raw, { seed: '1' });
    const changes = events.filter((e) => e.type === 'change').map((e) => e.text);
    expect(changes.some((t) => /bombing raid on London/.test(t))).toBe(true);
    expect(changes.some((t) => /Convoy Raids: warships in North Sea/.test(t))).toBe(true);
  });

  it('"From TripleA": the overlay example imports the test game', async () => {
    const s = await imported(xmlText, jsonAfter('## From TripleA'));
    expect(terr(s, 'France').facilities).toContainEqual({ type: 'rail_station', damage: 0 });
  });
});
