import { useState, type ReactNode } from 'react';

/**
 * The accessible view of a chart (issue 18 item 3): the same numbers as a table in a
 * disclosure, 'Show as table', closed by default so the page stays short on a phone. The rows
 * are rendered only while it is open: five years of sessions are thousands of rows, and a
 * closed table must not cost every re-render (bench:history).
 */
export function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="progress-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Show as table</summary>
      {open && (
        <div className="progress-table-scroll">
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((c, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {c}
                      </th>
                    ) : (
                      <td key={j}>{c}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
