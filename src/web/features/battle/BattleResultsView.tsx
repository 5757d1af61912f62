/**
 * The results screen (issue 17 item 1): the winner (or why the match ended), each player's
 * reaction times and accuracy per note in a small table, rating changes for rated players,
 * Rematch with one click and New game.
 */
import { noteOf, pitches, type Pitch } from '../../../music/notes.ts';
import type { BattleView, MatchView, PlayerResult } from './battleView.ts';
import { msWords, outcomeWords } from './battleWords.ts';

export interface BattleResultsViewProps {
  readonly view: BattleView;
  readonly match: MatchView;
  readonly onRematch: () => void;
  readonly onNewGame: () => void;
}

const percent = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);

export function BattleResultsView({ view, match, onRematch, onNewGame }: BattleResultsViewProps) {
  const results = view.results!;
  const nameOf = (seat: string) =>
    seat === match.you ? 'You' : (match.players.find((p) => p.id === seat)?.name ?? seat);
  const ordered = [...results.players].sort((a, b) =>
    a.player === match.you ? -1 : b.player === match.you ? 1 : 0,
  );
  const notes = pitches.filter((p) => ordered.some((r) => r.perNote[p]));
  const offerFrom = view.rematchOffer ? nameOf(view.rematchOffer) : null;
  const canRematch = view.connection === 'open' && results.outcome !== null;

  return (
    <div className="battle-results card" data-testid="battle-results">
      <h2 className="battle-outcome" data-testid="battle-outcome">
        {outcomeWords(results.outcome, match.you, match.players)}
      </h2>
      <p className="battle-final-score">
        {ordered.map((r, i) => (
          <span key={r.player}>
            {i > 0 && ' – '}
            {nameOf(r.player)} {r.score}
          </span>
        ))}
      </p>

      <table className="battle-table">
        <caption>How each of you played</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Points</th>
            <th scope="col">Average</th>
            <th scope="col">Fastest</th>
            <th scope="col">Accuracy</th>
            <th scope="col">Each right note</th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((r) => (
            <PlayerRow
              key={r.player}
              r={r}
              match={match}
              ratings={results.ratings}
              name={nameOf(r.player)}
            />
          ))}
        </tbody>
      </table>

      {notes.length > 0 && (
        <table className="battle-table battle-notes-table">
          <caption>Per note: played right out of asked, and average reaction</caption>
          <thead>
            <tr>
              <th scope="col">Note</th>
              {ordered.map((r) => (
                <th scope="col" key={r.player}>
                  {nameOf(r.player)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {notes.map((p: Pitch) => (
              <tr key={p}>
                <th scope="row">{noteOf(p).name}</th>
                {ordered.map((r) => {
                  const n = r.perNote[p];
                  return (
                    <td key={r.player}>
                      {n ? `${n.right}/${n.asked} · ${msWords(n.meanReactionMs)}` : '–'}
                      {n && n.wrongNotes > 0 ? ` · ${n.wrongNotes} wrong` : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="battle-again">
        {offerFrom && (
          <p className="battle-offer" role="status" data-testid="battle-rematch-offer">
            {offerFrom} wants a rematch!
          </p>
        )}
        {view.notice && <p className="battle-notice">{view.notice}</p>}
        <button
          type="button"
          className="button"
          disabled={!canRematch || view.rematchAsked}
          onClick={onRematch}
        >
          {view.rematchAsked ? 'Rematch asked…' : 'Rematch'}
        </button>
        <button type="button" className="button secondary" onClick={onNewGame}>
          New game
        </button>
      </div>
    </div>
  );
}

function PlayerRow({
  r,
  match,
  ratings,
  name,
}: {
  r: PlayerResult;
  match: MatchView;
  ratings: Readonly<Record<string, number>>;
  name: string;
}) {
  const before = match.players.find((p) => p.id === r.player)?.rating ?? null;
  const after = ratings[r.player];
  let rating = '–';
  if (after !== undefined) {
    const change = before === null ? after : after - before;
    rating = `${after.toFixed(1)} (${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)})`;
  } else if (before !== null) rating = before.toFixed(1);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{r.score}</td>
      <td>{msWords(r.meanReactionMs)}</td>
      <td>{msWords(r.bestReactionMs)}</td>
      <td>{percent(r.accuracy)}</td>
      <td>{r.reactionsMs.length ? r.reactionsMs.map((ms) => msWords(ms)).join(', ') : '–'}</td>
      <td>{rating}</td>
    </tr>
  );
}
