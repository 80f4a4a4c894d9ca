/**
 * The War Zone Mission Tables as JSON and as plain text, for `wardroom tables [--zone ID] [--json]`.
 */
import { ZONES, zoneById } from "./index.js";
import { ROW_KEYS, STATUS_COLUMNS } from "./types.js";
const pick = (zoneId) => (zoneId === undefined ? ZONES : [zoneById(zoneId)]);
/** A fresh plain (unfrozen) copy: callers may serialise or alter it freely. */
const copy = (v) => JSON.parse(JSON.stringify(v));
/** `{ zones: [...] }` for every War Zone, or for one. */
export function tablesJson(zoneId) {
    return {
        zones: pick(zoneId).map((z) => ({
            id: z.id,
            name: z.name,
            source: z.source,
            missionTable: copy(z.missionTable),
            columns: [...STATUS_COLUMNS],
            endGame: copy(z.endGame),
            summaries: copy(z.summaries),
        })),
    };
}
const ROW_LABELS = { '1-2': '1–2', '3-5': '3–5', '6': '6' };
const SIDE_NAME = { allied: 'Allied', soviet: 'Soviet' };
const pad = (s, w) => s + ' '.repeat(Math.max(0, w - [...s].length));
const nu = ([n, u]) => `${n} [${u}]`;
/** Split "Sea Superiority" etc. into lines no wider than `w` (whole words). */
function wrap(text, w) {
    const out = [];
    let line = '';
    for (const word of text.split(' ')) {
        if (line && line.length + 1 + word.length > w) {
            out.push(line);
            line = word;
        }
        else
            line = line ? `${line} ${word}` : word;
    }
    if (line)
        out.push(line);
    return out;
}
/** The lines of one table cell: Allied mission, "vs.", Soviet mission; a `!` on the middle line marks an Urgent Mission. */
function cellLines(c, w) {
    return [...wrap(c.allied, w), c.urgent ? 'vs.  ! Urgent' : 'vs.', ...wrap(c.soviet, w)];
}
function zoneText(z) {
    const W = 16; // column width
    const labelW = 6;
    const headerLines = STATUS_COLUMNS.map((h) => wrap(h, W));
    const hh = Math.max(...headerLines.map((l) => l.length));
    const rule = '-'.repeat(labelW + (W + 3) * STATUS_COLUMNS.length);
    const out = [];
    out.push(`${z.name} War Zone`);
    out.push('='.repeat(`${z.name} War Zone`.length));
    out.push('');
    out.push('Mission Table: roll 1d6 in the War Zone Status column; each cell is Allied Mission vs. Soviet Mission.');
    out.push('! = Urgent Mission (score the [bracketed] Urgent values of the Mission Summaries).');
    out.push(rule);
    for (let k = 0; k < hh; k++) {
        out.push(pad(k === 0 ? 'Die' : '', labelW) + headerLines.map((l) => ' | ' + pad(l[k] ?? '', W)).join(''));
    }
    out.push(rule);
    for (const row of ROW_KEYS) {
        const cells = z.missionTable[row].map((c) => cellLines(c, W));
        const h = Math.max(...cells.map((c) => c.length));
        for (let k = 0; k < h; k++) {
            out.push(pad(k === 0 ? ROW_LABELS[row] : '', labelW) + cells.map((c) => ' | ' + pad(c[k] ?? '', W)).join(''));
        }
        out.push(rule);
    }
    out.push(pad('End', labelW) + z.endGame.map((e) => ' | ' + pad(`${SIDE_NAME[e.side]} +${e.vp} VPs`, W)).join(''));
    out.push(rule);
    out.push('');
    out.push('Mission Summaries (normal value, [urgent] value)');
    const s = z.summaries;
    const bullets = [
        `Military Escort vs. Raid. Escort Player: score ${nu(s.militaryEscort.points)} minus damage for each of the ${nu(s.militaryEscort.nonCombatants)} Non-Combatant ships that survive. Raiding Player: score ${nu(s.militaryEscort.points)} for each Non-Combatant sunk.`,
        `Civilian Escort vs. Raid. Escort Player: score ${nu(s.civilianEscort.points)} minus damage for each of the ${nu(s.civilianEscort.nonCombatants)} Non-Combatant ships that survive. Raiding Player: score ${nu(s.civilianEscort.points)} for each Non-Combatant sunk.`,
        `Sea Superiority vs. Sea Superiority. Both Players: Point Pool = ${nu(s.seaSuperiority.pool)}. Bonus: Allies +${s.seaSuperiority.bonus.allied} and Soviet +${s.seaSuperiority.bonus.soviet} to hand size and Fog of War. Opponent immediately scores ${nu(s.seaSuperiority.retreatPoints)} points per ship and submarine in a retreating Task Force.`,
        `Sea Superiority vs. Holding Action. Sea Superiority Player: score ${nu(s.seaSuperiorityVsHoldingAction.points)} at the end of each Battle Turn if the enemy fleet is "eliminated"; +${s.seaSuperiorityVsHoldingAction.bonus} to hand size and Fog of War. Holding Action Player: score ${nu(s.seaSuperiorityVsHoldingAction.points)} at the end of each Battle Turn if your fleet is not "eliminated".`,
        `Invasion vs. Holding Action. Invasion Player: Point Pool = ${nu(s.invasion.pool)}. Score ${nu(s.invasion.points)} minus damage for each of the ${nu(s.invasion.nonCombatants)} Non-Combatant ships remaining at the end of each Battle Turn if the enemy fleet is "eliminated"; +${s.invasion.bonus} to hand size and Fog of War. Holding Action Player: score all unclaimed Pool Points.`,
        `Submarine Strike vs. Engage. Submarine Strike Player: Point Pool = ${nu(s.submarineStrike.pool)}; score the Damage Value of submarine-launched Missile Attacks vs. Land Targets. Engage Player: score all unclaimed Pool Points.`,
        `Carrier Strike vs. Engage. Carrier Strike Player: Point Pool = ${nu(s.carrierStrike.pool)}. Score ${nu(s.carrierStrike.points)} for each successful Carrier Air Strike against Land Targets. Engage Player: score all unclaimed Pool Points.`,
    ];
    for (const b of bullets) {
        const lines = wrap(b, 96);
        out.push(`  * ${lines[0]}`);
        for (const l of lines.slice(1))
            out.push(`    ${l}`);
    }
    out.push('');
    out.push(`Source: ${z.source}`);
    return out.map((l) => l.trimEnd()).join('\n');
}
/** Plain-text Mission Tables for a terminal: every War Zone, or one. Ends with a newline. */
export function tablesText(zoneId) {
    return pick(zoneId).map(zoneText).join('\n\n\n') + '\n';
}
