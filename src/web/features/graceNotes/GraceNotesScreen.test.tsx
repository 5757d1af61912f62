import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraceNotePlayer } from '../../../audio/graceNotePlayer.ts';
import { graceModeExplanations } from '../../../music/graceRules.ts';
import { FakeStorage } from '../../storage/fakeStorage.ts';
import { keys } from '../../storage/keys.ts';
import { createSettingsStore, type SettingsStore } from '../../storage/settingsStore.ts';
import GraceNotesScreen from './GraceNotesScreen.tsx';

let store: SettingsStore;

/**
 * user-event without its pointer-events check: the check reads the computed style of every
 * ancestor on each click, and jsdom has no stylesheet to find `pointer-events: none` in, so
 * it only cost time (200–600 ms a click at load 8).
 */
const newUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

function fakePlayer() {
  const listeners = new Set<() => void>();
  let playing = false;
  const player: GraceNotePlayer = {
    play: vi.fn(() => {
      playing = true;
      listeners.forEach((l) => l());
    }),
    stop: vi.fn(),
    getSnapshot: () => playing,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    dispose: vi.fn(),
  };
  return player;
}

function fakeEmbellishmentPlayer() {
  return {
    play: vi.fn(),
    stop: vi.fn(),
    getSnapshot: () => false,
    subscribe: () => () => undefined,
    dispose: vi.fn(),
  };
}

function setup(embellishments = fakeEmbellishmentPlayer()) {
  const player = fakePlayer();
  render(
    <GraceNotesScreen
      createPlayer={() => player}
      createEmbellishmentPlayer={() => embellishments}
      store={store}
    />,
  );
  // By the buttons' aria-label, not getByRole: getByRole computes the accessible name and
  // visibility of all ~50 buttons on the screen for each lookup (300–600 ms in jsdom on a
  // loaded machine, and these tests look up twenty), which timed two tests out in CI.
  const grace = (name: string) => screen.getByLabelText(`Grace ${name}`, { selector: 'button' });
  const melody = (name: string) => screen.getByLabelText(`Melody ${name}`, { selector: 'button' });
  return { player, grace, melody };
}

const shownNote = () =>
  within(screen.getByTestId('grace-fingering')).getByRole('img').getAttribute('aria-label');

