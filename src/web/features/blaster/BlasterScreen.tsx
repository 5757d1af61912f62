/**
 * Blaster (spec §1, §2.1 /blaster; issue 7 part 4): notes fly in on a staff and the piper
 * blasts each by playing it on the chanter (microphone) or the keyboard chanter. Choose a
 * level, play until the lives run out, and a score good enough for the level's top 10 goes to
 * the leader board through a server-started game session
 * (docs/decisions/008-score-integrity.md). The local best score and BlasterLevel are kept in
 * the settings store (spec §3 'Local storage records').
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { createBlasterSounds, type BlasterSound } from '../../../audio/blasterSounds.ts';
import { blasterDesign } from '../../../music/game/blasterDesign.ts';
import {
  BLASTER_LEVELS,
  isBlasterLevel,
  type BlasterLevel,
} from '../../../music/game/blasterRules.ts';
import { getScoreService } from '../../lib/getScoreService.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import { keys } from '../../storage/keys.ts';
import { ensureLocalUserId } from '../../storage/localUser.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { BlasterPlayfield } from './BlasterPlayfield.tsx';
import { BlasterResults } from './BlasterResults.tsx';
import type { BlasterHud } from './blasterRunner.ts';
import './blaster.css';
import { trackFeature } from '../../lib/analytics.ts';

/** The spec's component name that scopes Blaster's dialogs (spec §3 'Dialog types'). */
const COMPONENT = 'blaster' as const;

const levelBlurb: Readonly<Record<BlasterLevel, string>> = {
  1: 'Five notes, Low A to E, with their names. Gentle.',
  2: 'Low G to F, with their names. Quicker.',
  3: 'All nine notes on the staff, no names. Read them!',
  4: 'Faster, with G, D and E gracenotes to play first.',
  5: 'Fastest, and gracenotes everywhere.',
};

type Stage =
  | { readonly kind: 'setup'; readonly error?: string }
  | { readonly kind: 'starting' }
  | {
      readonly kind: 'playing';
      readonly game: number;
      readonly seed: number;
      readonly localUserId: string;
      readonly sessionId: string | null;
      readonly offlineReason: string | null;
    }
  | {
      readonly kind: 'over';
      readonly hud: BlasterHud;
      readonly localUserId: string;
      readonly sessionId: string | null;
      readonly offlineReason: string | null;
      readonly newBest: boolean;
    };

function randomSeed(): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0]! & 0x7fffffff;
}

