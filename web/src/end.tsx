import { Plots, useRecord, ZoneTable } from './plots.tsx';
import { Link, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';

/**
 * `/g/:id/end`: the end of the campaign (issue 10, rule 11): the winner, the margin, the level of
 * victory with the rulebook's historical description, each War Zone's contribution, and the plots.
 * Before the end it shows the campaign so far and says so. Everything comes from
 * GET /api/games/:id/record (public facts only).
 */
export function End({ id }: { id: string }) {
  const { data, error } = useRecord(id);
  useTitle(data ? `End of the campaign — ${data.game.title} — Wardroom` : 'Wardroom');
  const base = `/g/${encodeURIComponent(id)}`;
  const nav = (
    <nav class="page-links no-print" aria-label="Campaign pages">
      <Link href={base}>Back to the campaign</Link> · <Link href={`${base}/record`}>Victory Point Record Sheet</Link> ·{' '}
      <a href={`/api/games/${encodeURIComponent(id)}/record.csv`} download data-testid="csv-link">
        Download the record as CSV
      </a>
    </nav>
  );
  if (!data) {
    return (
      <main>
        {nav}
        <ErrorBox message={error} />
        {!error && <p aria-busy="true">Loading the campaign's record…</p>}
      </main>
    );
  }
  const r = data.result;
  const name = (side: string) => data.sides.find((s) => s.id === side)?.name ?? side;
  const last = data.series.at(-1);
  return (
    <main class="end-page" data-testid="end-page">
      {nav}
      <h1>{r ? 'End of the campaign' : 'The campaign so far'}</h1>
      <p class="meta">{data.game.title}</p>
      <section class="card" aria-labelledby="result-h">
        <h2 id="result-h">Result</h2>
        {r ? (
          <>
            <p class="verdict" data-testid="verdict">
              {r.winner ? `${name(r.winner)} ${r.level} Victory by ${r.margin} Victory Points` : `A draw at ${data.totals.allied} Victory Points each`}
            </p>
            <dl class="result-facts">
              <dt>Winner</dt>
              <dd>{r.winner ? `The ${name(r.winner)} team` : 'Neither team: a draw'}</dd>
              <dt>Final score</dt>
              <dd>{data.sides.map((s) => `${s.name} ${data.totals[s.id]}`).join(', ')} (VP banked plus End Game bonuses, 11)</dd>
              <dt>Margin</dt>
              <dd>{r.margin} Victory Points</dd>
              <dt>Level of victory</dt>
              <dd>{r.level}</dd>
            </dl>
            {r.historicalDescription ? (
              <figure class="historical" data-testid="historical">
                <blockquote>
                  <p>“{r.historicalDescription}”</p>
                </blockquote>
                <figcaption>
                  The rulebook's historical description of a {r.level} Victory ({r.source}), addressed to the winners{r.winner ? `, the ${name(r.winner)} team` : ''}.
                </figcaption>
              </figure>
            ) : (
              <p data-testid="historical">
                The rulebook's table of victory levels (rule 11) begins at a margin of 1 Victory Point: it gives no historical description for a draw, so none is shown.
              </p>
            )}
          </>
        ) : (
          <p data-testid="verdict">
            The campaign is not over: Campaign Game Turn {last?.turn ?? 1} is {last?.complete ? 'complete' : 'under way'}. Victory Points banked so far: {data.sides.map((s) => `${s.name} ${data.totals[s.id]}`).join(', ')}. The winner, the
            End Game bonuses and the level of victory are settled after the last turn (11).
          </p>
        )}
      </section>
      <section class="card" aria-labelledby="zones-h">
        <h2 id="zones-h">Each War Zone's contribution</h2>
        <p>Rule 11: the game is won or lost by the whole team; individual players can be assessed from their War Zones' scores.</p>
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Table of each War Zone's points">
          <ZoneTable data={data} caption={r ? "Each War Zone's score: VP banked, End Game bonus, and the zone's margin" : 'Victory Points banked from each War Zone so far'} />
        </div>
      </section>
      <Plots data={data} />
    </main>
  );
}
