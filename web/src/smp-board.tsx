import type { GamePage, SmpView } from './api.ts';
import { seatLabel, waitingNames } from './api.ts';
import { Entry, type Json } from './generic-view.tsx';
import { SeedImported } from './ui.tsx';

/**
 * The Strategic Missions Phase laid out as players read their own board: the ten steps with the
 * one now, who is asked what (with the exact odds), each nation's cash and its change this phase,
 * the tokens, Vichy France, and the map's territories and sea zones. Everything here is public.
 */

type Board = SmpView['board'];
type Stack = Board['territories'][number]['units'][number];

const words = (id: string) => id.replace(/[_-]+/g, ' ');
const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

/** The phase now: the steps, whom it waits for and the question asked, with its odds; the seat's form comes right after it. */
export function SmpNow({ page }: { page: GamePage }) {
  const v = page.view as unknown as SmpView;
  const b = v.board;
  return (
    <section class="card" aria-labelledby="smp-h" data-testid="smp-now">
      <h2 id="smp-h">
        Strategic Missions Phase {b.smpNumber} · round {b.round}, {b.season}
      </h2>
      {v.label && <p class="help">{v.label}</p>}
      <Steps steps={v.steps} now={v.step} />
      <p data-testid="waiting-for">{page.game.over ? `The phase is over${v.next ? ': the board below is the board for the next game round' : ''}.` : page.waitingFor.length ? <>Waiting for: {waitingNames(page)}</> : 'Waiting for no one.'}</p>
      {v.pending && (
        <div class="pending" data-testid="pending">
          <h3>
            {seatLabel(v.pending.seat, page.seats)} is asked{v.pending.kind === 'roll' ? ' to roll' : ''}
          </h3>
          <p class="pre-line">{v.pending.prompt}</p>
          {v.pending.odds && v.pending.odds.length > 0 && (
            <ul aria-label="Exact odds">
              {v.pending.odds.map((o, i) => (
                <li key={i}>{o}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** The board: each nation's cash and wars, the tokens, Vichy France, the map (folded), the dice commitment. */
export function SmpBoard({ page }: { page: GamePage }) {
  const v = page.view as unknown as SmpView;
  const b = v.board;
  const nation = (id: string) => b.nations.find((n) => n.id === id)?.name ?? (id === 'vichy' ? 'Vichy France' : id);
  const over = page.game.over;
  return (
    <section class="card" aria-labelledby="smp-board-h" data-testid="smp-board">
      <h2 id="smp-board-h">The board</h2>
      {v.next && (
        <p>
          <a href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(v.next, null, 2))}`} download={`smp-${v.next.smpNumber}-round-${v.next.round}-${v.next.season}.json`} class="button primary" data-testid="next-board-link">
            Download the board for the next phase (SMP {v.next.smpNumber}, round {v.next.round}, {v.next.season})
          </a>{' '}
          <small>the board below with the SMP number, round and season moved on, as <code>wardroom smp run --out</code> writes it</small>
        </p>
      )}
      <Nations board={b} startCash={v.startCash} nation={nation} />
      <p data-testid="smp-tokens">
        Tokens in the pool: engineer {b.tokens.engineer} · kamikaze {b.tokens.kamikaze} · partisan {b.tokens.partisan}
      </p>
      <p data-testid="smp-vichy">
        Vichy France: {words(b.vichy.status)}
        {b.vichy.hendaye ? ' · Germany took the Hendaye deal (+1 on its Vichy rolls)' : ''}
        {b.vichy.turned.axis + b.vichy.turned.freeFrench > 0 ? ` · turned: ${b.vichy.turned.axis} to the Axis, ${b.vichy.turned.freeFrench} Free French` : ''}
      </p>
      <Territories board={b} nation={nation} />
      <SeaZones board={b} nation={nation} />
      <details>
        <summary>The rest of the board: build queues, roles, places, unit and facility types, rules</summary>
        <dl>
          {(['buildQueues', 'roles', 'places', 'unitTypes', 'facilityTypes', 'rules'] as const).map((k) => (
            <Entry key={k} k={k} v={b[k] as unknown as Json} depth={1} />
          ))}
        </dl>
      </details>
      <p>
        {over && page.game.seed && (
          <>
            Dice seed: <code data-testid="seed">{page.game.seed}</code>.{' '}
          </>
        )}
        Dice commitment, published at creation (SHA-256 of the seed{over ? '' : ', which is published at the end'}): <code data-testid="seed-commitment">{page.game.seedCommitment}</code>
        {page.game.seedImported && !over && <SeedImported />}
      </p>
    </section>
  );
}

/** The steps of the phase in the order they run (ruling R0-1), the one now marked in words as well as by its frame. */
function Steps({ steps, now }: { steps: SmpView['steps']; now: number }) {
  return (
    <ol class="smp-steps" aria-label="Steps of the phase" data-testid="smp-steps">
      {steps.map((s) => {
        const state = s.n < now ? 'done' : s.n === now ? 'now' : '';
        return (
          <li key={s.n} class={state} aria-current={state === 'now' ? 'step' : undefined}>
            <strong>{s.n}</strong> {s.name.replace(/^(Conduct|Resolve|Apply) /, '')}
            {state && <small> ({state})</small>}
          </li>
        );
      })}
    </ol>
  );
}

function Nations({ board, startCash, nation }: { board: Board; startCash: Record<string, number>; nation: (id: string) => string }) {
  const enemies = (id: string) => board.wars.flatMap(([a, c]) => (a === id ? [c] : c === id ? [a] : []));
  return (
    <div class="table-wrap">
      <table data-testid="smp-nations">
        <caption>Nations</caption>
        <thead>
          <tr>
            <th scope="col">Nation</th>
            <th scope="col">Cash (IPCs)</th>
            <th scope="col">At war with</th>
          </tr>
        </thead>
        <tbody>
          {board.nations.map((n) => {
            const cash = board.cash[n.id] ?? 0;
            const change = cash - (startCash[n.id] ?? 0);
            return (
              <tr key={n.id} data-nation={n.id}>
                <th scope="row">
                  {nation(n.id)}
                  <br />
                  <small>{n.side}</small>
                </th>
                <td>
                  {cash}
                  {change !== 0 && <small> ({signed(change)} this phase)</small>}
                </td>
                <td>{enemies(n.id).map(nation).join(', ') || 'no one'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "United Kingdom: 3 infantry, 1 battleship (1 damaged); Canada: 1 fighter". */
function stacks(units: Stack[], nation: (id: string) => string): string {
  const unit = (u: Stack) => {
    const notes = [u.damaged ? `${u.damaged} damaged` : '', u.designated ? `${u.designated} designated` : ''].filter(Boolean);
    return `${u.count} ${words(u.type)}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  };
  const owners = [...new Set(units.map((u) => u.owner))];
  return owners.map((o) => `${nation(o)}: ${units.filter((u) => u.owner === o).map(unit).join(', ')}`).join('; ') || 'none';
}

function Territories({ board, nation }: { board: Board; nation: (id: string) => string }) {
  const damaged = board.territories.filter((t) => t.facilities.some((f) => f.damage > 0)).length;
  return (
    <details data-testid="smp-territories">
      <summary>
        Territories ({board.territories.length}
        {damaged ? `; ${damaged} with damaged facilities` : ''})
      </summary>
      <div class="table-wrap">
        <table>
          <caption class="sr-only">Territories</caption>
          <thead>
            <tr>
              <th scope="col">Territory</th>
              <th scope="col">Facilities</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {board.territories.map((t) => (
              <tr key={t.name}>
                <th scope="row">
                  {t.name}
                  <br />
                  <small>
                    {nation(t.owner)}
                    {t.capital ? ', capital' : ''}
                    {t.victoryCity ? ', victory city' : ''}
                  </small>
                </th>
                <td>{t.facilities.map((f) => `${words(f.type)}${f.damage ? ` (damage ${f.damage})` : ''}`).join(', ') || 'none'}</td>
                <td>{stacks(t.units, nation)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function SeaZones({ board, nation }: { board: Board; nation: (id: string) => string }) {
  if (!board.seaZones.length) return null;
  return (
    <details data-testid="smp-sea-zones">
      <summary>Sea zones ({board.seaZones.length})</summary>
      <div class="table-wrap">
        <table>
          <caption class="sr-only">Sea zones</caption>
          <thead>
            <tr>
              <th scope="col">Sea zone</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {board.seaZones.map((z) => (
              <tr key={z.name}>
                <th scope="row">
                  {z.name}
                  <br />
                  <small>{[z.convoy && (z.openSea ? 'open-sea convoy' : 'convoy'), z.kamikaze && 'kamikaze'].filter(Boolean).join(', ')}</small>
                </th>
                <td>{stacks(z.units, nation)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
