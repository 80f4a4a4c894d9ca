/**
 * The campaign's plots (issue 10): the Victory Point race per team by turn, the War Zone Status of
 * every zone by turn, the points per zone. Hand-drawn SVG with classes, not Observable Plot: Plot
 * puts a <style> element in every chart, which the server's `style-src 'self'` refuses. Each plot
 * is a <figure> with a caption, an SVG with role="img" and an aria-label that says the numbers,
 * and the data as a table; teams are told apart by line style, marker shape, fill pattern and
 * label, never by colour alone. Everything drawn comes from GET /api/games/:id/record, which holds
 * only public facts.
 */
import { Fragment, type ComponentChildren, type RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CampaignRecord } from '../../src/modules/cwnb/campaign-record.ts';
import { api, errorText, type Side } from './api.ts';
import { SIDES, statusAbbrev, useChartWidth } from './ui.tsx';
import './record.css';

export type RecordData = CampaignRecord & { game: { id: string; title: string; version: number } };

/** The campaign's record, fetched once. */
export function useRecord(id: string): { data: RecordData | null; error: string | null } {
  const [data, setData] = useState<RecordData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<RecordData>('GET', `/api/games/${encodeURIComponent(id)}/record`)
      .then(setData)
      .catch((e) => setError(errorText(e)));
  }, [id]);
  return { data, error };
}

const SIDE_STYLE: Record<Side, { dash?: string; marker: string }> = {
  allied: { marker: 'circle' },
  soviet: { dash: '7 4', marker: 'square' },
};

/** A round step for an axis up to `max` with about `n` ticks. */
function niceStep(max: number, n = 5): number {
  const raw = Math.max(1, max / n);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
}

/** The font of a chart's text, as record.css sets it (`.chart text`): labels are measured in it. */
const CHART_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
let measurer: CanvasRenderingContext2D | null | undefined;

/** How wide `text` is drawn in a chart, bold or not: the room its labels need on this device's font. */
function textWidth(text: string, bold = false): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 8.5; // no canvas: a generous guess
  measurer.font = `${bold ? 'bold ' : ''}${CHART_FONT}`;
  return Math.ceil(measurer.measureText(text).width);
}

function Figure({ id, box, caption, label, svg, table, tableName }: { id: string; box: RefObject<HTMLElement | null>; tableName: string; caption: ComponentChildren; label: string; svg: (props: { role: 'img'; 'aria-label': string }) => ComponentChildren; table: ComponentChildren }) {
  return (
    <figure ref={box} class="plot" data-testid={`plot-${id}`} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      {svg({ role: 'img', 'aria-label': label })}
      <details class="plot-data">
        <summary>The data as a table</summary>
        <div class="table-wrap" tabIndex={0} role="region" aria-label={`Data table: ${tableName}`}>
          {table}
        </div>
      </details>
    </figure>
  );
}

/** A side's marker at (x, y): a circle for the Allied team, a square for the Soviet team. */
function Marker({ side, x, y }: { side: Side; x: number; y: number }) {
  return SIDE_STYLE[side].marker === 'circle' ? <circle class={`mark ${side}`} cx={x} cy={y} r={4.5} /> : <rect class={`mark ${side}`} x={x - 4.5} y={y - 4.5} width={9} height={9} />;
}

/**
 * The Victory Point race: each team's VP banked to date, turn by turn (10), and once the campaign
 * is over a last point, its end (11): the points left on the Point Tracks banked and the End Game
 * bonuses added, the final score (else the race stopped short of it).
 */
