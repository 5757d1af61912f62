/**
 * Battle's first view (issue 17 item 2 'Ways to play'): level, match length, input, and how to
 * play — a bot, a quick match or a private room. Prerendered (ADR 019): nothing here reads the
 * browser during render; the room code from a link arrives as a prop once hydrated.
 */
import { useId, useState, type FormEvent } from 'react';
import { BATTLE_BEST_OF, ROOM_CODE_LENGTH } from '../../../contracts/battle/battleProtocol.ts';
import type { BotLevel } from '../../../music/battle/battleBots.ts';
import { BATTLE_LEVELS, type BattleLevel } from '../../../music/battle/battleLevels.ts';
import { ChanterPicker } from '../../ui/listening/ChanterPicker.tsx';
import { botChoices, levelTitle, levelWords } from './battleWords.ts';

export type BestOf = (typeof BATTLE_BEST_OF)[number];

export type SetupChoice =
  | { kind: 'bot'; botLevel: BotLevel }
  | { kind: 'quick' }
  | { kind: 'create' }
  | { kind: 'join'; code: string };

export interface BattleSetupProps {
  readonly level: BattleLevel;
  readonly bestOf: BestOf;
  readonly onLevel: (level: BattleLevel) => void;
  readonly onBestOf: (bestOf: BestOf) => void;
  readonly keyboard: boolean;
  readonly onInput: (input: 'microphone' | 'keyboard') => void;
  readonly chanterName: string;
  /** A room code from a shared link (?room=CODE), read after hydration. */
  readonly invitedTo: string | null;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onPlay: (choice: SetupChoice) => void;
}

const codeOk = (code: string) => code.trim().length === ROOM_CODE_LENGTH;

export function BattleSetup(props: BattleSetupProps) {
  const { level, bestOf, keyboard, busy } = props;
  const ids = { bot: useId(), code: useId(), error: useId() };
  const [bot, setBot] = useState<BotLevel>('learner');
  const [typed, setTyped] = useState<string | null>(null);
  const code = (typed ?? props.invitedTo ?? '').toUpperCase();

  function join(event: FormEvent) {
    event.preventDefault();
    if (codeOk(code)) props.onPlay({ kind: 'join', code: code.trim() });
  }

  return (
    <div className="battle-setup">
      {props.invitedTo && (
        <p className="battle-invite card" role="status">
          You are invited to room <strong className="battle-code-inline">{props.invitedTo}</strong>.
          Choose how to play below, then press <strong>Join room</strong>.
        </p>
      )}
      {props.error && (
        <p className="battle-error" role="alert" id={ids.error}>
          {props.error}
        </p>
      )}
      <fieldset className="battle-levels">
        <legend>Level</legend>
        {BATTLE_LEVELS.map((n) => (
          <label key={n} className="battle-choice">
            <input
              type="radio"
              name="battle-level"
              value={n}
              checked={level === n}
              onChange={() => props.onLevel(n)}
            />
            <span className="battle-choice-name">
              {n}. {levelTitle(n)}
            </span>
            <span className="battle-choice-words">{levelWords[n]}</span>
          </label>
        ))}
      </fieldset>

      <div className="battle-row">
        <fieldset className="battle-bestof">
          <legend>Match length</legend>
          {BATTLE_BEST_OF.map((n) => (
            <label key={n} className="battle-pill">
              <input
                type="radio"
                name="battle-best-of"
                value={n}
                checked={bestOf === n}
                onChange={() => props.onBestOf(n)}
              />
              Best of {n}
            </label>
          ))}
        </fieldset>
        <div className="battle-input" role="group" aria-label="Input">
          <span className="battle-input-label">Play with</span>
          <button
            type="button"
            className="button secondary"
            aria-pressed={!keyboard}
            onClick={() => props.onInput('microphone')}
          >
            Microphone
          </button>
          <button
            type="button"
            className="button secondary"
            aria-pressed={keyboard}
            onClick={() => props.onInput('keyboard')}
          >
            Keyboard chanter
          </button>
          <ChanterPicker />
        </div>
      </div>
      <p className="battle-hint">
        {keyboard
          ? 'Keyboard chanter: g a b c d e f for Low G to F, Shift+G and Shift+A for High G and High A. Hold each key a moment.'
          : `Microphone: play your practice chanter (${props.chanterName} chanter). Choose the microphone in Settings.`}{' '}
        First right note takes the point; a wrong note locks you out for a second.
      </p>

      <div className="battle-modes">
        <section className="battle-mode card" aria-labelledby={`${ids.bot}-h`}>
          <h2 id={`${ids.bot}-h`}>Against a bot</h2>
          <label htmlFor={ids.bot}>Bot</label>
          <select
            id={ids.bot}
            value={bot}
            onChange={(event) => setBot(event.target.value as BotLevel)}
          >
            {botChoices.map((b) => (
              <option key={b.level} value={b.level}>
                {b.name}: {b.words}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => props.onPlay({ kind: 'bot', botLevel: bot })}
          >
            Play the bot
          </button>
        </section>
        <section className="battle-mode card" aria-labelledby={`${ids.bot}-q`}>
          <h2 id={`${ids.bot}-q`}>Quick match</h2>
          <p>Anyone waiting at your level and a similar rating. A bot is offered after 20 s.</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => props.onPlay({ kind: 'quick' })}
          >
            Find an opponent
          </button>
        </section>
        <section className="battle-mode card" aria-labelledby={`${ids.bot}-r`}>
          <h2 id={`${ids.bot}-r`}>Private room</h2>
          <p>For a friend, or a tutor and pupil: share a code or a link.</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => props.onPlay({ kind: 'create' })}
          >
            Create a room
          </button>
          <form className="battle-join" onSubmit={join}>
            <label htmlFor={ids.code}>Room code</label>
            <input
              id={ids.code}
              className="battle-code-input"
              value={code}
              maxLength={ROOM_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value.toUpperCase())}
            />
            <button type="submit" className="button secondary" disabled={busy || !codeOk(code)}>
              Join room
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
