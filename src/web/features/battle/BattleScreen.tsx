/**
 * Battle (/battle; spec §1 'games: Blaster and Battle', §2.1; issue 17): two players — a friend,
 * a stranger or a bot — race to play the same prompts on their chanters; the server judges.
 * This screen composes the setup, the wait, the match and the results from one socket client
 * (battleClient.ts, no React) read through useBattle. The note input is useNoteInput with the
 * dialog scope 'battle' (spec §3 'Component names that scope dialogs'): Chanter Recommended,
 * Keyboard Chanter and the microphone dialogs. Since settings schema v2 the microphone and
 * chanter are the global ones (as Play Along does): the per-activity `battle_preferences`
 * record of spec §3 is schema v1, read only by the migration.
 *
 * Prerendered (ADR 019): the first render reads no browser state; the ?room= link and the
 * local id are read once hydrated.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../../../contracts/battle/battleProtocol.ts';
import type { BattleLevel } from '../../../music/battle/battleLevels.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { trackFeature } from '../../lib/analytics.ts';
import { keys } from '../../storage/keys.ts';
import { saveInitials } from '../../storage/localUser.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { BattleMatch } from './BattleMatch.tsx';
import { BattleResultsView } from './BattleResultsView.tsx';
import { BattleSetup, type BestOf, type SetupChoice } from './BattleSetup.tsx';
import { BattleWaiting } from './BattleWaiting.tsx';
import { useBattle } from './useBattle.ts';
import './battle.css';

/** Spec §3 'Dialog types': the component name that scopes Battle's dialogs. */
const COMPONENT = 'battle' as const;

const roomCodePattern = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

export default function BattleScreen() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [level, setLevel] = useState<BattleLevel>(1);
  const [bestOf, setBestOf] = useState<BestOf>(3);
  const auth = useAuthSnapshot();
  const [initials] = useStoredValue(keys.initials);
  const [localId] = useStoredValue(keys.userUuid);
  const initialsId = useId();
  const { view, client } = useBattle();
  const playing = view.match !== null && view.results === null && view.connection !== 'lost';
  // A due Chanter Recommended waits for the match to end (issue 22 item 12).
  const noteInput = useNoteInput({ component: COMPONENT, atRest: !playing });
  // Wiring, not data: the input's note event controller feeds the client directly (ADR 021).
  useEffect(() => client.connectNotes(noteInput.noteEvents), [client, noteInput.noteEvents]);

  const linkCode = hydrated ? (params.get('room')?.toUpperCase() ?? null) : null;
  const invitedTo = linkCode && roomCodePattern.test(linkCode) ? linkCode : null;
  const keyboard = noteInput.input === 'keyboard';
  const signedIn = auth.status === 'signed-in' && auth.user !== null;

  function play(choice: SetupChoice) {
    // Inside the click: the microphone and the AudioContext may only start in a gesture.
    if (!noteInput.listening) noteInput.start();
    trackFeature(COMPONENT, `start_${choice.kind}_level_${level}`);
    const chanter = keyboard ? undefined : noteInput.chanter.frequencies;
    switch (choice.kind) {
      case 'bot':
        return client.start({ type: 'bot', level, bestOf, botLevel: choice.botLevel }, chanter);
      case 'quick':
        return client.start({ type: 'quick', level }, chanter);
      case 'create':
        return client.start({ type: 'create', level, bestOf }, chanter);
      case 'join':
        return client.start({ type: 'join', code: choice.code }, chanter);
    }
  }

  const match = view.match;
  const me = match?.players.find((p) => p.id === match.you);
  // Each new view (the wait, the match, the results) starts at the top of the page: the
  // button that led to it may have been far down on a phone.
  const stage = view.results
    ? 'results'
    : match
      ? `match ${match.matchId}`
      : (view.lobby?.mode ?? '');
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    window.scrollTo(0, 0);
  }, [stage]);
  return (
    <section className="page battle" aria-labelledby="battle-title">
      <div className="battle-top">
        <h1 id="battle-title">Battle</h1>
        <p className="battle-who" data-testid="battle-who">
          {signedIn ? (
            me ? (
              <>
                Playing as <strong>{me.name}</strong>
                {me.rating !== null && ` · rating ${me.rating.toFixed(1)}`}
              </>
            ) : (
              'Signed in: you play under your name and earn a rating against other signed-in pipers.'
            )
          ) : (
            <>
              Playing as <strong>{initials || 'Piper'}</strong>
              {hydrated && localId && (
                <span className="battle-local-id"> · local id {localId.slice(0, 8)}</span>
              )}
            </>
          )}
        </p>
      </div>

      {!keyboard && <MicrophoneErrorPanel error={noteInput.reading.error} />}

      {!match && !view.lobby && (
        <>
          <p className="battle-lead">
            Race a friend, a stranger or a bot: the same note appears for both of you, and the first
            to play it right on the chanter takes the point.
          </p>
          {!signedIn && (
            <div className="battle-initials">
              <label htmlFor={initialsId}>Your initials (shown to your opponent)</label>
              <input
                id={initialsId}
                value={initials}
                maxLength={3}
                autoComplete="off"
                onChange={(event) => saveInitials(settingsStore(), event.target.value)}
              />
            </div>
          )}
          <BattleSetup
            level={level}
            bestOf={bestOf}
            onLevel={setLevel}
            onBestOf={setBestOf}
            keyboard={keyboard}
            onInput={noteInput.setInput}
            chanterName={noteInput.chanter.name}
            invitedTo={invitedTo}
            busy={view.connection === 'connecting'}
            error={view.error}
            onPlay={play}
          />
        </>
      )}

      {!match && view.lobby && (
        <BattleWaiting
          lobby={view.lobby}
          origin={window.location.origin}
          onAcceptBot={client.acceptBot}
          onCancel={client.leave}
        />
      )}

      {match && !view.results && (
        <BattleMatch
          view={view}
          match={match}
          playing={noteInput.reading.note}
          onLeave={client.leave}
          onNewGame={client.leave}
        />
      )}

      {match && view.results && (
        <BattleResultsView
          view={view}
          match={match}
          onRematch={client.rematch}
          onNewGame={client.leave}
        />
      )}
    </section>
  );
}
