/**
 * The match as it is played (issue 17 items 1, 3, 4): both players with their live score and
 * connection quality, the opponent's last note, the countdown, the prompt, what the judge said,
 * a lockout after a wrong note, and the away and reconnecting states.
 */
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { BattlePrompt } from './BattlePrompt.tsx';
import type { BattleView, MatchView, PlayerInfo, Quality } from './battleView.ts';
import { msWords } from './battleWords.ts';
import { useMsSince } from './useMsSince.ts';

const qualityWords: Readonly<Record<Quality, string>> = {
  unknown: 'measuring',
  good: 'good',
  fair: 'fair',
  poor: 'poor',
};

function PlayerCard({
  player,
  match,
  mine,
}: {
  player: PlayerInfo;
  match: MatchView;
  mine: boolean;
}) {
  const quality = player.bot ? null : (match.quality[player.id] ?? 'unknown');
  const away = match.away.includes(player.id);
  const took = match.lastPoint?.winner === player.id;
  return (
    <section
      className={`battle-player${mine ? ' battle-player-you' : ''}${took ? ' battle-player-took' : ''}`}
      aria-label={mine ? 'You' : 'Opponent'}
      data-testid={mine ? 'battle-you' : 'battle-opponent'}
    >
      <p className="battle-player-name">
        {player.name}
        {mine && <span className="battle-tag">you</span>}
        {player.bot && <span className="battle-tag">bot</span>}
      </p>
      <p
        className="battle-player-score"
        data-testid={mine ? 'battle-my-score' : 'battle-their-score'}
      >
        {match.scores[player.id] ?? 0}
      </p>
      {player.rating !== null && (
        <p className="battle-player-meta">Rating {player.rating.toFixed(1)}</p>
      )}
      {quality && (
        <p className="battle-player-meta">
          <span className={`battle-quality battle-quality-${quality}`} aria-hidden="true" />
          Connection: {away ? 'dropped' : qualityWords[quality]}
        </p>
      )}
    </section>
  );
}

function verdictWords(v: MatchView['verdicts'][string] | undefined, lockedMs: number): string {
  if (!v) return '';
  switch (v.verdict) {
    case 'right':
      return `Right! ${msWords(v.ms)}`;
    case 'wrong':
      return lockedMs > 0 ? 'Wrong note: locked out for a second' : 'Wrong note. Try again!';
    case 'locked':
      return 'Still locked out: that note did not count';
    case 'late':
      return 'Too late: the point was already taken';
  }
}

export interface BattleMatchProps {
  readonly view: BattleView;
  readonly match: MatchView;
  /** The note sounding on this player's input now. */
  readonly playing: Pitch | null;
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
}

export function BattleMatch({ view, match, playing, onLeave, onNewGame }: BattleMatchProps) {
  const me = match.players.find((p) => p.id === match.you)!;
  const them = match.players.find((p) => p.id !== match.you);
  const toPhaseEnd = useMsSince(match.phaseEndsAt);
  const sinceLock = useMsSince(match.lockedUntil);
  const lockedMs = sinceLock === null ? 0 : Math.max(0, -sinceLock);
  const count = toPhaseEnd === null ? null : Math.max(1, Math.ceil(-toPhaseEnd / 1000));
  const opponentAway = them ? match.away.includes(them.id) : false;
  const decided = match.lastPoint !== null;
  const pointWords =
    match.lastPoint === null
      ? ''
      : match.lastPoint.winner === null
        ? 'Nobody got that one.'
        : match.lastPoint.winner === match.you
          ? 'You took the point!'
          : `${them?.name ?? 'Your opponent'} took the point.`;

  return (
    <div className="battle-match" data-phase={match.phase}>
      <div className="battle-board">
        <PlayerCard player={me} match={match} mine />
        <p className="battle-round">
          {match.round > 0 ? `Round ${match.round}` : 'Get ready'}
          <span>Best of {match.bestOf}</span>
        </p>
        {them && <PlayerCard player={them} match={match} mine={false} />}
      </div>

      {view.connection === 'reconnecting' && (
        <p className="battle-banner" role="alert">
          Your connection dropped. Reconnecting… the match waits up to 30 s.
        </p>
      )}
      {view.connection === 'lost' && (
        <div className="battle-banner" role="alert">
          <p>{view.error ?? 'The connection was lost.'}</p>
          <button type="button" className="button" onClick={onNewGame}>
            New game
          </button>
        </div>
      )}
      {opponentAway && view.connection === 'open' && (
        <p className="battle-banner" role="status">
          Opponent’s connection dropped — waiting up to 30 s.
        </p>
      )}

      <div className="battle-stage" aria-live="polite">
        {match.phase === 'waiting' && (
          <p className="battle-stage-line">Waiting for both players…</p>
        )}
        {match.phase === 'countdown' && (
          <p className="battle-countdown" data-testid="battle-countdown">
            <span className="battle-countdown-number">{count ?? ''}</span>
            <span>Get your fingers ready</span>
          </p>
        )}
        {(match.phase === 'round' || match.phase === 'between') && match.prompt && (
          <BattlePrompt prompt={match.prompt} decided={decided} />
        )}
        {match.phase === 'between' && !match.prompt && (
          <p className="battle-stage-line">Next round…</p>
        )}
      </div>

      <div className="battle-status" role="status" data-testid="battle-status">
        {pointWords ||
          verdictWords(match.verdicts[match.you], lockedMs) ||
          (match.phase === 'round' ? 'Play it!' : '')}
      </div>
      {lockedMs > 0 && (
        <p className="battle-locked" data-testid="battle-locked">
          Locked out {(lockedMs / 1000).toFixed(1)} s
        </p>
      )}

      <div className="battle-notes">
        <p>
          You are playing:{' '}
          <strong data-testid="battle-playing">{playing ? noteOf(playing).name : '—'}</strong>
        </p>
        {them && (
          <p>
            {them.name}’s last note:{' '}
            <strong data-testid="battle-opponent-note">
              {match.opponentNote ? noteOf(match.opponentNote).name : '—'}
            </strong>
          </p>
        )}
      </div>
      {view.notice && <p className="battle-notice">{view.notice}</p>}

      <button type="button" className="button secondary battle-leave" onClick={onLeave}>
        Leave the match
      </button>
    </div>
  );
}
