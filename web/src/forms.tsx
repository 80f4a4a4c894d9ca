import { useRef, useState } from 'preact/hooks';
import type { ActionSpec, FieldSpec, Fields, UnavailableOption } from './api.ts';
import { openOptions } from '../../src/engine/kernel.ts';
import { chosenQuestion, collect, initialValues, type Values } from './form-values.ts';
import { ErrorBox } from './ui.tsx';

let serial = 0;
const uid = (p: string) => `${p}-${++serial}`;

/**
 * Forms drawn from the engine's action descriptors (ActionSpec, FieldSpec): no form is written
 * for a particular action. A choice's option may ask more fields (its variant `fields`); their
 * values go into the action beside the others, as the engine reads them.
 */

export function FieldInputs({ fields, values, set, idPrefix }: { fields: Fields | undefined; values: Values; set: (key: string, v: unknown) => void; idPrefix: string }) {
  return (
    <>
      {Object.entries(fields ?? {}).map(([key, f]) => (
        <FieldInput key={key} name={key} f={f} values={values} set={set} idPrefix={idPrefix} />
      ))}
    </>
  );
}

/** The choices the seat cannot make now, each with why ("it costs 60 and you have 40 points left"). */
function NotAvailable({ list }: { list: readonly UnavailableOption[] | undefined }) {
  if (!list?.length) return null;
  return (
    <details class="unavailable">
      <summary>Not available now ({list.length})</summary>
      <ul>
        {list.map((o) => (
          <li key={String(o.value)}>
            {o.label}: {o.why}
          </li>
        ))}
      </ul>
    </details>
  );
}

