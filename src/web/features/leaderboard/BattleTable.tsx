/**
 * The leader board's Battle table (issue 17 item 2): the top signed-in players by shown rating
 * (OpenSkill's μ − 3σ), with games and wins. Shown by initials only: the board is public.
 */
import { battleText } from './messages.ts';
import { useBattleBoard } from './useBattleBoard.ts';

const COLUMNS = ['Rank', 'Initials', 'Rating', 'Games', 'Wins'] as const;

export function BattleTable() {
  const state = useBattleBoard();
  return (
    <section className="card lb-card" aria-labelledby="lb-battle-heading">
      <h2 id="lb-battle-heading">{battleText.heading}</h2>
      <div className="lb-battle-body" aria-busy={state.phase === 'loading'}>
        {state.phase === 'loading' ? <p className="lb-status">{battleText.loading}</p> : null}
        {state.phase === 'failed' ? (
          <div className="lb-status status-error" role="alert">
            <p>
              <strong>{battleText.failed}</strong>
            </p>
            <p className="lb-detail">{state.message}</p>
          </div>
        ) : null}
        {state.phase === 'ready' && state.rows.length === 0 ? (
          <p className="lb-empty">{battleText.empty}</p>
        ) : null}
        {state.phase === 'ready' && state.rows.length > 0 ? (
          <table className="lb-table">
            <caption className="lb-visually-hidden">{battleText.caption}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={`lb-col-${column.toLowerCase()}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => (
                <tr key={row.rank}>
                  <th scope="row" className="lb-col-rank">
                    {row.rank}
                  </th>
                  <td className="lb-col-initials">{row.initials}</td>
                  <td className="lb-col-rating">{row.rating.toFixed(1)}</td>
                  <td className="lb-col-games">{row.games}</td>
                  <td className="lb-col-wins">{row.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}
