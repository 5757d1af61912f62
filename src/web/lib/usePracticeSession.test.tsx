import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NoteEventListener, NoteEvents } from '../../audio/noteEvents/noteEvent.ts';
import { usePracticeSession } from './usePracticeSession.ts';

function fakeNotes(): NoteEvents & { play(): void } {
  const listeners = new Set<NoteEventListener>();
  return {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => null,
    play() {
      const event = {
        id: 1,
        note: 'LA' as const,
        hz: 480,
        cents: 0,
        onset: 0,
        duration: null,
        confidence: 0.9,
      };
      listeners.forEach((l) => l({ type: 'noteOn', event }));
    },
  };
}

function Tool({ active, notes }: { active: boolean; notes: NoteEvents }) {
  usePracticeSession('metronome', active, { noteEvents: notes, details: { tempo: 96 } });
  return null;
}

const running = () =>
  JSON.parse(localStorage.getItem('practice_running') ?? '{}') as Record<
    string,
    { tool: string; notesPlayed: number; tempo: number }
  >;

describe('issue 18.2 a tool records its session', () => {
  it('issue 18.2: notes are counted engine to engine; a hidden page checkpoints the running session; its end removes the checkpoint', () => {
    const notes = fakeNotes();
    const view = render(<Tool active notes={notes} />);
    notes.play();
    notes.play();
    window.dispatchEvent(new Event('pagehide'));
    const [session] = Object.values(running());
    expect(session).toMatchObject({ tool: 'metronome', notesPlayed: 2, tempo: 96 });
    view.rerender(<Tool active={false} notes={notes} />);
    expect(running()).toEqual({});
  });
});
