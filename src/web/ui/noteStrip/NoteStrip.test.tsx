import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoteAnimation } from '../../../audio/noteAnimation.ts';
import { UP_AND_DOWN } from '../../../music/noteStrip.ts';
import { NoteStrip } from './NoteStrip.tsx';

function fakeAnimation() {
  let playing = false;
  let position = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const frequencies: number[] = [];
  const animation: NoteAnimation = {
    play: vi.fn(() => {
      playing = true;
      emit();
    }),
    pause: vi.fn(() => {
      playing = false;
      emit();
    }),
    position: () => position,
    setInterval: vi.fn(),
    getSnapshot: () => playing,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: vi.fn(),
  };
  return {
    animation,
    frequencies,
    moveTo: (p: number) => (position = p),
  };
}

afterEach(cleanup);

describe('NoteStrip', () => {
  it('R-2.3.STRIP-01 R-2.3.STRIP-02 R-2.3.STRIP-03 toggles Play Animation / Pause Animation', () => {
    const fake = fakeAnimation();
    let frequencyAt: ((k: number) => number) | undefined;
    render(
      <NoteStrip
        sequence={UP_AND_DOWN}
        label="strip"
        createAnimation={(f) => {
          frequencyAt = f;
          return fake.animation;
        }}
      />,
    );
    // .STRIP-05: the tones follow the up-and-down sequence on the standard chanter.
    expect([0, 1, 8, 9, 16, 17].map((k) => frequencyAt!(k))).toEqual([
      426, 480, 960, 840, 426, 426,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Play Animation' }));
    expect(fake.animation.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause Animation' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause Animation' }));
    expect(fake.animation.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play Animation' })).toBeTruthy();
  });

  it('moves the notes on animation frames by the engine position', async () => {
    const fake = fakeAnimation();
    render(
      <NoteStrip sequence={UP_AND_DOWN} label="strip" createAnimation={() => fake.animation} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play Animation' }));
    fake.moveTo(2.5);
    await act(() => new Promise((r) => setTimeout(r, 60)));
    const track = document.querySelector('.note-strip__svg > g');
    expect(track?.getAttribute('transform')).toBe('translate(-160 0)');
    expect(screen.getByTestId('note-strip-now').textContent).toBe('B');
  });
});
