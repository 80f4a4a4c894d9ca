import { useEffect, useState } from 'preact/hooks';
import type { Setup, Side } from './api.ts';
import { api, errorText } from './api.ts';
import { CreateSmp } from './create-smp.tsx';
import { Link, navigate, useTitle } from './router.tsx';
import { DiceChoice, ErrorBox, SideTag, SIDES, type DiceMode } from './ui.tsx';

/**
 * `/new`: create a campaign (rule 5 setup; optional rules 13, 14). The form sends what a game file's
 * options hold; uploads go as {fileName, text} for the server to read and check, and its refusal
 * (naming the row and field) shows beside the button.
 */
interface Upload {
  fileName: string;
  text: string;
}

const readUpload = async (f: File | undefined): Promise<Upload | null> => (f ? { fileName: f.name, text: await f.text() } : null);

export function Create() {
  useTitle('New campaign — Wardroom');
  const [module, setModule] = useState<'cwnb' | 'smp'>('cwnb');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [zones, setZones] = useState<string[]>([]);
  const [turns, setTurns] = useState(5);
  const [dice, setDice] = useState<DiceMode>('seeded');
  const [roster, setRoster] = useState<Upload | null>(null);
  const [demoRoster, setDemoRoster] = useState(true);
  const [demoPoints, setDemoPoints] = useState(true);
  const [points, setPoints] = useState<Record<string, { allied: string; soviet: string }>>({});
  const [variableEnd, setVariableEnd] = useState<number | null>(null);
  const [specialConditions, setSpecialConditions] = useState(false);
  const [conditionTables, setConditionTables] = useState<Upload | null>(null);
  const [charts, setCharts] = useState<Upload | null>(null);
  const [flagOfficers, setFlagOfficers] = useState(false);
  const [friction, setFriction] = useState(false);
  const [commanders, setCommanders] = useState(false);
  const [players, setPlayers] = useState<Record<string, string>>({});

  useEffect(() => {
    api<Setup>('GET', '/api/setup')
      .then(setSetup)
      .catch((e) => setError(errorText(e)));
  }, []);
  const maxTurns = setup?.limits?.turns?.max ?? 9;
  const minTurns = setup?.limits?.turns?.min ?? 1;
  const zoneName = (id: string) => setup?.zones.find((z) => z.id === id)?.name ?? id;
  /** A zone's At Start Buy Points as typed, else the rulebook's (rule 4: the South Pacific's 80 and 100). */
  const pointsOf = (z: string, s: Side) => points[z]?.[s] ?? String(setup?.zones.find((x) => x.id === z)?.rulebookStartingPoints?.[s] ?? '');
  const seats = [...zones.flatMap((z) => SIDES.map((s) => ({ seat: `${s}:${z}`, side: s, where: zoneName(z) }))), ...(commanders ? SIDES.map((s) => ({ seat: `commander:${s}`, side: s, where: 'Overall Commander' })) : [])];

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    if (!zones.length) {
      document.querySelector<HTMLInputElement>('#c-zones input')?.focus(); // where the answer goes
      return setError('Choose at least one War Zone.');
    }
    if (!demoRoster && !roster) return setError('Upload the ship roster (CSV or JSON), or use the demo roster.');
    setBusy(true);
    const startingPoints = demoPoints ? 'demo' : Object.fromEntries(zones.map((z) => [z, { allied: Number(pointsOf(z, 'allied')), soviet: Number(pointsOf(z, 'soviet')) }]));
    const optional = {
      ...(variableEnd ? { variableEndTurn: { startTurn: variableEnd } } : {}),
      ...(specialConditions ? { specialConditions: conditionTables ?? true } : {}),
      ...(charts ? { transferCharts: charts } : {}),
      ...(flagOfficers ? { flagOfficers: true } : {}),
      ...(friction ? { frictionOfWar: true } : {}),
      ...(commanders ? { overallCommanders: true } : {}),
    };
    const named = Object.fromEntries(seats.map((s) => [s.seat, players[s.seat]?.trim() ?? '']).filter(([, n]) => n));
    try {
      const { id } = await api<{ id: string }>('POST', '/api/games', {
        title: title.trim() || undefined,
        name: name.trim() || undefined,
        zones,
        // With 13.1 the length is not used (its field is disabled): an unfinished entry there is not sent.
        turns: variableEnd !== null && !(Number.isInteger(turns) && turns >= minTurns && turns <= maxTurns) ? undefined : turns,
        dice,
        roster: demoRoster ? 'demo' : roster,
        startingPoints,
        players: named,
        optional,
      });
      navigate(`/g/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <p>
        <Link href="/">← Home</Link>
      </p>
      <h1>New campaign</h1>
      <fieldset class="field">
        <legend>What to play</legend>
        <div class="choices">
          <label class="choice">
            <input type="radio" name="module" checked={module === 'cwnb'} onChange={() => setModule('cwnb')} />
            Cold War Naval Battles campaign
          </label>
          <label class="choice">
            <input type="radio" name="module" data-testid="module-smp" checked={module === 'smp'} onChange={() => setModule('smp')} />
            Strategic Missions Phase (A&amp;A Global house rules)
          </label>
        </div>
      </fieldset>
      {module === 'smp' ? (
        <CreateSmp />
      ) : (
      <form class="create" onSubmit={submit} data-testid="create-form">
        <div class="field">
          <label for="c-title">Title</label>
          <input id="c-title" type="text" maxLength={120} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="c-name">Your name (you will be the referee)</label>
          <input id="c-name" type="text" maxLength={80} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <fieldset class="field" id="c-zones">
          <legend>War Zones in play (5.1)</legend>
          <div class="choices">
            {(setup?.zones ?? []).map((z) => (
              <label key={z.id} class="choice">
                <input type="checkbox" checked={zones.includes(z.id)} onChange={(e) => setZones(e.currentTarget.checked ? [...zones, z.id] : zones.filter((x) => x !== z.id))} />
                {z.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="field">
          <label for="c-turns">Length in Campaign Game Turns (5.2)</label>
          {/* 13.1 ignores the agreed length (docs/rulings.md, "13.1 Who rolls the end-game die, and the agreed length"). */}
          <input
            id="c-turns"
            type="number"
            inputMode="numeric"
            min={minTurns}
            max={maxTurns}
            value={turns}
            disabled={variableEnd !== null}
            aria-describedby={variableEnd !== null ? 'c-turns-note' : undefined}
            onInput={(e) => setTurns(Number(e.currentTarget.value))}
          />
          {variableEnd !== null && (
            <small id="c-turns-note" class="help" data-testid="turns-not-used">
              Not used with 13.1 Variable End Turn: the war ends on the end-game die, at the latest after turn {maxTurns}.
            </small>
          )}
        </div>
        <DiceChoice name="dice" dice={dice} setDice={setDice} />
        <fieldset class="field">
          <legend>Ship roster</legend>
          <label class="choice">
            <input type="radio" name="roster" checked={demoRoster} onChange={() => setDemoRoster(true)} />
            Wardroom's demo roster (not the cards' values)
          </label>
          <label class="choice">
            <input type="radio" name="roster" checked={!demoRoster} onChange={() => setDemoRoster(false)} />
            Upload the ship cards (CSV or JSON)
          </label>
          {!demoRoster && (
            <div class="field">
              <label for="c-roster">Roster file</label>
              <input id="c-roster" type="file" accept=".csv,.json,text/csv,application/json" onChange={async (e) => setRoster(await readUpload(e.currentTarget.files?.[0]))} />
            </div>
          )}
        </fieldset>
        <fieldset class="field">
          <legend>At Start Buy Points (6.C.2)</legend>
          <label class="choice">
            <input type="radio" name="points" checked={demoPoints} onChange={() => setDemoPoints(true)} />
            Demo values
          </label>
          <label class="choice">
            <input type="radio" name="points" checked={!demoPoints} onChange={() => setDemoPoints(false)} />
            From our War Zone Displays
          </label>
          {!demoPoints &&
            zones.map((z) => (
              <div key={z} class="row points">
                <span>{zoneName(z)}</span>
                {SIDES.map((s) => (
                  <label key={s}>
                    <SideTag side={s} />
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      required
                      aria-label={`${zoneName(z)}: ${s === 'allied' ? 'Allied' : 'Soviet'} At Start Buy Points`}
                      value={pointsOf(z, s)}
                      onInput={(e) => {
                        const v = e.currentTarget.value;
                        setPoints((p) => ({ ...p, [z]: { allied: pointsOf(z, 'allied'), soviet: pointsOf(z, 'soviet'), [s]: v } }));
                      }}
                    />
                  </label>
                ))}
              </div>
            ))}
        </fieldset>
        <fieldset class="field">
          <legend>Optional rules</legend>
          <label class="choice">
            <input type="checkbox" checked={variableEnd !== null} aria-describedby={variableEnd !== null ? 'c-turns-note' : undefined} onChange={(e) => setVariableEnd(e.currentTarget.checked ? 3 : null)} />
            13.1 Variable End Turn
          </label>
          {variableEnd !== null && (
            <div class="field indent">
              <label for="c-vet">Roll for the end from turn</label>
              <select id="c-vet" value={String(variableEnd)} onChange={(e) => setVariableEnd(Number(e.currentTarget.value))}>
                {[2, 3, 4].map((t) => (
                  <option key={t} value={String(t)}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label class="choice">
            <input type="checkbox" checked={specialConditions} onChange={(e) => setSpecialConditions(e.currentTarget.checked)} />
            13.2 Special Conditions
          </label>
          {specialConditions && (
            <div class="field indent">
              <label for="c-tables">Special Conditions tables for other War Zones (JSON; optional)</label>
              <input id="c-tables" type="file" accept=".json,application/json" onChange={async (e) => setConditionTables(await readUpload(e.currentTarget.files?.[0]))} />
            </div>
          )}
          <div class="field">
            <label for="c-charts">13.3 Transfer Limitations: to play with it, upload its three distance charts (JSON; the rulebook's text does not hold them)</label>
            <input id="c-charts" type="file" accept=".json,application/json" onChange={async (e) => setCharts(await readUpload(e.currentTarget.files?.[0]))} />
          </div>
          <label class="choice">
            <input type="checkbox" checked={flagOfficers} onChange={(e) => setFlagOfficers(e.currentTarget.checked)} />
            13.4 Flag Officers
          </label>
          <label class="choice">
            <input type="checkbox" checked={friction} onChange={(e) => setFriction(e.currentTarget.checked)} />
            13.5 Friction of War
          </label>
          <label class="choice">
            <input type="checkbox" checked={commanders} onChange={(e) => setCommanders(e.currentTarget.checked)} />
            14.1 Overall Commanders
          </label>
        </fieldset>
        {seats.length > 0 && (
          <fieldset class="field">
            <legend>Players (optional; invitations can fill the seats later)</legend>
            {seats.map((s) => (
              <div key={s.seat} class="field">
                <label for={`c-p-${s.seat}`}>
                  <SideTag side={s.side} /> {s.where}
                </label>
                <input id={`c-p-${s.seat}`} type="text" maxLength={80} value={players[s.seat] ?? ''} onInput={(e) => setPlayers({ ...players, [s.seat]: e.currentTarget.value })} />
              </div>
            ))}
          </fieldset>
        )}
        <ErrorBox message={error} />
        <button type="submit" class="primary big" disabled={busy} data-testid="submit-create">
          Create the campaign
        </button>
      </form>
      )}
    </main>
  );
}
