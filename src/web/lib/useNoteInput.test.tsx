import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNoteInput } from './useNoteInput.ts';

/** Counts constructions; enough of an AudioContext for prepare() (addModule). */
class CountingAudioContext {
  static created = 0;
  readonly state = 'suspended';
  readonly audioWorklet = { addModule: () => Promise.resolve() };
  constructor() {
    CountingAudioContext.created += 1;
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

function Listening() {
  const input = useNoteInput();
  return <p>{input.input}</p>;
}

describe('useNoteInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    CountingAudioContext.created = 0;
    vi.stubGlobal('AudioContext', CountingAudioContext);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('issue 21.3: creates no AudioContext while the page loads or idles, only on the first press', () => {
    render(<Listening />);
    // Far past the old idle-callback timeout (3 s) and its setTimeout fallback (500 ms).
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(CountingAudioContext.created).toBe(0);
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(CountingAudioContext.created).toBe(1);
  });
});