export default function BlasterScreen() {
  const [stage, setStage] = useState<Stage>({ kind: 'setup' });
  // Spec §2.4 / §4 'Dialog display': the hook shows Chanter Recommended (standard chanter) or
  // Keyboard Chanter (keyboard chanter) for the 'blaster' component, and the microphone dialogs.
  // A due Chanter Recommended waits for the game to end (issue 22 item 12).
  const noteInput = useNoteInput({
    component: COMPONENT,
    atRest: stage.kind !== 'playing' && stage.kind !== 'starting',
  });
  const [storedLevel, setStoredLevel] = useStoredValue(keys.blasterLevel);
  const [best, setBest] = useStoredValue(keys.blasterHighScore);
  const [initials, setInitials] = useStoredValue(keys.initials);
  const [muted, setMuted] = useState(false);
  const level: BlasterLevel = isBlasterLevel(storedLevel) ? storedLevel : 1;
  const [games, setGames] = useState(0);
  const sounds = useMemo(() => createBlasterSounds(() => sharedAudioContext().get()), []);
  useEffect(() => () => sounds.dispose(), [sounds]);
  useEffect(() => sounds.setMuted(muted), [sounds, muted]);
  const sound = useCallback((effect: BlasterSound) => sounds.play(effect), [sounds]);

  async function start() {
    // Inside the click: the microphone and the AudioContext may only start in a gesture.
    if (!muted) sharedAudioContext().get();
    trackFeature('blaster', `start_level_${level}`);
    if (!noteInput.listening) noteInput.start();
    setStage({ kind: 'starting' });
    // Spec §3 'BlasterLevel': the level this device plays, kept for the next game.
    setStoredLevel(level);
    const localUserId = ensureLocalUserId(settingsStore());
    let sessionId: string | null = null;
    let seed = randomSeed();
    let offlineReason: string | null = null;
    try {
      const service = await getScoreService();
      const session = await service.startGameSession(localUserId, level);
      if (session.error) offlineReason = session.error.message;
      else {
        sessionId = session.data.id;
        seed = session.data.seed;
      }
    } catch (error) {
      offlineReason = error instanceof Error ? error.message : String(error);
    }
    setGames((n) => n + 1);
    setStage({ kind: 'playing', game: games + 1, seed, localUserId, sessionId, offlineReason });
  }

  const over = useCallback(
    (hud: BlasterHud) => {
      const newBest = hud.score > 0 && (best === null || hud.score > best);
      if (newBest) setBest(hud.score);
      setStage((current) =>
        current.kind === 'playing'
          ? {
              kind: 'over',
              hud,
              localUserId: current.localUserId,
              sessionId: current.sessionId,
              offlineReason: current.offlineReason,
              newBest,
            }
          : current,
      );
    },
    [best, setBest],
  );

  // Issue 18 item 2: one session per game.
  usePracticeSession('blaster', stage.kind === 'playing', { noteEvents: noteInput.noteEvents });
  const keyboard = noteInput.input === 'keyboard';
  const micError = noteInput.reading.error;

  return (
    <section className="page blaster" aria-labelledby="blaster-title">
      <div className="blaster-top">
        <h1 id="blaster-title">Blaster</h1>
        <p className="blaster-best-line">
          Best on this device:{' '}
          <strong data-testid="blaster-best">
            {best === null ? 'N/A' : best.toLocaleString('en-US')}
          </strong>
        </p>
      </div>

      {!keyboard && <MicrophoneErrorPanel error={micError} />}

      {(stage.kind === 'setup' || stage.kind === 'starting') && (
        <div className="blaster-setup card">
          <p className="blaster-lead">
            Notes fly in from the right. Play each one on your chanter before it reaches the line.
            Hits in a row raise your multiplier; three notes through and the game is over.
          </p>
          <fieldset className="blaster-levels">
            <legend>Level</legend>
            {BLASTER_LEVELS.map((n) => (
              <label key={n} className="blaster-level">
                <input
                  type="radio"
                  name="blaster-level"
                  value={n}
                  checked={level === n}
                  onChange={() => setStoredLevel(n)}
                />
                <span className="blaster-level-name">Level {n}</span>
                <span className="blaster-level-blurb">{levelBlurb[n]}</span>
              </label>
            ))}
          </fieldset>
          <div className="blaster-input" role="group" aria-label="Input">
            <button
              type="button"
              className="button secondary"
              aria-pressed={!keyboard}
              onClick={() => noteInput.setInput('microphone')}
            >
              Microphone
            </button>
            <button
              type="button"
              className="button secondary"
              aria-pressed={keyboard}
              onClick={() => noteInput.setInput('keyboard')}
            >
              Keyboard chanter
            </button>
            <label className="blaster-mute">
              <input
                type="checkbox"
                checked={!muted}
                onChange={(event) => setMuted(!event.target.checked)}
              />
              Sound effects
            </label>
          </div>
          <p className="blaster-hint">
            {keyboard
              ? 'Keyboard chanter (needs a computer keyboard): g a b c d e f for Low G to F, Shift+G and Shift+A for High G and High A.'
              : `Microphone: play your practice chanter (${noteInput.chanter.name} chanter). On a phone, the microphone is the way to play.`}
            {blasterDesign[level].graceChance > 0 &&
              ' A note with a small grace note before it needs the grace note first, quickly followed by the note.'}
          </p>
          <button
            type="button"
            className="button blaster-start"
            disabled={stage.kind === 'starting'}
            onClick={() => void start()}
          >
            {stage.kind === 'starting' ? 'Starting…' : 'Start Game'}
          </button>
        </div>
      )}

      {stage.kind === 'playing' && (
        <BlasterPlayfield
          key={stage.game}
          level={level}
          seed={stage.seed}
          notes={noteInput.noteEvents}
          keyboard={keyboard}
          sound={sound}
          onOver={over}
        />
      )}

      {stage.kind === 'over' && (
        <BlasterResults
          hud={stage.hud}
          sessionId={stage.sessionId}
          offlineReason={stage.offlineReason}
          localUserId={stage.localUserId}
          newBest={stage.newBest}
          initials={initials}
          onInitials={setInitials}
          onPlayAgain={() => setStage({ kind: 'setup' })}
          onNextLevel={() => {
            if (isBlasterLevel(level + 1)) setStoredLevel(level + 1);
            setStage({ kind: 'setup' });
          }}
        />
      )}
    </section>
  );
}
