import { useRecord } from './plots.tsx';
import { Link, useTitle } from './router.tsx';
import { ErrorBox } from './ui.tsx';
import './record.css';

/**
 * `/g/:id/record`: the Victory Point Record Sheet (the rulebook's last page; rules 10, 11) as a
 * printable page: the tables `wardroom record-sheet` prints, from GET /api/games/:id/record.
 * "Print / Save as PDF" opens the browser's print dialog; the print style drops the links and
 * buttons and fits the tables to A4 or Letter, whichever paper the printer uses.
 */
export function RecordSheetPage({ id }: { id: string }) {
  const { data, error } = useRecord(id);
  const title = data ? `Victory Point Record Sheet — ${data.game.title}` : 'Victory Point Record Sheet';
  useTitle(`${title} — Wardroom`);
  const base = `/g/${encodeURIComponent(id)}`;
  return (
    <main class="record-sheet" data-testid="record-sheet">
      <nav class="page-links no-print" aria-label="Campaign pages">
        <Link href={base}>Back to the campaign</Link> · <Link href={`${base}/end`}>{data?.over ? 'End of the campaign' : 'Plots'}</Link>
      </nav>
      <div class="no-print sheet-buttons">
        <button type="button" class="primary" data-testid="print-button" onClick={() => window.print()} disabled={!data}>
          Print / Save as PDF
        </button>
        <a class="button" href={`/api/games/${encodeURIComponent(id)}/record.csv`} download data-testid="csv-link">
          Download as CSV
        </a>
      </div>
      <h1>{title}</h1>
      <ErrorBox message={error} />
      {!data && !error && <p aria-busy="true">Loading the record sheet…</p>}
      {data && (
        <>
          {data.sheet.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          {data.sheet.tables.map((t) => (
            <div class="table-wrap" key={t.caption} tabIndex={0} role="region" aria-label={t.caption}>
              <table class="sheet-table">
                <caption>{t.caption}</caption>
                <thead>
                  <tr>
                    {t.head.map((h, c) => (
                      <th key={h} scope="col" class={t.numeric[c] ? 'n' : undefined}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {t.rows.map((r, i) => (
                    <tr key={i} class={r.sum ? 'sum' : undefined}>
                      {r.cells.map((cell, c) => (
                        <td key={c} class={t.numeric[c] ? 'n' : undefined}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          <p class="result" data-testid="sheet-result">
            {data.sheet.result}
          </p>
        </>
      )}
    </main>
  );
}
