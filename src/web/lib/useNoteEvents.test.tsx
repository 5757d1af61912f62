import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NoteEventMessage } from '../../audio/noteEvents/noteEvent.ts';
import { createNoteEventController } from '../../audio/noteEvents/noteEventController.ts';
import { useNoteEvents } from './useNoteEvents.ts';
import { useNoteInput } from './useNoteInput.ts';

const reading = (note: 'D' | 'HG' | null, time: number) => ({
  note,
  hz: note === 'D' ? 640 : note === 'HG' ? 840 : null,
  cents: note ? 0 : null,
  clarity: note ? 0.9 : 0,
  time,
});

function Sounding({
  events,
  log,
}: {
  events: ReturnType<typeof createNoteEventController>;
  log: string[];
}) {
  const note = useNoteEvents(events, (m) => log.push(`${m.type} ${m.event.note}`));
  return <p data-testid="sounding">{note ? `${note.note} since ${note.onset}` : 'silence'}</p>;
}

describe('useNoteEvents (issue 14.1)', () => {
  it('issue 14.1: delivers every note-on and note-off, and shows the note sounding', () => {
    const events = createNoteEventController();
    const log: string[] = [];
    render(<Sounding events={events} log={log} />);
    expect(screen.getByTestId('sounding').textContent).toBe('silence');
    // A grace note and its note in one task: the callback sees both, the screen the latest.
    act(() => {
      events.push(reading('HG', 1));
      events.push(reading('D', 1.025));
    });
    expect(log).toEqual(['noteOn HG', 'noteOff HG', 'noteOn D']);
    expect(screen.getByTestId('sounding').textContent).toBe('D since 1.025');
    act(() => events.push(reading(null, 1.5)));
    expect(log.at(-1)).toBe('noteOff D');
    expect(screen.getByTestId('sounding').textContent).toBe('silence');
  });

  it("issue 14.1: useNoteInput's note events come from the keyboard chanter without React in the path", () => {
    const { result, unmount } = renderHook(() => useNoteInput());
    const messages: NoteEventMessage[] = [];
    result.current.noteEvents.subscribe((m) => messages.push(m));
    act(() => result.current.setInput('keyboard'));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'G', code: 'KeyG' }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'd', code: 'KeyD' }));
      window.dispatchEvent(new KeyboardEvent('keyup', { key: 'd', code: 'KeyD' }));
    });
    expect(messages.map((m) => `${m.type} ${m.event.note}`)).toEqual([
      'noteOn HG',
      'noteOff HG',
      'noteOn D',
      'noteOff D',
    ]);
    expect(messages[3]!.event).toMatchObject({ hz: 640, cents: 0, confidence: 0.9 });
    unmount();
  });
});
