import { useState } from 'preact/hooks';
import { api, errorText } from './api.ts';
import { navigate } from './router.tsx';
import { DiceChoice, ErrorBox, type DiceMode } from './ui.tsx';

/**
 * Create a Strategic Missions Phase (issue 10): the board JSON (docs/smp.md, "Writing a scenario
 * by hand", or `wardroom smp import-triplea`) uploaded or pasted. The server checks it with the
 * SMP module's own validation; its refusal names each wrong field by its JSON path.
 */
export function CreateSmp() {
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [source, setSource] = useState<'file' | 'paste'>('file');
  const [file, setFile] = useState<{ fileName: string; text: string } | null>(null);
  const [pasted, setPasted] = useState('');
  const [dice, setDice] = useState<DiceMode>('seeded');
  const [playAll, setPlayAll] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const scenario = source === 'file' ? file : pasted.trim() ? { fileName: 'the pasted board', text: pasted } : null;
    if (!scenario) return setError(source === 'file' ? 'Choose the board file (JSON).' : 'Paste the board (JSON).');
    setBusy(true);
    try {
      const { id } = await api<{ id: string }>('POST', '/api/games', { module: 'smp', title: title.trim() || undefined, name: name.trim() || undefined, scenario, dice, playAll });
      navigate(`/g/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="create" onSubmit={submit} data-testid="create-smp-form">
      <p class="help">
        Give the part of your board the phase needs, as JSON (see <code>docs/smp.md</code>; <code>wardroom smp validate</code> checks it at a terminal). Each nation is a seat.
      </p>
      <div class="field">
        <label for="s-title">Title</label>
        <input id="s-title" type="text" maxLength={120} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="s-name">Your name (you will be the referee)</label>
        <input id="s-name" type="text" maxLength={60} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <fieldset class="field">
        <legend>The board</legend>
        <div class="choices">
          <label class="choice">
            <input type="radio" name="smp-source" checked={source === 'file'} onChange={() => setSource('file')} />
            Upload a file
          </label>
          <label class="choice">
            <input type="radio" name="smp-source" checked={source === 'paste'} onChange={() => setSource('paste')} />
            Paste it
          </label>
        </div>
        {source === 'file' ? (
          <div class="field">
            <label for="s-file">Board file (JSON)</label>
            <input
              id="s-file"
              type="file"
              accept=".json,application/json"
              data-testid="smp-board-file"
              onChange={async (e) => {
                const f = e.currentTarget.files?.[0];
                setFile(f ? { fileName: f.name, text: await f.text() } : null);
              }}
            />
          </div>
        ) : (
          <div class="field">
            <label for="s-paste">Board (JSON)</label>
            <textarea id="s-paste" spellcheck={false} data-testid="smp-board-text" value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} />
          </div>
        )}
      </fieldset>
      <DiceChoice name="smp-dice" dice={dice} setDice={setDice} />
      <div class="field">
        <label class="choice">
          <input type="checkbox" checked={playAll} onChange={(e) => setPlayAll(e.currentTarget.checked)} />
          I answer for every nation (one screen at the table); leave unticked to invite a player per nation
        </label>
      </div>
      <ErrorBox message={error} />
      <button type="submit" class="primary big" disabled={busy} data-testid="submit-create-smp">
        Create the phase
      </button>
    </form>
  );
}
