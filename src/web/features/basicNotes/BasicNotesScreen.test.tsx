import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotePlayer } from '../../../audio/notePlayer.ts';
import type { Drones } from '../../../audio/synth/drones.ts';
import { FakeStorage } from '../../storage/fakeStorage.ts';
import { keys } from '../../storage/keys.ts';
import { createSettingsStore, type SettingsStore } from '../../storage/settingsStore.ts';
import BasicNotesScreen from './BasicNotesScreen.tsx';

let store: SettingsStore;

function fakePlayer(fail = false) {
  let sounding: number | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const player: NotePlayer = {
    play: vi.fn((hz: number) => {
      if (fail) throw new Error('no audio');
      sounding = hz;
      emit();
    }),
    stop: vi.fn(() => {
      sounding = null;
      emit();
    }),
    getSnapshot: () => sounding,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: vi.fn(),
  };
  return player;
}

function fakeDrones() {
  const drones = {
    start: vi.fn(),
    stop: vi.fn(),
    setVolume: vi.fn(),
    bassHz: 120,
    playing: false,
  } satisfies Drones;
  const create = vi.fn(() => drones);
  return { drones, create };
}

function setup(player = fakePlayer()) {
  const d = fakeDrones();
  render(<BasicNotesScreen createPlayer={() => player} createDrones={d.create} store={store} />);
  return { player, ...d };
}

const check = (name: string) => screen.getByRole('checkbox', { name });

beforeEach(() => {
  store = createSettingsStore(new FakeStorage());
});
afterEach(cleanup);

describe('BasicNotesScreen', () => {
  it('R-2.3.BASIC-01 R-2.3.BASIC-02 R-2.3.BASIC-04 shows nine notes, three checkboxes and the disclaimer', () => {
    setup();
    expect(screen.getAllByRole('button')).toHaveLength(9);
    for (const name of ['Include Drones', 'Continuous Play']) {
      expect((check(name) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByText(/These tones are synthesized/)).toBeTruthy();
  });

  it('issue 22.12 R-4.BASIC-02 R-9.CONST-15 starts on the chanter voice; unticking Simulate Chanter plays a 1 s sine', () => {
    const { player } = setup();
    expect((check('Simulate Chanter') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'High A' }));
    expect(player.play).toHaveBeenLastCalledWith(960, 1, 'chanter');
    fireEvent.click(check('Simulate Chanter'));
    fireEvent.click(screen.getByRole('button', { name: 'D' }));
    expect(player.play).toHaveBeenLastCalledWith(640, 1, 'sine');
    expect(store.read(keys.basicNotes)).toEqual({ simulateChanter: false });
  });

  it('issue 22.12 a saved preference for the sine wins over the chanter default', () => {
    store.write(keys.basicNotes, { simulateChanter: false });
    const { player } = setup();
    expect((check('Simulate Chanter') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(player.play).toHaveBeenLastCalledWith(540, 1, 'sine');
  });

  it('R-4.BASIC-01 in continuous mode clicking the playing note stops it', () => {
    const { player } = setup();
    fireEvent.click(check('Continuous Play'));
    const e = screen.getByRole('button', { name: 'E' });
    fireEvent.click(e);
    expect(player.play).toHaveBeenLastCalledWith(720, null, 'chanter');
    expect(e.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(e);
    expect(player.stop).toHaveBeenCalled();
    expect(e.getAttribute('aria-pressed')).toBe('false');
    expect(player.play).toHaveBeenCalledTimes(1);
  });

  it('R-2.3.BASIC-03 R-5.INPUTS-09 R-9.CONST-16 the drone volume (0–1, step 0.01, 0.5) shows only with drones', () => {
    const { drones, create } = setup();
    expect(screen.queryByRole('slider', { name: 'Drone volume' })).toBeNull();
    fireEvent.click(check('Include Drones'));
    expect(create).toHaveBeenCalledWith(480, 0.5);
    expect(drones.start).toHaveBeenCalled();
    const slider = screen.getByRole('slider', { name: 'Drone volume' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '1', '0.01', '0.5']);
    fireEvent.change(slider, { target: { value: '0.25' } });
    expect(drones.setVolume).toHaveBeenLastCalledWith(0.25);
    fireEvent.click(check('Include Drones'));
    expect(drones.stop).toHaveBeenCalled();
    expect(screen.queryByRole('slider', { name: 'Drone volume' })).toBeNull();
  });

  it("R-8.AUDIO-01 reports 'Failed to play note'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(fakePlayer(true));
    fireEvent.click(screen.getByRole('button', { name: 'C' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to play note');
  });
});
