import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BattleServerMessage } from '../../../contracts/battle/battleProtocol.ts';
import { dialogs } from '../../ui/dialogService.ts';
import BattleScreen from './BattleScreen.tsx';
import { outcomeWords } from './battleWords.ts';

/** A browser WebSocket stand-in: the test plays the server. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static all: FakeWebSocket[] = [];
  readyState = 1;
  sent: Record<string, unknown>[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
}

const socket = () => FakeWebSocket.all.at(-1)!;
const hear = (message: BattleServerMessage) =>
  act(() => socket().onmessage?.({ data: JSON.stringify(message) }));

const players = [
  { id: 'p1', name: 'AB', bot: false, rating: 10 },
  { id: 'p2', name: 'BB', bot: false, rating: 12 },
];

function renderAt(path = '/battle') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <BattleScreen />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dialogs.dropQueued();
  dialogs.close();
});

/** Through the private room to round 1 of a match as p1. */
function intoMatch() {
  renderAt();
  fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create a room' }));
  hear({ type: 'hello', signedIn: false });
  hear({ type: 'waiting', mode: 'room', code: 'K7M3Q', waitedMs: 0 });
  hear({ type: 'match', matchId: 'm1', token: 't', you: 'p1', players, level: 1, bestOf: 3 });
}

describe('Battle screen (issue 17)', () => {
  it('issue 17.2 ADR 019: the prerendered setup reads no browser state; a ?room= link fills the code once hydrated', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/battle?room=K7M3Q']}>
        <BattleScreen />
      </MemoryRouter>,
    );
    expect(html).toContain('Note names');
    expect(html).toContain('Create a room');
    expect(html).not.toContain('K7M3Q');
    expect(html).not.toContain('local id');

    renderAt('/battle?room=K7M3Q');
    expect(screen.getByRole('status').textContent).toMatch(/invited to room K7M3Q/);
    expect(screen.getByLabelText<HTMLInputElement>('Room code').value).toBe('K7M3Q');
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join room' }));
    hear({ type: 'hello', signedIn: false });
    expect(socket().sent[0]).toMatchObject({ type: 'join', code: 'K7M3Q' });
    expect(socket().sent[0]!.localId).toEqual(expect.any(String));
  });

  it('issue 17.2: a private room shows a big code and a copyable link; the quick match offers the bot as a button', () => {
    renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create a room' }));
    hear({ type: 'hello', signedIn: false });
    expect(socket().sent[0]).toMatchObject({ type: 'create', level: 1, bestOf: 3 });
    hear({ type: 'waiting', mode: 'room', code: 'K7M3Q', waitedMs: 0 });
    expect(screen.getByLabelText('Room code K 7 M 3 Q').textContent).toBe('K7M3Q');
    expect(screen.getByLabelText<HTMLInputElement>('Link').value).toBe(
      `${window.location.origin}/battle?room=K7M3Q`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the room' }));
    expect(socket().sent.at(-1)).toEqual({ type: 'leave' });

    fireEvent.click(screen.getByRole('button', { name: 'Find an opponent' }));
    hear({ type: 'hello', signedIn: false });
    hear({ type: 'waiting', mode: 'quick', code: null, waitedMs: 0 });
    expect(screen.getByText(/Looking for an opponent/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play a bot instead' })).toBeNull();
    hear({ type: 'botOffer', waitedMs: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Play a bot instead' }));
    expect(socket().sent.at(-1)).toEqual({ type: 'acceptBot' });
  });

  it('issue 17.1: the match shows the countdown, the prompt, both scores and connections, the opponent’s last note and the lockout', () => {
    intoMatch();
    expect(socket().sent.at(-1)).toEqual({ type: 'ready' });
    hear({ type: 'state', phase: 'countdown', inMs: 3_000, round: 0, scores: {}, away: [] });
    expect(screen.getByTestId('battle-countdown').textContent).toMatch(/^3Get your fingers ready/);
    hear({ type: 'quality', players: { p1: 'good', p2: 'poor' } });
    hear({
      type: 'prompt',
      promptId: 'q1',
      kind: 'name',
      target: 'D',
      graces: [],
      label: 'D',
      staff: 'd/5',
      round: 1,
    });
    expect(screen.getByLabelText('Play D').textContent).toBe('D');
    const you = screen.getByTestId('battle-you');
    const them = screen.getByTestId('battle-opponent');
    expect(within(you).getByText('Connection: good')).toBeTruthy();
    expect(within(them).getByText('Connection: poor')).toBeTruthy();
    expect(within(them).getByText('Rating 12.0')).toBeTruthy();
    hear({ type: 'opponentNote', player: 'p2', pitch: 'E' });
    expect(screen.getByTestId('battle-opponent-note').textContent).toBe('E');
    hear({ type: 'verdict', player: 'p1', promptId: 'q1', verdict: 'wrong', reactionMs: 800 });
    expect(screen.getByTestId('battle-status').textContent).toBe(
      'Wrong note: locked out for a second',
    );
    expect(screen.getByTestId('battle-locked').textContent).toMatch(/Locked out/);
    hear({ type: 'score', promptId: 'q1', winner: 'p2', scores: { p1: 0, p2: 1 } });
    expect(screen.getByTestId('battle-status').textContent).toBe('BB took the point.');
    expect(screen.getByTestId('battle-their-score').textContent).toBe('1');
  });

  it('issue 17.4: the away state for the opponent and the reconnecting state for this player', () => {
    intoMatch();
    hear({ type: 'state', phase: 'between', inMs: null, round: 1, scores: {}, away: ['p2'] });
    expect(screen.getByText('Opponent’s connection dropped — waiting up to 30 s.')).toBeTruthy();
    act(() => socket().onclose?.({}));
    expect(screen.getByRole('alert').textContent).toMatch(/Your connection dropped\. Reconnecting/);
  });

  it('issue 17.1: results show the winner, reactions and accuracy per note, rating changes, and a one-click rematch', () => {
    intoMatch();
    hear({
      type: 'results',
      outcome: { kind: 'win', winner: 'p1' },
      players: [
        {
          player: 'p1',
          score: 2,
          reactionsMs: [640, 1_250],
          meanReactionMs: 945,
          bestReactionMs: 640,
          accuracy: 2 / 3,
          perNote: { D: { asked: 2, right: 2, wrongNotes: 1, meanReactionMs: 945 } },
        },
        {
          player: 'p2',
          score: 0,
          reactionsMs: [],
          meanReactionMs: null,
          bestReactionMs: null,
          accuracy: null,
          perNote: { D: { asked: 2, right: 0, wrongNotes: 0, meanReactionMs: null } },
        },
      ],
      ratings: { p1: 11.5, p2: 10.25 },
    });
    expect(screen.getByTestId('battle-outcome').textContent).toBe('You win!');
    const table = screen.getByRole('table', { name: 'How each of you played' });
    const row = (name: string) =>
      within(table)
        .getByRole('rowheader', { name })
        .closest('tr')!
        .textContent!.replace(/\s+/g, ' ');
    expect(row('Each right note')).toBe('Each right note640 ms, 1.25 s–');
    expect(row('Accuracy')).toBe('Accuracy67%–');
    expect(row('Rating')).toBe('Rating11.5 (+1.5)10.3 (−1.8)');
    const perNote = screen.getByRole('table', { name: /Per note/ });
    expect(within(perNote).getByText('2/2 · 945 ms · 1 wrong')).toBeTruthy();
    hear({ type: 'rematchOffer', from: 'p2' });
    expect(screen.getByTestId('battle-rematch-offer').textContent).toBe('BB wants a rematch!');
    fireEvent.click(screen.getByRole('button', { name: 'Rematch' }));
    expect(socket().sent.at(-1)).toEqual({ type: 'rematch' });
    expect(screen.getByRole('button', { name: 'Rematch asked…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New game' }));
    expect(screen.getByRole('button', { name: 'Create a room' })).toBeTruthy();
  });

  it('issue 17.4/17.5: forfeit, leaving and a stopped server are said in words', () => {
    expect(outcomeWords({ kind: 'forfeit', winner: 'p1', loser: 'p2' }, 'p1', players)).toBe(
      'BB’s connection did not come back within 30 seconds. You win!',
    );
    expect(outcomeWords({ kind: 'left', winner: 'p2', loser: 'p1' }, 'p1', players)).toBe(
      'You left the match. BB wins.',
    );
    expect(outcomeWords(null, 'p1', players)).toBe(
      'The server stopped, so this match ended without a result. No rating changed.',
    );
  });

  it('reduced motion: every Battle animation is inside prefers-reduced-motion: no-preference', () => {
    // Vitest runs from the repository root (vitest.config.ts).
    const css = readFileSync('src/web/features/battle/battle.css', 'utf8');
    const outside = css.replace(
      /@media \(prefers-reduced-motion: no-preference\) \{[\s\S]*?\n\}/g,
      '',
    );
    expect(css).toMatch(/animation:/);
    expect(outside).not.toMatch(/animation:|transition:/);
  });
});
