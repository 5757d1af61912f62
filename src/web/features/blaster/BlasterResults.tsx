/**
 * Game over (issue 7 part 4; spec §9 'New-high-score check'): the score, then — when it earns
 * a place in the level's top 10 — initials (3 characters at most, upper-cased; spec §5
 * 'Inputs', §9 'Initials') and the submission through the game session the game was played in
 * (docs/decisions/008-score-integrity.md).
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { getScoreService } from '../../lib/getScoreService.ts';
import { initialsProblem, normaliseInitials } from '../../storage/localUser.ts';
import { rememberScoreSession } from '../../storage/rememberScoreSession.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { enqueue } from '../../storage/outbox.ts';
import { isOnline, OFFLINE_TEXT } from '../../lib/offline/onlineStatus.ts';
import { MAX_SESSION_SECONDS } from '../../../music/game/blasterRules.ts';
import type { BlasterHud } from './blasterRunner.ts';

export interface BlasterResultsProps {
  readonly hud: BlasterHud;
  /** The game session, or null when the game could not start one (then nothing is sent). */
  readonly sessionId: string | null;
  readonly offlineReason: string | null;
  readonly localUserId: string | null;
  readonly newBest: boolean;
  readonly initials: string;
  readonly onInitials: (initials: string) => void;
  readonly onPlayAgain: () => void;
  /** Offered after a strong game below Level 5: moves the piper up a level. */
  readonly onNextLevel?: () => void;
}

/** Hits in one game that suggest the next level is within reach. */
export const NEXT_LEVEL_HITS = 30;

type Check =
  | { readonly state: 'checking' }
  | { readonly state: 'rank'; readonly rank: number }
  | { readonly state: 'none' }
  /** Issue 18 item 1: no network to check the rank; the score may still be kept and sent. */
  | { readonly state: 'offline' }
  | { readonly state: 'error'; readonly message: string };

type Submission =
  | { readonly state: 'idle' }
  | { readonly state: 'sending' }
  | { readonly state: 'sent' }
  /** Issue 18 item 1: offline, kept in the outbox and sent when the connection returns. */
  | { readonly state: 'kept' }
  | { readonly state: 'error'; readonly message: string };