export function VpRace({ data }: { data: RecordData }) {
  const [box, width] = useChartWidth();
  const W = Math.min(640, width ?? 640);
  const H = 300;
  const END = 'End (11)';
  const points: { turn: number; tick: string; running: Record<Side, number> }[] = [
    ...data.series.map((p) => ({ turn: p.turn, tick: String(p.turn), running: p.running })),
    ...(data.over && data.series.length ? [{ turn: data.series.at(-1)!.turn + 1, tick: END, running: data.totals }] : []),
  ];
  const turns = points.map((p) => p.turn);
  const max = Math.max(10, ...points.flatMap((p) => [p.running.allied, p.running.soviet]));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const name = (s: Side) => data.sides.find((d) => d.id === s)!.name;
  const endLabel = (s: Side) => `${name(s)} ${points.at(-1)?.running[s] ?? 0}`;
  // Room on the left for the axis title (drawn up the edge, to x ≈ 18) and the widest number beside
  // it; on the right for the lines' end labels ("Allied 2945") and half the last turn's.
  const m = {
    l: 28 + Math.max(...ticks.map((t) => textWidth(String(t)))),
    r: Math.max(12 + Math.max(...SIDES.map((s) => textWidth(endLabel(s), true))), textWidth(points.at(-1)?.tick ?? '') / 2 + 2),
    t: 14,
    b: 44,
  };
  const x = (turn: number) => (turns.length < 2 ? (m.l + W - m.r) / 2 : m.l + ((turn - turns[0]) / (turns.at(-1)! - turns[0])) * (W - m.l - m.r));
  const y = (v: number) => H - m.b - (v / top) * (H - m.t - m.b);
  // The turns labelled: every one if their labels fit apart, else every other or third, counted
  // back from the last point (the end) so that it is always labelled.
  const labelled = (every: number) => points.filter((_, i) => (points.length - 1 - i) % every === 0);
  const apart = (every: number) => labelled(every).every((p, i, a) => i === 0 || x(p.turn) - x(a[i - 1].turn) >= (textWidth(p.tick) + textWidth(a[i - 1].tick)) / 2 + 4);
  const every = Array.from({ length: points.length }, (_, i) => i + 1).find(apart) ?? points.length;
  const label =
    `Line chart: Victory Points banked to date by Campaign Game Turn. ` +
    data.sides.map((s) => `${s.name} (${s.id === 'allied' ? 'solid line, circles' : 'dashed line, squares'}): ${points.map((p) => `${p.tick === END ? 'at the end (11), with the Point Track banked and the End Game bonus,' : `turn ${p.turn}`} ${p.running[s.id]}`).join(', ')}`).join('. ') +
    '.';
  return (
    <Figure
      id="vp-race"
      box={box}
      tableName="Victory Points banked by turn"
      caption={
        <>
          <strong>The Victory Point race.</strong> Victory Points banked to date by each team, turn by turn (10).
          {data.over && ` At the end (11) the points left on the Point Tracks are banked and the End Game bonuses added: final score ${data.sides.map((s) => `${s.name} ${data.totals[s.id]}`).join(', ')}.`}
        </>
      }
      label={label}
      svg={(a) => (
        <svg {...a} class="chart" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="xMidYMid meet">
          {ticks.map((t) => (
            <g key={t}>
              <line class="grid" x1={m.l} x2={W - m.r} y1={y(t)} y2={y(t)} />
              <text class="tick" x={m.l - 6} y={y(t) + 4} text-anchor="end">
                {t}
              </text>
            </g>
          ))}
          {labelled(every).map((p) => (
            <text key={p.turn} class="tick" x={x(p.turn)} y={H - m.b + 18} text-anchor="middle">
              {p.tick}
            </text>
          ))}
          <text class="axis-title" x={(m.l + W - m.r) / 2} y={H - 6} text-anchor="middle">
            Campaign Game Turn
          </text>
          <text class="axis-title" x={14} y={(m.t + H - m.b) / 2} text-anchor="middle" transform={`rotate(-90 14 ${(m.t + H - m.b) / 2})`}>
            VP banked
          </text>
          {SIDES.map((s) => {
            const pts = points.map((p) => [x(p.turn), y(p.running[s])] as const);
            const last = pts.at(-1)!;
            const other = points.at(-1)!.running[s === 'allied' ? 'soviet' : 'allied'];
            const mine = points.at(-1)!.running[s];
            // End labels apart when the lines finish close together: the leader's above.
            const dy = Math.abs(y(mine) - y(other)) < 16 ? (mine > other || (mine === other && s === 'allied') ? -8 : 8) : 0;
            return (
              <g key={s} class={`series ${s}`}>
                <polyline class={`line ${s}`} points={pts.map((p) => p.join(',')).join(' ')} stroke-dasharray={SIDE_STYLE[s].dash} />
                {pts.map(([px, py], i) => (
                  <Marker key={i} side={s} x={px} y={py} />
                ))}
                <text class={`end-label ${s}`} x={last[0] + 10} y={last[1] + 4 + dy}>
                  {endLabel(s)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      table={
        <table>
          <caption>Victory Points banked by Campaign Game Turn</caption>
          <thead>
            <tr>
              <th scope="col">Turn</th>
              {data.sides.map((s) => (
                <th key={s.id} scope="col" class="n">
                  {s.name} this turn
                </th>
              ))}
              {data.sides.map((s) => (
                <th key={s.id} scope="col" class="n">
                  {s.name} to date
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.series.map((p) => (
              <tr key={p.turn}>
                <th scope="row">
                  {p.turn}
                  {p.complete ? '' : ' (under way)'}
                </th>
                {data.sides.map((s) => (
                  <td key={s.id} class="n">
                    {p.banked[s.id]}
                  </td>
                ))}
                {data.sides.map((s) => (
                  <td key={s.id} class="n">
                    {p.running[s.id]}
                  </td>
                ))}
              </tr>
            ))}
            {data.over && data.series.length > 0 && (
              <tr>
                <th scope="row">End of the campaign (11): Point Tracks banked, End Game bonuses</th>
                {data.sides.map((s) => (
                  <td key={s.id} class="n">
                    {data.totals[s.id] - data.series.at(-1)!.running[s.id]}
                  </td>
                ))}
                {data.sides.map((s) => (
                  <td key={s.id} class="n">
                    {data.totals[s.id]}
                  </td>
                ))}
              </tr>
            )}
          </tbody>
        </table>
      }
    />
  );
}

/** The War Zone Status of every zone at the end of each turn (7.2.3): a grid of named columns. */
export function ZoneStatus({ data }: { data: RecordData }) {
  const [box, width] = useChartWidth();
  const turns = Math.max(1, data.series.length);
  const rowH = 30;
  // The zones' names beside their rows, the cells 34 to 64 px wide; where that does not fit (a
  // phone), the names above their rows and the cells sharing the whole width (26 px fit "AD").
  const fit = width ?? Infinity;
  const beside = Math.min(Math.max(34, Math.min(64, 500 / turns)), (fit - 130 - 8) / turns);
  const stacked = beside < 34;
  const labelW = stacked ? 0 : 130;
  const nameH = stacked ? 16 : 0;
  const cellW = stacked ? Math.max(26, (fit - 8) / turns) : beside;
  const W = labelW + cellW * data.series.length + 8;
  const H = 24 + (nameH + rowH) * data.zones.length + 4;
  const rowY = (r: number) => 24 + r * (nameH + rowH) + nameH;
  const cols = data.statusColumns;
  const label =
    `Grid: the War Zone Status of each zone at the end of each Campaign Game Turn, from ${cols[0]} to ${cols.at(-1)}. ` +
    data.zones.map((z) => `${z.name}: ${data.series.map((p) => `turn ${p.turn} ${cols[p.status[z.id] ?? 3]}`).join(', ')}`).join('. ') +
    '.';
  return (
    <Figure
      id="zone-status"
      box={box}
      tableName="War Zone Status by turn"
      caption={
        <>
          <strong>War Zone Status by turn.</strong> Where each zone's marker stood at the end of each turn (7.2.3); the letters name the column:{' '}
          {cols.map((c, i) => (
            <Fragment key={c}>
              <span class="legend-item">
                <svg class="swatch" viewBox="0 0 14 14" aria-hidden="true">
                  <rect class={`status-${i}`} width="14" height="14" />
                </svg>
                {statusAbbrev(c)} {c}
                {i < cols.length - 1 ? ';' : '.'}
              </span>{' '}
            </Fragment>
          ))}
        </>
      }
      label={label}
      svg={(a) => (
        <svg {...a} class="chart status-grid" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="xMinYMid meet">
          {data.series.map((p, i) => (
            <text key={p.turn} class="tick" x={labelW + i * cellW + cellW / 2} y={16} text-anchor="middle">
              {`T${p.turn}`}
            </text>
          ))}
          {data.zones.map((z, r) => (
            <g key={z.id}>
              {stacked ? (
                <text class="row-label" x={0} y={rowY(r) - 4}>
                  {z.name}
                </text>
              ) : (
                <text class="row-label" x={labelW - 8} y={rowY(r) + rowH / 2 + 4} text-anchor="end">
                  {z.name}
                </text>
              )}
              {data.series.map((p, i) => {
                const c = p.status[z.id] ?? 3;
                return (
                  <g key={p.turn}>
                    <rect class={`cell status-${c}`} x={labelW + i * cellW + 1} y={rowY(r) + 1} width={cellW - 2} height={rowH - 2} />
                    <text class={`cell-label status-text-${c}`} x={labelW + i * cellW + cellW / 2} y={rowY(r) + rowH / 2 + 4} text-anchor="middle">
                      {statusAbbrev(cols[c])}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
        </svg>
      )}
      table={
        <table>
          <caption>War Zone Status at the end of each turn</caption>
          <thead>
            <tr>
              <th scope="col">War Zone</th>
              {data.series.map((p) => (
                <th key={p.turn} scope="col">
                  Turn {p.turn}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.zones.map((z) => (
              <tr key={z.id}>
                <th scope="row">{z.name}</th>
                {data.series.map((p) => (
                  <td key={p.turn}>{cols[p.status[z.id] ?? 3]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Each zone's points: VP banked plus its End Game bonus (11), per team, as paired bars. */
export function ZonePointsPlot({ data }: { data: RecordData }) {
  const [box, width] = useChartWidth();
  const W = Math.min(640, width ?? 640);
  const barLabel = (z: RecordData['perZone'][number], s: Side) => `${data.sides.find((d) => d.id === s)!.name} ${z.total[s]}${z.bonus[s] ? ` (bonus +${z.bonus[s]})` : ''}`;
  const right = W - 8 - Math.max(0, ...data.perZone.flatMap((z) => [textWidth(barLabel(z, 'allied')), textWidth(barLabel(z, 'soviet'))])); // room for the longest label
  // The zones' names beside their bars; where that leaves the bars under 150 px (a phone), above them.
  const stacked = right - 130 < 150;
  const labelW = stacked ? 1 : 130;
  const nameH = stacked ? 16 : 0;
  const barH = 15; // a label's glyphs are about 14 px high: the two labels of a zone apart
  const groupH = nameH + 2 * barH + 14;
  const H = 10 + groupH * data.perZone.length + 24;
  const max = Math.max(10, ...data.perZone.flatMap((z) => [z.total.allied, z.total.soviet]));
  const x = (v: number) => labelW + (v / max) * (right - labelW);
  const what = data.over ? 'VP banked plus the End Game bonus' : 'VP banked so far';
  const label = `Bar chart: each War Zone's points, ${what}. ` + data.perZone.map((z) => `${z.name}: ${data.sides.map((s) => `${s.name} ${z.total[s.id]}`).join(', ')}`).join('. ') + '.';
  return (
    <Figure
      id="zone-points"
      box={box}
      tableName="points per War Zone"
      caption={
        <>
          <strong>Points per War Zone.</strong> {data.over ? "Each zone's score: Victory Points banked there plus its End Game bonus (11)." : 'Victory Points banked from each zone so far (the End Game bonuses come after the last turn).'} Allied bars are solid, Soviet bars hatched.
        </>
      }
      label={label}
      svg={(a) => (
        <svg {...a} class="chart" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="xMidYMid meet">
          <defs>
            <pattern id="hatch-soviet" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
              <rect class="hatch-bg" width="6" height="6" />
              <line class="hatch-line" x1="0" y1="0" x2="0" y2="6" stroke-width="3" />
            </pattern>
          </defs>
          <line class="axis" x1={labelW} x2={labelW} y1={6} y2={H - 20} />
          {data.perZone.map((z, r) => {
            const y0 = 10 + r * groupH + nameH; // the bars' top
            return (
              <g key={z.zone}>
                {stacked ? (
                  <text class="row-label" x={labelW + 5} y={y0 - 4}>
                    {z.name}
                  </text>
                ) : (
                  <text class="row-label" x={labelW - 8} y={y0 + barH + 4} text-anchor="end">
                    {z.name}
                  </text>
                )}
                {data.sides.map((s, k) => {
                  const v = z.total[s.id];
                  return (
                    <g key={s.id}>
                      <rect class={`bar ${s.id}`} x={labelW} y={y0 + k * barH} width={Math.max(0, x(v) - labelW)} height={barH - 1} fill={s.id === 'soviet' ? 'url(#hatch-soviet)' : undefined} />
                      <text class="bar-label" x={x(v) + 4} y={y0 + k * barH + barH - 3}>
                        {barLabel(z, s.id)}
                      </text>
                    </g>
                  );
                })}
              </g>
            );
          })}
          <text class="axis-title" x={(labelW + right) / 2} y={H - 4} text-anchor="middle">
            {data.over ? 'Zone score (VP)' : 'VP banked'}
          </text>
        </svg>
      )}
      table={<ZoneTable data={data} />}
    />
  );
}

/** Each zone's contribution as a table: banked, bonus, score, and its margin. */
export function ZoneTable({ data, caption }: { data: RecordData; caption?: string }) {
  const margin = (z: { total: Record<Side, number> }) => {
    const d = z.total.allied - z.total.soviet;
    return d === 0 ? 'even' : `${d > 0 ? 'Allied' : 'Soviet'} +${Math.abs(d)}`;
  };
  return (
    <table class="zone-table">
      <caption>{caption ?? 'Points per War Zone'}</caption>
      <thead>
        <tr>
          <th scope="col">War Zone</th>
          <th scope="col">{data.over ? 'Final status' : 'Status now'}</th>
          <th scope="col" class="n">
            Allied VP banked
          </th>
          <th scope="col" class="n">
            Soviet VP banked
          </th>
          {data.over && <th scope="col">End Game bonus</th>}
          <th scope="col" class="n">
            Allied {data.over ? 'score' : 'so far'}
          </th>
          <th scope="col" class="n">
            Soviet {data.over ? 'score' : 'so far'}
          </th>
          <th scope="col">Zone margin</th>
        </tr>
      </thead>
      <tbody>
        {data.perZone.map((z) => (
          <tr key={z.zone}>
            <th scope="row">{z.name}</th>
            <td>{data.statusColumns[z.status]}</td>
            <td class="n">{z.banked.allied}</td>
            <td class="n">{z.banked.soviet}</td>
            {data.over && <td>{z.bonus.allied ? `Allied +${z.bonus.allied}` : z.bonus.soviet ? `Soviet +${z.bonus.soviet}` : '—'}</td>}
            <td class="n">{z.total.allied}</td>
            <td class="n">{z.total.soviet}</td>
            <td>{margin(z)}</td>
          </tr>
        ))}
        <tr class="sum">
          <th scope="row">All zones</th>
          <td />
          <td class="n">{data.banked.allied}</td>
          <td class="n">{data.banked.soviet}</td>
          {data.over && <td>{[data.bonus.allied ? `Allied +${data.bonus.allied}` : '', data.bonus.soviet ? `Soviet +${data.bonus.soviet}` : ''].filter(Boolean).join(', ') || '—'}</td>}
          <td class="n">{data.totals.allied}</td>
          <td class="n">{data.totals.soviet}</td>
          <td>{margin({ total: data.totals })}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The three plots. */
export function Plots({ data }: { data: RecordData }) {
  return (
    <section class="plots" aria-labelledby="plots-h">
      <h2 id="plots-h">Plots</h2>
      <VpRace data={data} />
      <ZoneStatus data={data} />
      <ZonePointsPlot data={data} />
    </section>
  );
}
