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

      <div className="battle-table-wrap">
        <table className="battle-table">
          <caption>How each of you played</caption>
          <thead>
            <tr>
              <td />
              {ordered.map((r) => (
                <th scope="col" key={r.player}>
                  {nameOf(r.player)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.map(([label, figure]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {ordered.map((r) => (
                  <td key={r.player}>{figure(r, match, results.ratings)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {notes.length > 0 && (
        <div className="battle-table-wrap">
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
        </div>
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

type Figure = (
  r: PlayerResult,
  match: MatchView,
  ratings: Readonly<Record<string, number>>,
) => string;

function ratingWords(r: PlayerResult, match: MatchView, ratings: Readonly<Record<string, number>>) {
  const before = match.players.find((p) => p.id === r.player)?.rating ?? null;
  const after = ratings[r.player];
  if (after === undefined) return before === null ? 'not rated' : before.toFixed(1);
  const change = before === null ? after : after - before;
  return `${after.toFixed(1)} (${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)})`;
}

/** The rows of the players' table: one figure each, players side by side (fits a phone). */
const figures: readonly (readonly [string, Figure])[] = [
  ['Points', (r) => String(r.score)],
  ['Average reaction', (r) => msWords(r.meanReactionMs)],
  ['Fastest', (r) => msWords(r.bestReactionMs)],
  ['Accuracy', (r) => percent(r.accuracy)],
  [
    'Each right note',
    (r) => (r.reactionsMs.length ? r.reactionsMs.map((ms) => msWords(ms)).join(', ') : '–'),
  ],
  ['Rating', ratingWords],
];