export function BlasterResults(props: BlasterResultsProps) {
  const { hud, sessionId, localUserId } = props;
  const canSubmit = sessionId !== null && localUserId !== null && hud.score > 0;
  const [check, setCheck] = useState<Check>(() =>
    canSubmit ? { state: 'checking' } : { state: 'none' },
  );
  const [initials, setInitials] = useState(props.initials);
  const [submission, setSubmission] = useState<Submission>({ state: 'idle' });
  const inputId = useId();
  const problemId = useId();
  // The shared rule (contracts/initials.ts, issue 13.11): what the server would refuse is
  // refused here, with the same message, before anything is sent.
  const problem = initialsProblem(initials.trim());

  useEffect(() => {
    if (!canSubmit) return;
    let live = true;
    void getScoreService()
      .then((service) => service.checkNewHighScore(hud.score, hud.level))
      .then((result) => {
        if (!live) return;
        if (result.error?.code === 'network_error' && !isOnline()) setCheck({ state: 'offline' });
        else if (result.error) setCheck({ state: 'error', message: result.error.message });
        else
          setCheck(result.data === null ? { state: 'none' } : { state: 'rank', rank: result.data });
      })
      .catch((error: unknown) => {
        if (live) setCheck({ state: 'error', message: String(error) });
      });
    return () => {
      live = false;
    };
  }, [canSubmit, hud.score, hud.level]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!sessionId || !localUserId || submission.state === 'sending' || problem) return;
    setSubmission({ state: 'sending' });
    const clean = normaliseInitials(initials.trim());
    props.onInitials(clean);
    try {
      const service = await getScoreService();
      const result = await service.addHighScore({
        score: hud.score,
        level: hud.level,
        local_user_id: localUserId,
        initials: clean,
        sessionId,
      });
      const score = { score: hud.score, level: hud.level, local_user_id: localUserId };
      // Offline (issue 18 item 1): kept with its game session and sent when the connection
      // returns (src/web/lib/offline/sendOutboxItem.ts), while the session is still valid.
      if (
        result.error?.code === 'network_error' &&
        !isOnline() &&
        enqueue(settingsStore(), {
          kind: 'score',
          score: { ...score, initials: clean, sessionId },
        })
      ) {
        setSubmission({ state: 'kept' });
        return;
      }
      // The session id is this device's proof of the score, for claiming it for an account.
      if (!result.error) rememberScoreSession(settingsStore(), sessionId);
      setSubmission(
        result.error ? { state: 'error', message: result.error.message } : { state: 'sent' },
      );
    } catch (error) {
      setSubmission({ state: 'error', message: String(error) });
    }
  }

  return (
    <section className="blaster-results card" aria-labelledby="blaster-over">
      <h2 id="blaster-over">Game over</h2>
      <p className="blaster-final">
        <span className="blaster-final-score" data-testid="blaster-final-score">
          {hud.score.toLocaleString('en-US')}
        </span>{' '}
        points on Level {hud.level}
      </p>
      <ul className="blaster-summary">
        <li>{hud.hits} notes blasted</li>
        <li>{hud.misses} got through</li>
        <li>Best combo {hud.bestCombo}</li>
        <li>{Math.round(hud.gameSeconds)} s played</li>
      </ul>
      {props.newBest && <p className="blaster-best">A new best score on this device!</p>}

      {props.offlineReason && (
        <p className="blaster-note">
          {/* Issue 18 item 1: offline, said plainly rather than as the API client's error. */}
          {props.offlineReason.startsWith(OFFLINE_TEXT)
            ? 'This game was played offline, without a game session'
            : `This game was played without a game session (${props.offlineReason})`}
          , so its score cannot go on the leader board. Your best score on this device is kept.
        </p>
      )}
      {check.state === 'checking' && <p role="status">Checking the leader board…</p>}
      {check.state === 'error' && (
        <p role="alert">Could not check the leader board: {check.message}</p>
      )}
      {check.state === 'none' && canSubmit && (
        <p role="status">Not in the Level {hud.level} top 10 this time. Have another go!</p>
      )}
      {(check.state === 'rank' || check.state === 'offline') &&
        submission.state !== 'sent' &&
        submission.state !== 'kept' && (
          <form className="blaster-initials" onSubmit={(event) => void submit(event)}>
            <p className="blaster-rank" role="status">
              {check.state === 'rank'
                ? `New high score! Rank ${check.rank} on Level ${hud.level}.`
                : `${OFFLINE_TEXT}: the leader board cannot be checked now. Send your score and it goes to the leader board when you're back online, if it still makes the top 10.`}
            </p>
            <label htmlFor={inputId}>Your initials</label>
            <div className="blaster-initials-row">
              <input
                id={inputId}
                value={initials}
                // No maxLength: it counts UTF-16 units and would cut an emoji in half; the rule
                // counts what a person sees (3 graphemes).
                aria-invalid={problem !== null}
                aria-describedby={problem ? problemId : undefined}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) => setInitials(normaliseInitials(event.target.value))}
              />
              <button type="submit" className="button" disabled={submission.state === 'sending'}>
                Submit Score
              </button>
            </div>
            {problem && (
              <p id={problemId} role="alert">
                {problem}
              </p>
            )}
            {submission.state === 'error' && <p role="alert">{submission.message}</p>}
          </form>
        )}
      {submission.state === 'kept' && (
        <p role="status" className="blaster-sent">
          {OFFLINE_TEXT}. Your score is kept on this device and will be sent to the leader board
          when you're back online (within {MAX_SESSION_SECONDS / 3600} hours of the game).
        </p>
      )}
      {submission.state === 'sent' && (
        <p role="status" className="blaster-sent">
          Your score is on the leader board.{' '}
          <Link to={paths.leaderBoard}>See the Leader Board</Link>
        </p>
      )}
      <div className="blaster-actions">
        <button type="button" className="button" onClick={props.onPlayAgain}>
          Play Again
        </button>
        {props.onNextLevel && hud.level < 5 && hud.hits >= NEXT_LEVEL_HITS && (
          <button type="button" className="button" onClick={props.onNextLevel}>
            Try Level {hud.level + 1}
          </button>
        )}
        <Link className="button secondary" to={paths.leaderBoard}>
          Leader Board
        </Link>
      </div>
    </section>
  );
}
