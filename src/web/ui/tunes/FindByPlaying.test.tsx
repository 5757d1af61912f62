import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pitch } from '../../../music/notes.ts';
import { FindByPlaying } from './FindByPlaying.tsx';
import { createFragmentEntry } from './fragmentEntry.ts';

const entered = () =>
  within(screen.getByRole('list', { name: 'Notes entered' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const tap = (name: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Tap notes' })).getByRole('button', { name }),
  );

const press = (key: string) => {
  act(() => {
    fireEvent.keyDown(window, { key });
  });
  act(() => {
    fireEvent.keyUp(window, { key });
  });
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('FindByPlaying (issue 15.6)', () => {
  it('issue 15.6: tapped notes are shown by name; the search comes at 8 notes, with undo and clear', () => {
    const onSearch = vi.fn<(pitches: readonly Pitch[]) => void>();
    render(<FindByPlaying onSearch={onSearch} />);
    expect(screen.getByText('None yet.')).toBeTruthy();
    const tune = ['Low A', 'B', 'C', 'Low A', 'C', 'E', 'High A', 'High G'];
    for (const name of tune.slice(0, 7)) tap(name);
    expect(entered()).toEqual(tune.slice(0, 7));
    expect(screen.getByText('7 of 8 notes: 1 more to search.')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();

    tap('High G');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith(['LA', 'B', 'C', 'LA', 'C', 'E', 'HA', 'HG']);
    // A ninth note searches again, with it.
    tap('High A');
    expect(onSearch).toHaveBeenLastCalledWith(['LA', 'B', 'C', 'LA', 'C', 'E', 'HA', 'HG', 'HA']);

    fireEvent.click(screen.getByRole('button', { name: 'Undo last note' }));
    expect(entered()).toEqual(tune);
    fireEvent.click(screen.getByRole('button', { name: 'Undo last note' }));
    expect(entered()).toEqual(tune.slice(0, 7));
    fireEvent.click(screen.getByRole('button', { name: 'Clear notes' }));
    expect(screen.getByText('None yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo last note' })).toHaveProperty('disabled', true);
  });

  it('issue 15.6: the keyboard chanter enters notes, however short the key press', () => {
    const onSearch = vi.fn<(pitches: readonly Pitch[]) => void>();
    render(<FindByPlaying onSearch={onSearch} minNotes={8} />);
    fireEvent.change(screen.getByLabelText('Chanter'), { target: { value: 'Keyboard' } });
    for (const key of ['a', 'b', 'c', 'a', 'c', 'e', 'A', 'G']) press(key);
    expect(entered()).toEqual(['Low A', 'B', 'C', 'Low A', 'C', 'E', 'High A', 'High G']);
    expect(onSearch).toHaveBeenLastCalledWith(['LA', 'B', 'C', 'LA', 'C', 'E', 'HA', 'HG']);
  });
});

describe('fragmentEntry (issue 15.6)', () => {
  it('issue 15.6: gracenotes heard from the microphone are left out; undo takes them back too', () => {
    const entry = createFragmentEntry();
    entry.played({ note: 'LA', duration: 0.4 }, false);
    entry.played({ note: 'HG', duration: 0.03 }, false); // gracenote
    entry.played({ note: 'B', duration: 0.3 }, false);
    entry.played({ note: 'D', duration: 0.03 }, false); // gracenote
    expect(entry.getSnapshot().melody).toEqual(['LA', 'B']);
    entry.undo();
    expect(entry.getSnapshot().melody).toEqual(['LA']);
    // The keyboard has no gracenotes: a 30 ms press is a note.
    entry.played({ note: 'C', duration: 0.03 }, true);
    expect(entry.getSnapshot().melody).toEqual(['LA', 'C']);
  });
});
