import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from './api.ts';
import { Link, navigate, useLocation, useTitle } from './router.tsx';
import { ErrorBox, useChartWidth } from './ui.tsx';

/**
 * `/odds`: the exact odds of each Strategic Missions Phase dice procedure (issue 10), as
 * `wardroom smp odds` computes them: the server answers (GET /api/odds/:procedure), the page draws
 * the distribution as SVG bars with a table as its text alternative, its mean, and the chance of
 * at least N. The procedure and its inputs are in the address, so a result can be linked to.
 */

interface Input {
  key: string;
  label: string;
  kind: 'int' | 'choice';
  default?: number | string;
  optional?: boolean;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
}
interface Procedure {
  id: string;
  name: string;
  step: string;
  outcome: string;
  inputs: Input[];
}
interface Result {
  procedure: string;
  title: string;
  outcome: string;
  distribution: { k: number; p: number; atLeast: number }[];
  mean: number;
}
/** A result and the form's values it was asked for (those of the address). */
type Shown = Result & { values: Record<string, string> };

const pct = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.0001 ? 4 : 2)}%`;
/** "1 hit", "1 success" (damage stays damage). */
const singular = (outcome: string) => ({ hits: 'hit', successes: 'success' })[outcome] ?? outcome;

export function Odds() {
  useTitle('Exact odds — Wardroom');
  const url = useLocation();
  const [procedures, setProcedures] = useState<Procedure[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [n, setN] = useState(1);
  const chosen = url.searchParams.get('p') ?? 'kamikaze';
  const proc = procedures?.find((p) => p.id === chosen) ?? procedures?.[0];
  const [values, setValues] = useState<Record<string, string>>({});

  useEffect(() => {
    api<{ procedures: Procedure[] }>('GET', '/api/odds')
      .then((r) => setProcedures(r.procedures))
      .catch((e) => setError(errorText(e)));
  }, []);

  // The inputs from the address (or the defaults, as the API fills them in), and their odds, whenever the procedure or the address changes.
  const query = url.search;
  useEffect(() => {
    if (!proc) return;
    const v: Record<string, string> = {};
    for (const i of proc.inputs) v[i.key] = url.searchParams.get(i.key) ?? (i.default === undefined ? '' : String(i.default));
    setValues(v);
    const q = new URLSearchParams(Object.entries(v).filter(([, x]) => x !== ''));
    setError(null);
    let current = true; // an answer to an address left since is dropped
    api<Result>('GET', `/api/odds/${proc.id}?${q}`)
      .then((r) => {
        if (!current) return;
        setShown({ ...r, values: v });
        setN((old) => Math.min(old, r.distribution.length - 1));
      })
      .catch((e) => {
        if (!current) return;
        setShown(null);
        setError(errorText(e));
      });
    return () => {
      current = false;
    };
  }, [proc?.id, query]);

  const submit = (e: Event) => {
    e.preventDefault();
    if (!proc) return;
    const q = new URLSearchParams({ p: proc.id, ...Object.fromEntries(Object.entries(values).filter(([, x]) => x !== '')) });
    navigate(`/odds?${q}`, true);
  };

  // The odds drawn are those of the address; the form's values changed since (or refused by the browser, which then sends nothing) are named.
  const result = shown?.procedure === proc?.id ? shown : null;
  const changed = result ? (proc?.inputs ?? []).filter((i) => values[i.key] !== result.values[i.key]) : [];
  const atLeast = result ? (result.distribution[n]?.atLeast ?? (n <= 0 ? 1 : 0)) : 0;
  return (
    <main>
      <p>
        <Link href="/">← Home</Link>
      </p>
      <h1>Exact odds: Strategic Missions Phase</h1>
      <p class="help">Exact distributions (no sampling), the same as <code>wardroom smp odds</code> prints.</p>
      <div class="field">
        <label for="odds-procedure">Dice procedure</label>
        <select id="odds-procedure" data-testid="odds-procedure" value={proc?.id ?? ''} onChange={(e) => navigate(`/odds?p=${encodeURIComponent(e.currentTarget.value)}`, true)}>
          {(procedures ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.step}: {p.name}
            </option>
          ))}
        </select>
        {/* In full: a closed list on a phone cuts a long name off. */}
        {proc && <small class="chosen-option">Chosen: {proc.step}: {proc.name}</small>}
      </div>
      {proc && (
        <form class="card" onSubmit={submit} data-testid="odds-form" aria-label={`Inputs of ${proc.name}`}>
          {proc.inputs.map((i) =>
            i.kind === 'choice' ? (
              <div class="field" key={i.key}>
                <label for={`odds-${i.key}`}>{i.label}</label>
                <select id={`odds-${i.key}`} name={i.key} value={values[i.key] ?? ''} onChange={(e) => setValues({ ...values, [i.key]: e.currentTarget.value })}>
                  {(i.options ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div class="field" key={i.key}>
                <label for={`odds-${i.key}`}>
                  {i.label}
                  {i.optional ? ' (optional)' : ''}
                </label>
                <input id={`odds-${i.key}`} name={i.key} type="number" inputMode="numeric" min={i.min} max={i.max} step={1} required={!i.optional} value={values[i.key] ?? ''} onInput={(e) => setValues({ ...values, [i.key]: e.currentTarget.value })} />
              </div>
            ),
          )}
          <button type="submit" class="primary" data-testid="odds-submit">
            Show the odds
          </button>
        </form>
      )}
      <ErrorBox message={error} />
      {result && (
        <section class="card" aria-labelledby="odds-result-h" data-testid="odds-result">
          <h2 id="odds-result-h">{result.title}</h2>
          <p class="notice" role="status" data-testid="odds-stale" hidden={!changed.length}>
            {changed.length > 0 && `These odds are for the values before your changes: ${changed.map((i) => `${i.label}: ${result.values[i.key] || '(empty)'}`).join('; ')}. Show the odds to see those of the form.`}
          </p>
          <p class="totals">
            Mean: <strong data-testid="odds-mean">{result.mean.toFixed(3)}</strong> {result.outcome}
          </p>
          <div class="field">
            <label for="odds-n">Chance of at least N {result.outcome}: N =</label>
            <input id="odds-n" type="number" inputMode="numeric" min={0} max={result.distribution.length} value={n} onInput={(e) => setN(Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)))} data-testid="odds-n" />
            <p role="status" data-testid="odds-at-least">
              P(at least {n} {n === 1 ? singular(result.outcome) : result.outcome}) = <strong>{pct(atLeast)}</strong>
            </p>
          </div>
          <Chart result={result} n={n} />
          <details open={result.distribution.length <= 30}>
            <summary>The distribution as a table</summary>
            <div class="table-wrap">
              <table data-testid="odds-table" id="odds-table">
                <caption>
                  {result.title}: the chance of each {result.outcome === 'damage' ? 'amount' : 'number'} of {result.outcome}, and of at least that {result.outcome === 'damage' ? 'much' : 'many'}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{result.outcome[0].toUpperCase() + result.outcome.slice(1)}</th>
                    <th scope="col">Exactly</th>
                    <th scope="col">At least</th>
                  </tr>
                </thead>
                <tbody>
                  {result.distribution.map((d) => (
                    <tr key={d.k} data-k={d.k}>
                      <th scope="row">{d.k}</th>
                      <td>{pct(d.p)}</td>
                      <td>{pct(d.atLeast)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}
    </main>
  );
}

/** SVG bars, one per outcome; those counted in "at least N" are drawn hatched darker. The table is its text alternative. */
function Chart({ result, n }: { result: Result; n: number }) {
  const d = result.distribution;
  // Laid out for the width it is drawn at, so its 11 px text stays 11 px on a phone.
  const [box, width] = useChartWidth();
  const W = Math.min(600, width ?? 600);
  const H = 220;
  const pad = { left: 56, right: 8, top: 10, bottom: 30 };
  const top = Math.max(...d.map((x) => x.p), 1e-9);
  const bw = (W - pad.left - pad.right) / d.length;
  const y = (p: number) => pad.top + (H - pad.top - pad.bottom) * (1 - p / top);
  const every = Math.max(1, Math.ceil(d.length / Math.floor(W / 30)));
  const mode = d.reduce((m, x) => (x.p > m.p ? x : m), d[0]);
  return (
    <figure ref={box}>
      <svg class="odds-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="odds-chart-title odds-chart-desc" data-testid="odds-chart">
        <title id="odds-chart-title">Bar chart: {result.title}</title>
        <desc id="odds-chart-desc">
          {d.length} bars from 0 to {d.length - 1} {result.outcome}; the most likely is {mode.k} ({pct(mode.p)}); mean {result.mean.toFixed(3)}. The table below gives every bar's value.
        </desc>
        <line x1={pad.left} y1={H - pad.bottom} x2={W - pad.right} y2={H - pad.bottom} />
        <line x1={pad.left} y1={pad.top} x2={pad.left} y2={H - pad.bottom} />
        <text x={pad.left - 4} y={pad.top + 4} text-anchor="end">
          {pct(top)}
        </text>
        <text x={pad.left - 4} y={H - pad.bottom} text-anchor="end">
          0%
        </text>
        {d.map((x) => (
          <g key={x.k}>
            <rect class={x.k >= n ? 'bar at-least' : 'bar'} x={pad.left + x.k * bw + bw * 0.1} y={y(x.p)} width={Math.max(bw * 0.8, 0.5)} height={H - pad.bottom - y(x.p)} />
            {x.k >= n && x.p > 0 && bw >= 8 && (
              <text x={pad.left + (x.k + 0.5) * bw} y={y(x.p) - 3} text-anchor="middle" aria-hidden="true">
                ▲
              </text>
            )}
            {/* Every `every`-th outcome and the last (the axis ends where the outcomes do), none too close before it. */}
            {(x.k === d.length - 1 || (x.k % every === 0 && x.k + every <= d.length - 1)) && (
              <text x={pad.left + (x.k + 0.5) * bw} y={H - pad.bottom + 14} text-anchor="middle">
                {x.k}
              </text>
            )}
          </g>
        ))}
        <text x={(W + pad.left) / 2} y={H - 2} text-anchor="middle">
          {result.outcome}
        </text>
      </svg>
      <figcaption class="help">
        Chart of the distribution: the brown bars, marked ▲, are the outcomes of at least {n} {result.outcome}. The same numbers are in the table <a href="#odds-table">below</a>.
      </figcaption>
    </figure>
  );
}
