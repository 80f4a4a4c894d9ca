import type { GamePage } from './api.ts';
import { seatLabel } from './api.ts';
import { SeedImported } from './ui.tsx';

/**
 * A readable page for a rules module without a board of its own (the Strategic Missions Phase,
 * issue 10): the view the server computed for this viewer, drawn without knowing the module.
 * An object is a definition list; a list of flat records is a table; long parts fold away. What
 * the module's view calls `pending` (who must act, and on what) comes first.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** "seaZones" → "Sea zones", "smpNumber" → "Smp number". */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()).replace(/ [A-Z](?=[a-z])/g, (c) => c.toLowerCase());

const isScalar = (v: Json): v is null | boolean | number | string => v === null || typeof v !== 'object';
const scalarText = (v: null | boolean | number | string) => (v === null ? '—' : v === true ? 'yes' : v === false ? 'no' : String(v));

/** A list of records whose values are all scalars (or short lists of scalars): a table. */
function tableColumns(list: Json[]): string[] | null {
  if (!list.length || !list.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return null;
  const cols: string[] = [];
  for (const row of list as Record<string, Json>[])
    for (const [k, v] of Object.entries(row)) {
      if (!(isScalar(v) || (Array.isArray(v) && v.every(isScalar)))) return null;
      if (!cols.includes(k)) cols.push(k);
    }
  return cols;
}

const cellText = (v: Json | undefined) => (v === undefined ? '' : Array.isArray(v) ? v.map((x) => scalarText(x as never)).join(', ') : scalarText(v as never));

function Value({ value, depth, name }: { value: Json; depth: number; name: string }) {
  if (isScalar(value)) return <span class={typeof value === 'string' && value.includes('\n') ? 'pre-line' : undefined}>{scalarText(value)}</span>;
  if (Array.isArray(value)) {
    if (!value.length) return <span>none</span>;
    if (value.every(isScalar)) return <span>{value.map((x) => scalarText(x as never)).join(', ')}</span>;
    const cols = tableColumns(value);
    const body = cols ? (
      <div class="table-wrap">
        <table>
          <caption class="sr-only">{name}</caption>
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c} scope="col">
                  {words(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(value as Record<string, Json>[]).map((row, i) => (
              <tr key={i}>
                {cols.map((c) => (
                  <td key={c}>{cellText(row[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ) : (
      <ol>
        {value.map((x, i) => (
          <li key={i}>
            <Value value={x} depth={depth + 1} name={`${name} ${i + 1}`} />
          </li>
        ))}
      </ol>
    );
    return value.length > 6 || depth > 0 ? (
      <details>
        <summary>
          {value.length} {value.length === 1 ? 'entry' : 'entries'}
        </summary>
        {body}
      </details>
    ) : (
      body
    );
  }
  const entries = Object.entries(value);
  if (!entries.length) return <span>—</span>;
  const list = (
    <dl>
      {entries.map(([k, v]) => (
        <Entry key={k} k={k} v={v} depth={depth + 1} />
      ))}
    </dl>
  );
  return depth > 1 && entries.length > 4 ? (
    <details>
      <summary>{entries.length} entries</summary>
      {list}
    </details>
  ) : (
    list
  );
}

export function Entry({ k, v, depth }: { k: string; v: Json; depth: number }) {
  return (
    <>
      <dt>{words(k)}</dt>
      <dd>
        <Value value={v} depth={depth} name={words(k)} />
      </dd>
    </>
  );
}

export function GenericView({ page }: { page: GamePage }) {
  const view = (page.view ?? {}) as unknown as Record<string, Json>;
  const pending = view.pending as { seat?: string; prompt?: string; odds?: string[] } | null | undefined;
  // The module's own report of events repeats the game log below: left to the log.
  const rest = Object.entries(view).filter(([k]) => k !== 'pending' && k !== 'events');
  return (
    <section class="card" aria-labelledby="view-h" data-testid="generic-view">
      <h2 id="view-h">{page.game.over ? 'The game is over' : 'The game now'}</h2>
      <p data-testid="waiting-for">
        {page.game.over ? 'Nothing is left to do.' : page.waitingFor.length ? <>Waiting for: {page.waitingFor.map((s) => seatLabel(s, page.seats)).join(', ')}</> : 'Waiting for no one.'}
      </p>
      {pending?.prompt && (
        <div class="pending" data-testid="pending">
          <h3>{pending.seat ? `${seatLabel(pending.seat, page.seats)} is asked` : 'Asked'}</h3>
          <p class="pre-line">{pending.prompt}</p>
          {pending.odds && pending.odds.length > 0 && (
            <ul aria-label="Exact odds">
              {pending.odds.map((o, i) => (
                <li key={i}>{o}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <dl>
        {rest.map(([k, v]) => (
          <Entry key={k} k={k} v={v} depth={0} />
        ))}
      </dl>
      <p>
        {page.game.over && (
          <>
            Dice seed: <code data-testid="seed">{page.game.seed ?? 'not published yet'}</code>.{' '}
          </>
        )}
        Dice commitment, published at creation (SHA-256 of the seed{page.game.over ? '' : ', which is published at the end'}): <code data-testid="seed-commitment">{page.game.seedCommitment}</code>
        {page.game.seedImported && !page.game.over && <SeedImported />}
      </p>
    </section>
  );
}
