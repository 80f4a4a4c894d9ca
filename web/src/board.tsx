import { STATUS_COLUMNS } from '../../src/modules/cwnb/data/types.ts';
import type { CwnbView, GamePage, Side, ZoneView } from './api.ts';
import { waitingNames } from './api.ts';
import { SeedImported, SideTag, SIDES, statusAbbrev } from './ui.tsx';

/** What the view says, laid out: the campaign at a glance, one board per War Zone, the end. */

type PlayerView = ZoneView['players'][Side];

export function Overview({ page }: { page: GamePage }) {
  const v = page.view;
  return (
    <section class="card" aria-labelledby="overview-h" data-testid="overview">
      <h2 id="overview-h">Campaign overview</h2>
      <p>
        Campaign Game Turn {v.turn}
        {v.agreedTurns ? ` of ${v.agreedTurns}` : v.variableEndFrom ? ` (variable end from turn ${v.variableEndFrom})` : ''} · dice: {v.dice.physical ? 'physical (typed in)' : 'rolled by the server'}
        {v.demoData.roster ? ' · demo roster' : ''}
      </p>
      {v.endRollThisTurn && <p data-testid="end-roll">{v.endRollThisTurn}</p>}
      {!v.dice.physical && !page.game.over && (
        <p>
          Dice commitment, published at creation (SHA-256 of the seed, which is published at the end so anyone can check every roll): <code data-testid="seed-commitment">{page.game.seedCommitment}</code>
          {page.game.seedImported && <SeedImported />}
        </p>
      )}
      <p class="totals" data-testid="vp-totals">
        {v.result ? (
          <>
            Victory Points with the End Game bonuses (11): <SideTag side="allied" /> {v.result.totals.allied} · <SideTag side="soviet" /> {v.result.totals.soviet}
          </>
        ) : (
          <>
            Victory Points banked: <SideTag side="allied" /> {v.vp.allied} · <SideTag side="soviet" /> {v.vp.soviet}
          </>
        )}
      </p>
      <p data-testid="waiting-for">
        {page.game.over ? 'The campaign is over.' : page.waitingFor.length ? <>Waiting for: {waitingNames(page)}</> : 'Waiting for no one.'}
      </p>
      <div class="table-wrap">
        <table class="overview-table">
          <caption class="sr-only">Every War Zone at a glance</caption>
          <thead>
            <tr>
              <th scope="col">War Zone and status</th>
              <th scope="col">Step and mission</th>
              <th scope="col">Banked VP</th>
            </tr>
          </thead>
          <tbody>
            {/* Three columns, each cell two short lines; where even they do not fit (a 360-px phone, long step names, VP in the hundreds) each War Zone is stacked, its cells named by data-label (style.css). */}
            {v.zones.map((z) => (
              <tr key={z.id}>
                <th scope="row">
                  <a href={`#zone-${z.id}`}>{z.name}</a>
                  <br />
                  <small>
                    {z.status.name} ({z.status.column + 1}/{STATUS_COLUMNS.length})
                  </small>
                </th>
                <td data-label="Step and mission">
                  {z.stepName}
                  <br />
                  <small>{z.mission?.title ?? 'no mission yet'}</small>
                </td>
                <td data-label="Banked VP">
                  A {z.players.allied.banked} · S {z.players.soviet.banked}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {v.sunk.length > 0 && <p>Sunk so far: {v.sunk.join(', ')}</p>}
      {v.transferChart && <p>Transfer chart: {v.transferChart.name}</p>}
      {v.optionalRuleNames.length > 0 && <p>Optional rules: {v.optionalRuleNames.join(', ')}</p>}
    </section>
  );
}

/** 3: the War Zone Status track, seven columns from Soviet Dominance to Allied Dominance. */
function StatusTrack({ zone }: { zone: ZoneView }) {
  return (
    <ol class="track" aria-label={`War Zone Status: ${zone.status.name}`}>
      {STATUS_COLUMNS.map((name, i) => {
        const here = i === zone.status.column;
        return (
          <li key={name} class={here ? 'here' : ''} aria-current={here ? 'true' : undefined} title={name}>
            {/* "SD" … "AD", as the plots letter them: the side and how far, not told by position alone. */}
            <span class="col-letter">{statusAbbrev(name)}</span>
            {here && (
              <span class="marker" aria-hidden="true">
                ◆
              </span>
            )}
            <span class="sr-only">
              {name}
              {here ? ' (marker here)' : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Fleet({ p }: { p: PlayerView }) {
  if (!p.fleet.length) return <p>No ships.</p>;
  return (
    <ul class="fleet">
      {p.fleet.map((s) => (
        <li key={s.id}>
          {s.name} <small>({s.kind}, {s.points} pts)</small> — {s.committed !== undefined ? (s.committed ? 'committed' : 'in port') : p.commitment ? `${p.commitment.ships.includes(s.id) ? 'committed' : 'in port'} (secret until the reveal)` : 'not revealed'}
          {s.damage ? `, damage ${s.damage}` : ''}
          {s.crippled ? ', crippled' : ''}
          {s.critical ? ', critically damaged' : ''}
          {s.passive ? ', Passive' : ''}
        </li>
      ))}
    </ul>
  );
}

/** A player's purchase order as their team sees it (nothing when the viewer may not, or it is empty): on the board, and beside the forms that make it. */
export function OrderLine({ zone, side }: { zone: ZoneView; side: Side }) {
  const o = zone.players[side].order;
  if (!o || (!o.ships.length && !o.cards.length)) return null;
  return (
    <p data-testid={`order-${zone.id}-${side}`}>
      Order (secret until carried out): {[...o.shipNames, ...o.cards.map((c) => (c.value === undefined ? c.type : `${c.type} (value ${c.value})`))].join(', ')} — cost {String(o.cost)}, leaving {String(zone.players[side].track - Number(o.cost))} on the Point Track
      {o.done ? ' (done)' : ''}
    </p>
  );
}

function PlayerPanel({ zone, side }: { zone: ZoneView; side: Side }) {
  const p = zone.players[side];
  const m = zone.mission?.[side];
  return (
    <div class={`player player-${side}`}>
      <h3>
        <SideTag side={side} />
        {zone.status.advantaged === side && <span class="badge">Advantaged</span>}
        {zone.battle?.active === side && <span class="badge">Battle Turn</span>}
      </h3>
      <dl>
        <dt>Point Track</dt>
        <dd>{p.track}</dd>
        <dt>Banked VP</dt>
        <dd>{p.banked}</dd>
        {m && (
          <>
            <dt>Mission</dt>
            <dd>
              {m.mission}
              {m.summary.length > 0 && <small class="block">{m.summary.join(' ')}</small>}
            </dd>
          </>
        )}
        {p.handSize !== null && (
          <>
            {/* The mission's hand size in the battle's card game: not a count of the Action cards held (listed below). */}
            <dt>Hand size</dt>
            <dd>{p.handSize} cards in the battle</dd>
          </>
        )}
        <dt>Committed</dt>
        <dd data-testid={`committed-${zone.id}-${side}`}>{p.hasCommitted ? 'yes' : 'not yet'}</dd>
        {p.retreating && (
          <>
            <dt>Retreat</dt>
            <dd>retreating</dd>
          </>
        )}
        {p.eliminated && (
          <>
            <dt>Task Force</dt>
            <dd>eliminated</dd>
          </>
        )}
      </dl>
      <h4>Fleet</h4>
      <Fleet p={p} />
      {p.cards && (
        <>
          <h4>Action cards</h4>
          {p.cards.length ? (
            <ul>
              {p.cards.map((c) => (
                <li key={c.id}>
                  {c.type}
                  {c.value !== undefined ? ` (${c.value})` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>None known.</p>
          )}
        </>
      )}
      {p.commitment && (
        <p>
          Committed: {p.commitment.ships.length} ship(s), Area Defense {p.commitment.areaDefense}
          {p.commitment.flagOfficer ? `, Flag Officer on ${p.commitment.shipNames[p.commitment.ships.indexOf(p.commitment.flagOfficer)]}` : ''}
        </p>
      )}
      {p.flagOfficer?.commandShipName && (
        <p data-testid={`flag-officer-${side}`}>
          Flag Officer (13.4):{' '}
          {p.flagOfficer.lost
            ? `lost with ${p.flagOfficer.commandShipName}, out of the game; its Task Force has no Command Ship functioning this turn`
            : `aboard ${p.flagOfficer.commandShipName}${p.flagOfficer.functioning ? ', functioning' : ', not functioning (crippled or critically damaged)'}`}
        </p>
      )}
      <OrderLine zone={zone} side={side} />
    </div>
  );
}

/** A War Zone's board; `folded`: a zone the person plays no seat in, its details one click away (a phone's page is long). */
export function ZoneBoard({ zone, folded = false }: { zone: ZoneView; folded?: boolean }) {
  const b = zone.battle;
  const details = (
    <>
      <StatusTrack zone={zone} />
      {zone.mission && (
        <p>
          Mission ({zone.mission.rule}, roll {zone.mission.roll}): <strong>{zone.mission.title}</strong>
          {zone.mission.urgent ? ' — urgent' : ''}
          {zone.mission.pool !== null && zone.mission.pool !== undefined ? ` · Point Pool ${zone.mission.pool}` : ''}
        </p>
      )}
      {b && (
        <p>
          {zone.step === 'battle' ? `Battle Turn ${b.battleTurn} of ${b.turnsPerPlayer}` : 'The Battle Turns are over'}
          {b.active && (
            <>
              {' '}
              (<SideTag side={b.active} />)
            </>
          )}
          {b.pool !== null && ` · Pool left ${b.poolLeft}`}
          {b.toDeal > 0 && ` · ${b.toDeal} Non-Combatant(s) to deal`}
          {b.nonCombatants.length > 0 && ` · Non-Combatants: ${b.nonCombatants.map((n) => `${n.id}${n.sunk ? ' (sunk)' : n.damage ? ` (damage ${n.damage})` : ''}`).join(', ')}`}
        </p>
      )}
      <div class="sides">
        {SIDES.map((s) => (
          <PlayerPanel key={s} zone={zone} side={s} />
        ))}
      </div>
      {zone.reminders.length > 0 && (
        <ul class="reminders" aria-label="Reminders">
          {zone.reminders.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <section class="card zone" id={`zone-${zone.id}`} data-testid={`zone-${zone.id}`} aria-labelledby={`zone-h-${zone.id}`}>
      <h2 id={`zone-h-${zone.id}`}>{zone.name}</h2>
      <p>
        Step: {zone.stepName} · Status: <strong>{zone.status.name}</strong>
        {zone.status.advantaged ? (
          <>
            {' '}
            · Advantaged: <SideTag side={zone.status.advantaged} />
          </>
        ) : (
          ' · no Advantaged Player'
        )}
      </p>
      {folded ? (
        <details data-testid={`zone-details-${zone.id}`}>
          <summary>The whole board: mission, fleets, battle (you play no seat here)</summary>
          {details}
        </details>
      ) : (
        details
      )}
    </section>
  );
}

export function EndScreen({ page }: { page: GamePage }) {
  const r: CwnbView['result'] = page.view.result;
  return (
    <section class="card end" data-testid="end-screen" aria-labelledby="end-h">
      <h2 id="end-h">The campaign is over</h2>
      {r && (
        <>
          <p class="verdict">
            {r.winner ? (
              <>
                <SideTag side={r.winner} /> {r.level} Victory by {r.margin} VP
              </>
            ) : (
              'A Draw'
            )}
          </p>
          {/* The rulebook's words are written to the winners ("your side made significant gains"): quoted as such, not said to everyone. */}
          {r.historicalDescription && r.winner && (
            <figure class="historical">
              <blockquote>
                <p>“{r.historicalDescription}”</p>
              </blockquote>
              <figcaption>
                The rulebook's historical description of a {r.level} Victory, for the <SideTag side={r.winner} /> side (11).
              </figcaption>
            </figure>
          )}
          <p>
            Totals: <SideTag side="allied" /> {r.totals.allied} · <SideTag side="soviet" /> {r.totals.soviet}
          </p>
        </>
      )}
      {page.view.dice.physical ? (
        // A seed no die came from: "check every die" would promise a check of the dice typed in.
        <p data-testid="dice-typed">The dice of this campaign were typed in at the table: Wardroom rolled none, so there is no roll to check.</p>
      ) : (
        <>
          <p>
            Dice seed: <code data-testid="seed">{page.game.seed ?? 'not published yet'}</code>
          </p>
          <p>
            Commitment published at creation: <code>{page.game.seedCommitment}</code>
          </p>
        </>
      )}
      {page.game.seed && !page.view.dice.physical && (
        <p data-testid="verify-hint">
          To check every die yourself, offline: download the game file (below), then run <code>npx wardroom verify FILE</code> with Wardroom (the seed against this commitment, and each
          logged roll derived from it again).
        </p>
      )}
    </section>
  );
}
