import { readInitials, type HighScore } from '../../../contracts/scores.ts';

// Made on the first date shown, not when the module loads (issue 21.3): the first Intl
// formatter sets up ICU, work the screen's chunk did before hydrating though its first view
// (the tables' empty shape) shows no date.
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatScoreDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return dateFormat.format(date);
}

export type ScoreColumn = 'Rank' | 'Level' | 'Score' | 'Initials' | 'Date';

interface Props {
  readonly caption: string;
  readonly rows: readonly HighScore[];
  readonly columns: readonly ScoreColumn[];
  /** Rows of this local user id are highlighted as the viewer's own (spec §2.3). */
  readonly ownLocalUserId?: string | null;
  /** Shown in place of the table when there are no rows. */
  readonly emptyText: string;
  /** The caption is for screen readers only (a heading already names the table). */
  readonly hideCaption?: boolean;
  /** Mark own rows with '(you)' as well as the highlight (not where every row is one's own). */
  readonly ownLabel?: boolean;
}

function cell(column: ScoreColumn, row: HighScore, index: number) {
  switch (column) {
    case 'Rank':
      return index + 1;
    case 'Level':
      return row.level;
    case 'Score':
      return row.score.toLocaleString('en-US');
    case 'Initials':
      return readInitials(row);
    case 'Date':
      return <time dateTime={row.created_at}>{formatScoreDate(row.created_at)}</time>;
  }
}

/** An accessible score table: a caption, column headers, the rank as each row's header. */
export function ScoreTable({
  caption,
  rows,
  columns,
  ownLocalUserId,
  emptyText,
  hideCaption = false,
  ownLabel = true,
}: Props) {
  if (rows.length === 0) {
    if (hideCaption) return <p className="lb-empty">{emptyText}</p>;
    return (
      <div className="lb-block">
        <h3 className="lb-caption">{caption}</h3>
        <p className="lb-empty">{emptyText}</p>
      </div>
    );
  }
  return (
    <table className="lb-table">
      <caption className={hideCaption ? 'lb-visually-hidden' : 'lb-caption'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={`lb-col-${column.toLowerCase()}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const own = !!ownLocalUserId && row.local_user_id === ownLocalUserId;
          return (
            <tr key={row.id} className={own ? 'lb-own' : undefined} data-own={own || undefined}>
              {columns.map((column, c) => {
                const content = cell(column, row, index);
                const cls = `lb-col-${column.toLowerCase()}`;
                return c === 0 ? (
                  <th key={column} scope="row" className={cls}>
                    {content}
                    {own && ownLabel ? <span className="lb-you"> (you)</span> : null}
                  </th>
                ) : (
                  <td key={column} className={cls}>
                    {content}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