function FieldInput({ name, f, values, set, idPrefix }: { name: string; f: FieldSpec; values: Values; set: (key: string, v: unknown) => void; idPrefix: string }) {
  const [id] = useState(() => uid(`${idPrefix}-${name}`));
  const v = values[name];
  const help = f.help ? <small id={`${id}-help`}>{f.help}</small> : null;
  const described = f.help ? `${id}-help` : undefined;
  const label = `${f.label}${f.optional ? ' (optional)' : ''}`;
  switch (f.kind) {
    case 'choice': {
      const options = openOptions(f, values); // a Command Ship among the ships ticked (13.4)
      const chosen = options.find((o) => o.value === v);
      // The fields the chosen option asks come after the choice, not inside its group: a screen
      // reader hears one group after another, never a group (a radio group, dice) inside a group.
      const more = chosen?.fields && <FieldInputs fields={chosen.fields} values={values} set={set} idPrefix={id} />;
      if (f.options.length <= 4) {
        return (
          <>
            <fieldset class="field">
              <legend>{label}</legend>
              {help}
              <div class="choices">
                {options.map((o) => (
                  <label key={String(o.value)} class="choice">
                    <input type="radio" name={id} checked={v === o.value} onChange={() => set(name, o.value)} />
                    {o.label}
                  </label>
                ))}
                {f.optional && (
                  <label class="choice">
                    <input type="radio" name={id} checked={chosen === undefined} onChange={() => set(name, undefined)} />
                    None
                  </label>
                )}
              </div>
              <NotAvailable list={f.unavailable} />
            </fieldset>
            {more}
          </>
        );
      }
      return (
        <>
          <div class="field">
            <label for={id}>{label}</label>
            {help}
            <select id={id} aria-describedby={described} value={chosen ? String(chosen.value) : ''} onChange={(e) => set(name, options.find((o) => String(o.value) === e.currentTarget.value)?.value)}>
              <option value="">{f.optional ? 'None' : 'Choose…'}</option>
              {options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
            {/* The chosen option in full: a closed list on a phone cuts a long one off (a ship's cost, a teammate's order). */}
            {chosen && (
              <small class="chosen-option" data-testid={`chosen-option-${name}`}>
                Chosen: {chosen.label}
              </small>
            )}
            <NotAvailable list={f.unavailable} />
          </div>
          {more}
        </>
      );
    }
    case 'subset': {
      const chosen = (v as unknown[] | undefined) ?? [];
      return (
        <fieldset class="field">
          <legend>
            {label}{' '}
            <small>
              (choose {f.min === f.max ? f.min : `${f.min}–${f.max}`}; <span data-testid={`chosen-${name}`} aria-live="polite">{chosen.length} chosen</span>)
            </small>
          </legend>
          {help}
          <div class="choices">
            {f.options.map((o) => (
              <label key={String(o.value)} class="choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(o.value)}
                  // At the most the rules allow: no more can be ticked (untick one to change).
                  disabled={!chosen.includes(o.value) && chosen.length >= f.max}
                  onChange={(e) => set(name, e.currentTarget.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))}
                />
                {o.label}
              </label>
            ))}
          </div>
          <NotAvailable list={f.unavailable} />
        </fieldset>
      );
    }
    case 'int':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          {help}
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={f.min}
            max={f.max}
            step={1}
            aria-describedby={described}
            value={v === undefined ? '' : String(v)}
            onInput={(e) => {
              const t = e.currentTarget.value;
              set(name, t === '' ? undefined : Number(t));
            }}
          />
        </div>
      );
    case 'dice': {
      const dice = (v as (number | undefined)[] | undefined) ?? f.sides.map(() => undefined);
      return (
        <fieldset class="field">
          <legend>{label}</legend>
          {help}
          {f.sides.map((sides, i) => (
            <label key={i} class="die">
              {f.labels?.[i] ?? `Die ${i + 1}`} (d{sides}{f.min !== undefined && i >= f.min ? ', if the rules call for it' : ''})
              <select value={dice[i] === undefined ? '' : String(dice[i])} onChange={(e) => set(name, dice.map((d, j) => (j === i ? (e.currentTarget.value ? Number(e.currentTarget.value) : undefined) : d)))}>
                <option value="">–</option>
                {Array.from({ length: sides }, (_, k) => (
                  <option key={k} value={String(k + 1)}>
                    {k + 1}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      );
    }
    case 'bool':
      return (
        <div class="field">
          <label class="choice">
            <input type="checkbox" checked={v === true} aria-describedby={described} onChange={(e) => set(name, e.currentTarget.checked)} />
            {f.label}
          </label>
          {help}
        </div>
      );
    case 'text':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          {help}
          <input id={id} type="text" maxLength={f.maxLength} aria-describedby={described} value={(v as string | undefined) ?? ''} onInput={(e) => set(name, e.currentTarget.value)} />
        </div>
      );
  }
}

/**
 * One action the seat may take, as a form; `submit` sends it and throws the server's refusal. A
 * form with fields folds away under its label unless `open` (the one thing the seat is asked).
 */
export function ActionForm({ spec, seat, submit, open = false }: { spec: ActionSpec; seat: string; submit: (action: Values) => Promise<void>; open?: boolean }) {
  const [values, setValues] = useState<Values>(() => initialValues(spec.fields));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The form as the game offers it now: once an answer is in, the next question may be this very form's.
  const latest = useRef(spec);
  latest.current = spec;
  // A change clears the refusal of what was there before.
  const set = (k: string, v: unknown) => {
    setError(null);
    setValues((old) => ({ ...old, [k]: v }));
  };
  const hasFields = Object.keys(spec.fields ?? {}).length > 0;
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const fields = collect(spec.fields, values);
    if (typeof fields === 'string') return setError(fields);
    if (spec.confirm && !confirm(chosenQuestion(spec.fields, fields) ?? spec.question ?? `${spec.label}?`)) return;
    setBusy(true);
    setError(null);
    try {
      await submit({ type: spec.type, seat, ...fields });
      setValues(initialValues(latest.current.fields));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const body = (
    <>
      {spec.help && <p class="help">{spec.help}</p>}
      {spec.secret && hasFields && <p class="secret">Secret: only your team sees what you enter here.</p>}
      <FieldInputs fields={spec.fields} values={values} set={set} idPrefix={`${seat}-${spec.type}`} />
      <ErrorBox message={error} />
      <button type="submit" class="primary" disabled={busy} data-testid={`submit-${spec.type}`}>
        {hasFields ? 'Submit' : spec.label}
      </button>
    </>
  );
  return (
    <form class="action" data-testid={`action-${spec.type}`} data-seat={seat} onSubmit={onSubmit}>
      {hasFields ? (
        <details open={open}>
          <summary>
            {/* One flex item: the rule follows the label's last word, and wraps as a unit (not letter by letter in a column of its own). */}
            <span>
              {spec.label}
              {spec.rule && (
                <>
                  {' '}
                  <small class="rule-ref">(rule {spec.rule})</small>
                </>
              )}
            </span>
          </summary>
          {body}
        </details>
      ) : (
        <>
          {spec.rule && <small class="rule">Rule {spec.rule}</small>}
          {body}
        </>
      )}
    </form>
  );
}