beforeEach(() => {
  store = createSettingsStore(new FakeStorage());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GraceNotesScreen', () => {
  it('R-2.3.GRACE-01 R-2.3.GRACE-03 shows Grace and Melody columns of nine and a Play button', () => {
    setup();
    for (const title of ['Grace', 'Melody']) {
      const column = screen.getByRole('group', { name: title });
      expect(within(column).getAllByRole('button')).toHaveLength(9);
    }
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('R-4.GRACE-02 R-4.GRACE-03 R-4.GRACE-04 disables disallowed buttons', async () => {
    const user = newUser();
    const { grace, melody } = setup();
    await user.click(melody('D'));
    expect(grace('C').hasAttribute('disabled')).toBe(false);
    expect(grace('D').hasAttribute('disabled')).toBe(true);
    expect(grace('High A').hasAttribute('disabled')).toBe(true);
    await user.click(grace('Low A'));
    expect(melody('Low G').hasAttribute('disabled')).toBe(true);
    expect(melody('Low A').hasAttribute('disabled')).toBe(true);
    expect(melody('B').hasAttribute('disabled')).toBe(false);
  });

  it('R-4.GRACE-01 selecting the selected note clears it', async () => {
    const user = newUser();
    const { grace, melody } = setup();
    await user.click(melody('E'));
    expect(melody('E').getAttribute('aria-pressed')).toBe('true');
    await user.click(melody('E'));
    expect(melody('E').getAttribute('aria-pressed')).toBe('false');
    await user.click(grace('Low G'));
    await user.click(grace('Low G'));
    expect(grace('Low G').getAttribute('aria-pressed')).toBe('false');
  });

  it('R-4.GRACE-05 R-4.GRACE-06 R-9.CONST-18 alternates grace 150 ms and melody 500 ms', () => {
    vi.useFakeTimers();
    const { grace, melody } = setup();
    fireEvent.click(melody('D'));
    expect(shownNote()).toMatch(/for D:/);
    act(() => vi.advanceTimersByTime(1000));
    expect(shownNote()).toMatch(/for D:/);
    fireEvent.click(grace('Low G'));
    expect(shownNote()).toMatch(/for Low G:/);
    act(() => vi.advanceTimersByTime(149));
    expect(shownNote()).toMatch(/for Low G:/);
    act(() => vi.advanceTimersByTime(1));
    expect(shownNote()).toMatch(/for D:/);
    act(() => vi.advanceTimersByTime(499));
    expect(shownNote()).toMatch(/for D:/);
    act(() => vi.advanceTimersByTime(1));
    expect(shownNote()).toMatch(/for Low G:/);
    fireEvent.click(grace('Low G'));
    act(() => vi.advanceTimersByTime(2000));
    expect(shownNote()).toMatch(/for D:/);
  });

  it('R-4.GRACE-07 R-4.GRACE-09 plays melody and grace at the saved gain', async () => {
    store.write(keys.gain, 1.5);
    const user = newUser();
    const { player, grace, melody } = setup();
    expect(screen.getByRole('button', { name: 'Play' }).hasAttribute('disabled')).toBe(true);
    await user.click(melody('D'));
    await user.click(grace('Low G'));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(player.play).toHaveBeenCalledWith(640, 426, 1.5, 'Strikes');
    expect(screen.getByRole('button', { name: 'Playing…' })).toBeTruthy();
  });

  it('R-2.3.GRACE-04 R-2.3.GRACE-05 shows the fingering only with Show Fingering', async () => {
    const user = newUser();
    setup();
    expect(screen.getByTestId('grace-fingering')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Display' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Hide Fingering' }));
    expect(screen.queryByTestId('grace-fingering')).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Display' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Show Fingering' }));
    expect(screen.getByTestId('grace-fingering')).toBeTruthy();
  });

  it('R-2.3.GRACE-02 describes the staff of the chosen notes', async () => {
    const user = newUser();
    const { grace, melody } = setup();
    await user.click(melody('D'));
    await user.click(grace('Low G'));
    // The drawing stays hidden until VexFlow has loaded; its label is set from the start.
    const label = 'Treble staff: D half note, then grace note Low G before D';
    expect(document.querySelector(`[role="img"][aria-label="${label}"]`)).not.toBeNull();
  });

  it('issue 22.1: Strikes is the default mode; each mode has its one-line explanation', () => {
    setup();
    const strikes = screen.getByRole('radio', { name: 'Strikes' });
    const gracenotes = screen.getByRole('radio', { name: 'Gracenotes' });
    expect((strikes as HTMLInputElement).checked).toBe(true);
    expect((gracenotes as HTMLInputElement).checked).toBe(false);
    expect(strikes.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(strikes.getAttribute('aria-describedby')!)?.textContent).toBe(
      graceModeExplanations.Strikes,
    );
    expect(screen.getByText(graceModeExplanations.Gracenotes)).toBeTruthy();
  });

  it('issue 22.1: Gracenotes mode disables buttons by its rule and plays grace then melody', async () => {
    const user = newUser();
    const { player, grace, melody } = setup();
    await user.click(melody('D'));
    await user.click(grace('Low G'));
    // Switching keeps the melody and clears a grace the new rule forbids.
    await user.click(screen.getByRole('radio', { name: 'Gracenotes' }));
    expect(grace('Low G').getAttribute('aria-pressed')).toBe('false');
    expect(melody('D').getAttribute('aria-pressed')).toBe('true');
    expect(grace('C').hasAttribute('disabled')).toBe(true);
    expect(grace('D').hasAttribute('disabled')).toBe(true);
    expect(grace('E').hasAttribute('disabled')).toBe(false);
    expect(grace('High A').hasAttribute('disabled')).toBe(false);
    await user.click(melody('D'));
    await user.click(grace('High G'));
    expect(melody('High G').hasAttribute('disabled')).toBe(true);
    expect(melody('High A').hasAttribute('disabled')).toBe(true);
    expect(melody('F').hasAttribute('disabled')).toBe(false);
    expect(melody('Low G').hasAttribute('disabled')).toBe(false);
    await user.click(melody('Low A'));
    expect(screen.getByRole('status').textContent).toBe('High G gracenote before Low A.');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(player.play).toHaveBeenCalledWith(480, 840, 3, 'Gracenotes');
    // Back to Strikes: the spec's rule again, and the High G grace is cleared.
    await user.click(screen.getByRole('radio', { name: 'Strikes' }));
    expect(grace('High G').getAttribute('aria-pressed')).toBe('false');
    expect(grace('Low G').hasAttribute('disabled')).toBe(false);
    expect(grace('B').hasAttribute('disabled')).toBe(true);
  });

  it('issue 22.1: the columns say which holds the grace and which the melody', async () => {
    const user = newUser();
    setup();
    const described = (title: string) => {
      const column = screen.getByRole('group', { name: title });
      return document.getElementById(column.getAttribute('aria-describedby')!)?.textContent;
    };
    expect(described('Grace')).toMatch(/quick note, lower/);
    expect(described('Melody')).toMatch(/tune’s note, before and after/);
    await user.click(screen.getByRole('radio', { name: 'Gracenotes' }));
    expect(described('Grace')).toMatch(/quick note, higher, played first/);
    expect(described('Melody')).toMatch(/after the grace/);
  });

  it('issue 22.1: single gracenote and strike presets sit beside the embellishments', async () => {
    const user = newUser();
    const embellishments = fakeEmbellishmentPlayer();
    setup(embellishments);
    for (const name of ['Gracenotes', 'Strikes', 'Doublings', 'Throws', 'Grips']) {
      expect(screen.getByRole('group', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'G gracenote on Low A' }));
    expect(screen.getByTestId('preset-notes').textContent).toBe('High G, then Low A');
    await user.click(screen.getByRole('button', { name: 'Play G gracenote on Low A' }));
    expect(embellishments.play).toHaveBeenCalledWith(480, [840], 3);
    await user.click(screen.getByRole('button', { name: 'Strike on E' }));
    expect(screen.getByTestId('preset-notes').textContent).toBe('Low A, then E');
  });

  it('shows and plays an embellishment preset with its fingering sequence', async () => {
    const user = newUser();
    const embellishments = fakeEmbellishmentPlayer();
    setup(embellishments);
    await user.click(screen.getByRole('button', { name: 'Throw on D' }));
    expect(screen.getByTestId('preset-notes').textContent).toBe('Low G, D, C, then D');
    const steps = within(screen.getByRole('list', { name: 'Fingering sequence' })).getAllByRole(
      'img',
    );
    expect(steps.map((s) => s.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Chanter fingering for Low G',
      'Chanter fingering for D',
      'Chanter fingering for C',
      'Chanter fingering for D',
    ]);
    await user.click(screen.getByRole('button', { name: 'Play Throw on D' }));
    expect(embellishments.play).toHaveBeenCalledWith(640, [426, 640, 600], 3);
  });
  it('issue 16.5: ?preset=<id> opens the presets at that movement and scrolls to it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    window.history.replaceState(null, '', '/gracenotes?preset=grp-LA');
    try {
      setup();
      expect(screen.getByTestId('preset-notes').textContent).toBe('Low G, D, Low G, then Low A');
      expect(screen.getByRole('button', { name: 'Grip' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(scrolled).toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Birl' }));
      expect(screen.getByRole('button', { name: 'Birl' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('issue 16.5: an unknown ?preset falls back to the D doubling', () => {
    window.history.replaceState(null, '', '/gracenotes?preset=nonsense');
    try {
      setup();
      expect(screen.getByTestId('preset-notes').textContent).toBe('High G, D, E, then D');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
