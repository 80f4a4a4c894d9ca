import { useState } from 'preact/hooks';
import type { ActionSpec, CwnbView, FieldOption } from './api.ts';
import type { Values } from './form-values.ts';
import { ErrorBox } from './ui.tsx';

/**
 * The battle recorder (7): the card game's outcomes entered fast, a row per ship, a button per
 * outcome. Rows and buttons come from the seat's offered actions (their `ship` choices), the
 * ship's current damage and conditions from the view; only offered outcomes get a button.
 */
export const SHIP_OUTCOMES = ['sink', 'damage', 'cripple', 'criticalDamage', 'submarine'] as const;

/** Outcome actions the grid can draw: offered with a `ship` choice (an Overall Commander's form, with `for`, is not). */
export function gridActions(specs: ActionSpec[]): Map<string, ActionSpec> {
  const out = new Map<string, ActionSpec>();
  for (const s of specs) if ((SHIP_OUTCOMES as readonly string[]).includes(s.type) && s.fields?.ship?.kind === 'choice') out.set(s.type, s);
  return out;
}

const shipOptions = (spec: ActionSpec | undefined): FieldOption[] => (spec?.fields?.ship?.kind === 'choice' ? [...spec.fields.ship.options] : []);

interface UnitState {
  damage: number;
  crippled?: boolean;
  critical?: boolean;
  passive?: boolean;
}

function unitState(view: CwnbView, id: string): UnitState | null {
  for (const z of view.zones) {
    for (const side of ['allied', 'soviet'] as const) {
      const s = z.players[side].fleet.find((f) => f.id === id);
      if (s) return s;
    }
    const nc = z.battle?.nonCombatants.find((n) => n.id === id);
    if (nc) return nc;
  }
  return null;
}

export function BattleRecorder({ seat, specs, view, submit }: { seat: string; specs: Map<string, ActionSpec>; view: CwnbView; submit: (a: Values) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const rows = new Map<string, string>();
  for (const spec of specs.values()) for (const o of shipOptions(spec)) rows.set(String(o.value), o.label);
  const offers = (type: string, id: string) => shipOptions(specs.get(type)).some((o) => String(o.value) === id);
  const send = async (action: Values) => {
    setBusy(true);
    setError(null);
    try {
      await submit({ seat, ...action });
      setOpen(null);
    } catch (e) {
      // Named: the tap that was lost (two players recording at once) is told apart from the others.
      setError(`Not recorded: ${entry(action, rows.get(String(action.ship)) ?? String(action.ship))}. ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="battle" data-testid="battle-recorder" data-seat={seat}>
      <h3>Battle recorder</h3>
      <ErrorBox message={error} />
      <ul class="ships">
        {[...rows].map(([id, label]) => {
          const st = unitState(view, id) ?? { damage: 0 };
          return (
            <li key={id} class="ship-row" data-testid={`ship-${id}`}>
              <div class="ship-name">
                <strong>{label}</strong>
                <span>
                  {' '}
                  damage {st.damage}
                  {st.crippled ? ', crippled' : ''}
                  {st.critical ? ', critical' : ''}
                  {st.passive ? ', Passive' : ''}
                </span>
              </div>
              <div class="outcomes" role="group" aria-label={`Outcomes for ${label}`}>
                {offers('damage', id) && (
                  <>
                    <button type="button" disabled={busy} data-testid={`damage-up-${id}`} aria-label={`${label}: 1 damage`} onClick={() => send({ type: 'damage', ship: id, amount: 1 })}>
                      +1 damage
                    </button>
                    <button type="button" disabled={busy || st.damage <= 0} data-testid={`damage-down-${id}`} aria-label={`${label}: repair 1 damage`} onClick={() => send({ type: 'damage', ship: id, amount: -1 })}>
                      −1 damage
                    </button>
                  </>
                )}
                {offers('cripple', id) && (
                  <button type="button" disabled={busy} aria-pressed={!!st.crippled} data-testid={`cripple-${id}`} aria-label={`${label}: crippled`} onClick={() => send({ type: 'cripple', ship: id, value: !st.crippled })}>
                    Crippled
                  </button>
                )}
                {offers('criticalDamage', id) && (
                  <button type="button" disabled={busy} aria-pressed={!!st.critical} data-testid={`critical-${id}`} aria-label={`${label}: Critical damage`} onClick={() => send({ type: 'criticalDamage', ship: id, value: !st.critical })}>
                    Critical
                  </button>
                )}
                {offers('submarine', id) && (
                  <button type="button" disabled={busy} data-testid={`mode-${id}`} aria-label={`${label}: make ${st.passive ? 'Active' : 'Passive'}`} onClick={() => send({ type: 'submarine', ship: id, mode: st.passive ? 'active' : 'passive' })}>
                    Make {st.passive ? 'Active' : 'Passive'}
                  </button>
                )}
                <button type="button" aria-expanded={open === id} aria-label={`${label}: ${offers('sink', id) ? 'Sunk / more…' : 'More…'}`} onClick={() => setOpen(open === id ? null : id)}>
                  {offers('sink', id) ? 'Sunk / more…' : 'More…'}
                </button>
              </div>
              {open === id && <More id={id} label={label} busy={busy} canSink={offers('sink', id)} canDamage={offers('damage', id)} send={send} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A recorder entry in words: "Kirov: 1 damage". */
function entry(a: Values, label: string): string {
  switch (a.type) {
    case 'damage':
      return `${label}: ${Number(a.amount) < 0 ? `repair ${-Number(a.amount)}` : a.amount} damage`;
    case 'cripple':
      return `${label}: ${a.value ? 'crippled' : 'no longer crippled'}`;
    case 'criticalDamage':
      return `${label}: ${a.value ? 'Critical damage' : 'no Critical damage'}`;
    case 'submarine':
      return `${label}: ${a.mode === 'passive' ? 'Passive' : 'Active'}`;
    default:
      return `${label} sunk`;
  }
}

function More({ id, label, busy, canSink, canDamage, send }: { id: string; label: string; busy: boolean; canSink: boolean; canDamage: boolean; send: (a: Values) => void }) {
  const [cause, setCause] = useState('');
  const [amount, setAmount] = useState('');
  return (
    <div class="more">
      {canDamage && (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (amount && Number(amount) !== 0) send({ type: 'damage', ship: id, amount: Number(amount) });
          }}
        >
          <label>
            Damage (− repairs)
            <input type="number" inputMode="numeric" min={-99} max={99} step={1} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
          </label>
          <button type="submit" disabled={busy} data-testid={`damage-${id}`}>
            Record damage
          </button>
        </form>
      )}
      {canSink && (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'sink', ship: id, ...(cause.trim() ? { cause: cause.trim() } : {}) });
          }}
        >
          <label>
            Sunk by (optional)
            <input type="text" maxLength={200} value={cause} onInput={(e) => setCause(e.currentTarget.value)} />
          </label>
          <button type="submit" class="danger" disabled={busy} data-testid={`sink-${id}`} aria-label={`Record ${label} sunk`}>
            Sunk
          </button>
        </form>
      )}
    </div>
  );
}
