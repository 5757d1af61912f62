import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pitch } from '../../../music/notes.ts';
import { appendNote, useNoteHistory } from './useNoteHistory.ts';

afterEach(() => vi.useRealTimers());

describe('note history', () => {
  it('keeps the newest entries', () => {
    let h = appendNote([], 'LA', 2);
    h = appendNote(h, 'B', 2);
    h = appendNote(h, 'C', 2);
    expect(h.map((e) => e.pitch)).toEqual(['B', 'C']);
    expect(h.map((e) => e.seq)).toEqual([2, 3]);
  });

  it('adds a note once it has sounded for the hold time, not a blip', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ note }) => useNoteHistory(note, { minHoldMs: 120 }),
      {
        initialProps: { note: null as Pitch | null },
      },
    );
    rerender({ note: 'D' });
    act(() => void vi.advanceTimersByTime(50));
    rerender({ note: 'HG' }); // a 50 ms blip of D: not a note
    act(() => void vi.advanceTimersByTime(200));
    rerender({ note: null });
    rerender({ note: 'HG' }); // the same note again after silence counts again
    act(() => void vi.advanceTimersByTime(200));
    expect(result.current.history.map((e) => e.pitch)).toEqual(['HG', 'HG']);
    act(() => result.current.clear());
    expect(result.current.history).toEqual([]);
  });
});
