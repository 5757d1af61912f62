/**
 * Waiting for an opponent (issue 17 item 2): the quick-match wait as it counts, with the bot
 * offered after 20 s as a button; or a private room's code, big enough to read out, and a link
 * to copy.
 */
import { useState } from 'react';
import { useMsSince } from './useMsSince.ts';
import type { BattleView } from './battleView.ts';

export interface BattleWaitingProps {
  readonly lobby: NonNullable<BattleView['lobby']>;
  /** The page's origin, for the room link (the view only shows after a click: no prerender). */
  readonly origin: string;
  readonly onAcceptBot: () => void;
  readonly onCancel: () => void;
}

function clockWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function BattleWaiting({ lobby, origin, onAcceptBot, onCancel }: BattleWaitingProps) {
  const waited = useMsSince(lobby.since) ?? 0;
  const [copied, setCopied] = useState(false);
  const link = lobby.code ? `${origin}/battle?room=${lobby.code}` : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  if (lobby.mode === 'room' && lobby.code) {
    return (
      <div className="battle-waiting card" data-testid="battle-room">
        <h2>Your room</h2>
        <p>Read this code to your friend, or send them the link.</p>
        <p className="battle-code" aria-label={`Room code ${lobby.code.split('').join(' ')}`}>
          {lobby.code}
        </p>
        <div className="battle-link">
          <label htmlFor="battle-room-link">Link</label>
          <input id="battle-room-link" readOnly value={link} onFocus={(e) => e.target.select()} />
          <button type="button" className="button secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
        <p role="status" className="battle-wait-line">
          Waiting for your friend… <span className="battle-wait-clock">{clockWords(waited)}</span>
        </p>
        <button type="button" className="button secondary" onClick={onCancel}>
          Close the room
        </button>
      </div>
    );
  }
  return (
    <div className="battle-waiting card" data-testid="battle-queue">
      <h2>Quick match</h2>
      <p role="status" className="battle-wait-line">
        Looking for an opponent at your level…{' '}
        <span className="battle-wait-clock" data-testid="battle-wait-clock">
          {clockWords(waited)}
        </span>
      </p>
      {lobby.botOffered && (
        <p className="battle-bot-offer">
          Nobody is free just now.{' '}
          <button type="button" className="button" onClick={onAcceptBot}>
            Play a bot instead
          </button>
        </p>
      )}
      <button type="button" className="button secondary" onClick={onCancel}>
        Stop looking
      </button>
    </div>
  );
}
