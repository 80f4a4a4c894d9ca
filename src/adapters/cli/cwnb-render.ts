import type { view as cwnbView } from '../../modules/cwnb/view.ts';

type View = ReturnType<typeof cwnbView>;
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** A compact text picture of the campaign for a terminal; `seatName`: the module's seat label ("Allied, North Sea"). */
export function renderStatus(v: View, seatName: (seat: string) => string): string {
  const lines: string[] = [];
  /** A Port Strike's effect in words: "port mined". */
  const effect = (e: string | null | undefined) => (e ? ` (${e.replace(/-/g, ' ')})` : '');
  const head = v.result ? 'Campaign over' : `Campaign Game Turn ${v.turn}${v.agreedTurns ? ` of ${v.agreedTurns}` : ` (variable end from turn ${v.variableEndFrom})`}`;
  lines.push(`${head} — banked VP${v.result ? ' before the End Game bonuses (11)' : ''}: Allied ${v.vp.allied}, Soviet ${v.vp.soviet}${v.dice.physical ? ' — physical dice' : ''}${v.demoData.roster ? ' — DEMO ship roster (not the cards\' values)' : ''}`);
  if (v.endRollThisTurn) lines.push(v.endRollThisTurn);
  if (v.optionalRuleNames.length) lines.push(`Optional rules: ${v.optionalRuleNames.join(', ')}${v.transferChart ? `; transfer chart this turn: ${v.transferChart.name}` : ''}`);
  if (v.endRollDue) lines.push('The end-game die is due (13.1).');
  if (v.sunk.length) lines.push(`Sunk so far (never bought again, 6.C.2): ${v.sunk.join(', ')}`);
  for (const z of v.zones) {
    const m = z.mission;
    lines.push('');
    lines.push(`${z.name} [${z.status.name}; ${cap(z.status.advantaged)} advantaged]${v.result ? '' : ` — ${stepName(z.step)}`}`);
    if (m) lines.push(`  Mission: Allied ${m.allied.mission} vs. Soviet ${m.soviet.mission}${m.urgent ? ' (URGENT)' : ''} — ${m.title} (${m.rule})${m.pool !== null ? `, Point Pool ${m.pool}` : ''}`);
    const sc = z.specialConditions;
    if (sc && (sc.allied.rolled || sc.soviet.rolled)) {
      lines.push(`  Special Conditions: Allied ${sc.allied.rolled ? (sc.allied.condition ?? 'none') : '—'}${effect(sc.allied.portStrike)}; Soviet ${sc.soviet.rolled ? (sc.soviet.condition ?? 'none') : '—'}${effect(sc.soviet.portStrike)}`);
    }
    for (const r of z.reminders) lines.push(`  Reminder: ${r}`);
    for (const side of ['allied', 'soviet'] as const) {
      const p = z.players[side];
      const fleet = p.fleet
        .map((s) => `${s.name}${s.committed === false ? ' (port)' : ''}${s.damage ? ` dmg ${s.damage}` : ''}${s.crippled ? ' CRIPPLED' : ''}${s.critical ? ' CRIT' : ''}${s.passive ? ' passive' : ''}`)
        .join(', ');
      lines.push(
        `  ${cap(side).padEnd(6)} track ${String(p.track).padStart(3)}  banked ${String(p.banked).padStart(4)}` +
          (p.handSize !== null ? `  hand ${p.handSize}, Fog of War ${p.fogOfWarModifier! >= 0 ? '+' : ''}${p.fogOfWarModifier}` : '') +
          (p.flagOfficer ? `  Flag Officer: ${flagOfficerText(p.flagOfficer)}` : '') +
          (p.retreating ? '  RETREATING' : '') +
          (p.eliminated ? '  ELIMINATED' : ''),
      );
      if (fleet) lines.push(`         ${fleet}`);
    }
    const b = z.battle;
    if (b) {
      lines.push(
        `  Battle turn ${Math.min(b.battleTurn, b.turnsPerPlayer)} of ${b.turnsPerPlayer}${b.active ? `, ${cap(b.active)} to play` : ''}` +
          (b.pool !== null ? `; Pool ${b.poolLeft} of ${b.pool} left` : '') +
          (b.shoreBombardment ? `; shore bombardment ${b.shoreBombardment}` : '') +
          (b.nonCombatants.length ? `; Non-Combatants: ${b.nonCombatants.map((n) => `${n.id}${n.sunk ? ' sunk' : n.damage ? ` dmg ${n.damage}` : ''}`).join(', ')}` : ''),
      );
    }
  }
  if (v.result) {
    // 11: one total per team, built from each zone's banked VP and End Game bonus.
    const r = v.result;
    const nameOf = (id: string) => v.zones.find((z) => z.id === id)?.name ?? id;
    const row = (label: string, a: number | string, s: number | string, extra = '') => `  ${label.padEnd(18)} ${String(a).padStart(7)} ${String(s).padStart(7)}${extra}`;
    lines.push('', 'Campaign Game Victory (11)', row('', 'Allied', 'Soviet'));
    for (const z of r.zones) {
      const bonus = (side: 'allied' | 'soviet') => z.banked[side] + (z.endGame.side === side ? z.endGame.vp : 0);
      lines.push(row(nameOf(z.id), bonus('allied'), bonus('soviet'), `   banked ${z.banked.allied}/${z.banked.soviet}, End Game ${cap(z.endGame.side)} +${z.endGame.vp}`));
    }
    lines.push(row('Total', r.totals.allied, r.totals.soviet));
    lines.push('');
    lines.push(r.winner ? `${cap(r.winner)} ${r.level} Victory by ${r.margin} (Allied ${r.totals.allied}, Soviet ${r.totals.soviet}).` : `Draw at ${r.totals.allied} each.`);
    if (r.historicalDescription) lines.push(`"${r.historicalDescription}"`);
  } else {
    lines.push('');
    lines.push(`Waiting for: ${v.waitingFor.map(seatName).join('; ') || 'nobody'}`);
  }
  return lines.join('\n');
}

function stepName(step: string): string {
  return (
    {
      mission: 'A. Determine Missions',
      conditions: 'B. Special Conditions (13.2)',
      purchase: 'C.2 Purchases',
      preparation: 'C.3–4 Transfers and Battle Commitment',
      battle: 'D. Battle Turns',
      'set-aside': '7.2.1 Set aside a card',
      'turn-done': 'turn complete, waiting for the other War Zones',
    } as Record<string, string>
  )[step] ?? step;
}

/** 13.4 "aboard USS Nimitz", "lost with USS Nimitz", "available", or "none here" (lost with its Command Ship before, or given to a teammate). */
function flagOfficerText(f: View['zones'][number]['players']['allied']['flagOfficer'] & {}): string {
  if (!f.commandShip) return f.available ? 'available' : 'none here (lost, or given to a teammate)';
  if (f.lost) return `lost with ${f.commandShipName}, out of the game (13.4)`;
  return `aboard ${f.commandShipName}${f.functioning ? '' : ' (not functioning)'}`;
}
