import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotePlayer } from '../../../audio/notePlayer.ts';
import { SONG_SEQUENCE } from '../../../music/flashCardRules.ts';
import { notes } from '../../../music/notes.ts';
import { FakeStorage } from '../../storage/fakeStorage.ts';
import { activityKey, keys } from '../../storage/keys.ts';
import { createSettingsStore, type SettingsStore } from '../../storage/settingsStore.ts';
import FlashCardsScreen from './FlashCardsScreen.tsx';

let store: SettingsStore;

function fakePlayer(fail: boolean | ((call: number) => boolean) = false) {
  let sounding: number | null = null;
  let calls = 0;
  const listeners = new Set<() => void>();
  const player: NotePlayer = {
    play: vi.fn((hz: number) => {
      calls++;
      if (typeof fail === 'function' ? fail(calls) : fail) throw new Error('no audio');
      sounding = hz;
      listeners.forEach((l) => l());
    }),
    stop: vi.fn(() => {
      sounding = null;
      listeners.forEach((l) => l());
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

function setup(player = fakePlayer()) {
  render(
    <FlashCardsScreen createPlayer={() => player} store={store} random={() => 0.5} quiz={false} />,
  );
  return player;
}

const counter = () => screen.getByTestId('flash-counter').textContent;
const cardName = () => screen.getByTestId('flash-card-name').textContent;
const button = (name: string) => screen.getByRole('button', { name });

async function choose(menu: string, item: string) {
  fireEvent.click(screen.getByRole('menuitem', { name: menu }));
  fireEvent.click(
    within(screen.getByRole('menu', { name: menu })).getByRole('menuitemradio', { name: item }),
  );
}

beforeEach(() => {
  store = createSettingsStore(new FakeStorage());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('issue 22.4: the listening quiz card', () => {
  function startQuiz() {
    // Math.random 0.5 deals D first (quizRules.quizCards).
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    render(
      <MemoryRouter>
        <FlashCardsScreen createPlayer={() => fakePlayer()} store={store} />
      </MemoryRouter>,
    );
    fireEvent.click(button('Keyboard chanter'));
    fireEvent.click(button('Start Quiz'));
    return screen.getByTestId('quiz-card');
  }

  afterEach(() => vi.restoreAllMocks());

  it('shows only the staff by default: the note name is nowhere on the card', () => {
    const card = startQuiz();
    expect((screen.getByLabelText('Card shows') as HTMLSelectElement).value).toBe('staff');
    expect(within(card).queryByTestId('quiz-card-name')).toBeNull();
    expect(card.textContent).not.toMatch(/\bD\b/);
    // Nor in what a screen reader hears of the staff or the fingering.
    const labels = [...card.querySelectorAll('[aria-label]')].map((e) =>
      e.getAttribute('aria-label'),
    );
    expect(labels.join(' ')).not.toMatch(/\bD\b/);
    // (Hidden in jsdom, which cannot draw it: the label is still what it would announce.)
    expect(labels).toContain('The note to play, on the treble staff');
    expect(within(card).queryByRole('img', { name: /Chanter fingering/ })).toBeNull();
  });

  it('shows only the name or only the fingering when chosen, and stores the choice', () => {
    const card = startQuiz();
    fireEvent.change(screen.getByLabelText('Card shows'), { target: { value: 'name' } });
    expect(within(card).getByTestId('quiz-card-name').textContent).toBe('D');
    expect(card.querySelector('[aria-label*="treble staff"]')).toBeNull();
    expect(store.read(activityKey('flashcard'))).toMatchObject({ quizDisplay: 'name' });

    fireEvent.change(screen.getByLabelText('Card shows'), { target: { value: 'fingering' } });
    expect(within(card).queryByTestId('quiz-card-name')).toBeNull();
    expect(
      within(card).getByRole('img', { name: /^Chanter fingering for the note to play: covered/ }),
    ).toBeTruthy();

    // 'Whole card' is the flash card as before: name, staff and (Show Fingering) fingering.
    fireEvent.change(screen.getByLabelText('Card shows'), { target: { value: 'all' } });
    expect(within(card).getByTestId('quiz-card-name').textContent).toBe('D');
    expect(within(card).getByRole('img', { name: /^Chanter fingering for D/ })).toBeTruthy();
  });

  it('a stored choice wins over the default', () => {
    store.write(activityKey('flashcard'), { quizDisplay: 'fingering' });
    const card = startQuiz();
    expect((screen.getByLabelText('Card shows') as HTMLSelectElement).value).toBe('fingering');
    expect(card.querySelector('[aria-label*="treble staff"]')).toBeNull();
  });
});

describe('FlashCardsScreen', () => {
  it('issue 16.5: ?mode=Song opens at that mode and stores it; the menu still changes it', async () => {
    window.history.replaceState(null, '', '/flashcards?mode=Song');
    try {
      setup();
      expect(counter()).toBe(`Note 1 of ${SONG_SEQUENCE.length}`);
      expect(store.read(activityKey('flashcard'))?.exerciseMode).toBe('Song');
      await choose('Mode', 'Random');
      expect(counter()).toMatch(/ of 9$/);
      expect(store.read(activityKey('flashcard'))?.exerciseMode).toBe('Random');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('R-2.3.FLASH-01 R-2.3.FLASH-02 R-2.3.FLASH-03 offers Mode, Chanter and Display menus', async () => {
    store.write(keys.customChanters, [{ id: 'c1', name: 'My Naill' }]);
    setup();
    const items = (menu: string) => {
      fireEvent.click(screen.getByRole('menuitem', { name: menu }));
      const found = within(screen.getByRole('menu', { name: menu }))
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent);
      fireEvent.keyDown(document, { key: 'Escape' });
      return found;
    };
    expect(items('Mode')).toEqual(['Random', 'Scale', 'Song']);
    expect(items('Chanter')).toEqual(['Standard', 'Keyboard', 'My Naill']);
    expect(items('Display')).toEqual(['Show Fingering', 'Hide Fingering']);
  });

  it('R-2.3.FLASH-04 R-2.3.FLASH-05 R-2.3.FLASH-07 R-4.FLASH-09 shows the card and steps the scale', async () => {
    setup();
    await choose('Mode', 'Scale');
    expect(cardName()).toBe('Low G');
    expect(screen.getByText('426 Hz')).toBeTruthy();
    expect(counter()).toBe('Note 1 of 9');
    expect(screen.getByRole('img', { name: /^Chanter fingering for Low G/ })).toBeTruthy();
    for (let i = 0; i < 8; i++) fireEvent.click(button('Next note'));
    expect(cardName()).toBe('High A');
    fireEvent.click(button('Next note'));
    expect(cardName()).toBe('High G');
    fireEvent.click(button('Previous note'));
    expect(cardName()).toBe('High A');
    expect(counter()).toBe('Note 9 of 9');
  });

  it('R-2.3.FLASH-07 plays the note at the selected chanter frequency and hides fingering', async () => {
    store.write(keys.customChanters, [
      { id: 'c1', name: 'Mine', frequencies: notes.map((n) => n.frequency + 10) },
    ]);
    const player = setup();
    await choose('Mode', 'Scale');
    await choose('Chanter', 'Mine');
    expect(store.read(keys.chanterId)).toBe('c1');
    expect(screen.getByText('436 Hz')).toBeTruthy();
    fireEvent.click(button('Play Note'));
    expect(player.play).toHaveBeenCalledWith(436, 1);
    await choose('Display', 'Hide Fingering');
    expect(screen.queryByRole('img', { name: /^Chanter fingering/ })).toBeNull();
    expect(store.read(activityKey('flashcard'))).toMatchObject({
      selectedChanter: 'Mine',
      showFingering: false,
      exerciseMode: 'Scale',
    });
  });

  it('R-5.INPUTS-04 R-5.INPUTS-07 R-3.STORAGE-19 clamps durations and stores them', async () => {
    setup();
    const note = screen.getByLabelText('Note duration (seconds)') as HTMLInputElement;
    const exercise = screen.getByLabelText('Exercise duration (seconds)') as HTMLInputElement;
    expect(note.value).toBe('1');
    expect(exercise.value).toBe('30');
    fireEvent.change(note, { target: { value: '25' } });
    expect(note.value).toBe('10');
    fireEvent.change(exercise, { target: { value: '5' } });
    expect(exercise.value).toBe('5');
    fireEvent.blur(exercise);
    expect(exercise.value).toBe('10');
    fireEvent.change(exercise, { target: { value: '999' } });
    fireEvent.blur(exercise);
    expect(exercise.value).toBe('300');
    expect(store.read(activityKey('flashcard'))).toMatchObject({
      noteDuration: 10,
      exerciseDuration: 300,
    });
  });

  it('R-4.FLASH-02 R-4.FLASH-03 R-4.FLASH-04 R-4.FLASH-05 R-4.FLASH-14 R-2.3.FLASH-06 runs a Song exercise to the end', async () => {
    vi.useFakeTimers();
    const player = setup();
    await choose('Mode', 'Song');
    fireEvent.click(button('Next note'));
    fireEvent.click(button('Start Exercise'));
    expect(counter()).toBe('Time Remaining 0:30');
    expect(cardName()).toBe(notes[SONG_SEQUENCE[0]!]!.name);
    for (const name of ['Previous note', 'Next note', 'Play Note', 'Start Exercise']) {
      expect(button(name).hasAttribute('disabled')).toBe(true);
    }
    expect((screen.getByLabelText('Note duration (seconds)') as HTMLInputElement).disabled).toBe(
      true,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(cardName()).toBe(notes[SONG_SEQUENCE[1]!]!.name);
    expect(counter()).toBe('Time Remaining 0:29');
    act(() => vi.advanceTimersByTime(29_000));
    expect(counter()).toBe('Note 1 of 29');
    expect(player.play).toHaveBeenCalledTimes(30);
    expect(player.stop).toHaveBeenCalled();
    expect(button('Start Exercise').hasAttribute('disabled')).toBe(false);
  });

  it('R-4.FLASH-06 R-4.FLASH-07 R-4.FLASH-10 End Exercise stops a Scale exercise started at Low G', async () => {
    vi.useFakeTimers();
    const player = setup();
    await choose('Mode', 'Scale');
    fireEvent.click(button('Next note'));
    fireEvent.click(button('Next note'));
    fireEvent.click(button('Start Exercise'));
    expect(cardName()).toBe('Low G');
    act(() => vi.advanceTimersByTime(2000));
    expect(cardName()).toBe('B');
    fireEvent.click(button('End Exercise'));
    expect(player.stop).toHaveBeenCalled();
    expect(counter()).toBe('Note 3 of 9');
    act(() => vi.advanceTimersByTime(5000));
    expect(cardName()).toBe('B');
  });

  it('R-8.AUDIO-01 R-8.AUDIO-03 reports Failed to play note', async () => {
    const user = userEvent.setup();
    setup(fakePlayer(true));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(button('Play Note'));
    expect(screen.getByText('Failed to play note').getAttribute('role')).toBe('alert');
    await user.click(button('Start Exercise'));
    expect(screen.getByText('Failed to start exercise playback').getAttribute('role')).toBe(
      'alert',
    );
    expect(button('Start Exercise').hasAttribute('disabled')).toBe(false);
  });

  it("R-8.AUDIO-02 reports 'Failed to play next note' when a later exercise note fails", () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(fakePlayer((call) => call === 2));
    fireEvent.click(button('Start Exercise'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Failed to play next note').getAttribute('role')).toBe('alert');
    // The exercise carries on with the cards.
    expect(counter()).toBe('Time Remaining 0:29');
  });
});
