import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudioContext } from '../../../audio/testing/fakeAudioContext.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { createTunePlayer } from '../../../audio/tunePlayer.ts';
import { notesOf, tuneText, type Tune } from '../../../music/tune/tune.ts';
import type { LibraryTune } from '../../../music/library/libraryTunes.ts';
import { handOffTune } from '../../storage/tuneHandoff.ts';
import { resetStoresForTests } from '../../storage/settingsStore.ts';
import PlayAlongScreen from './PlayAlongScreen.tsx';

vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({ tune }: { tune: Tune }) => (
    <div data-testid="score">
      {tuneText(tune, 'title')}:{' '}
      {notesOf(tune)
        .map((n) => n.pitch)
        .join(' ')}
    </div>
  ),
}));

// Written for this test (not from any collection).
const bww = (title: string, music: string) =>
  `"${title}",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 2_4 ${music} !t\n`;
const library: LibraryTune[] = [
  {
    id: 'lib',
    title: 'Library Tune',
    type: 'March',
    timeSignature: '2_4',
    bww: bww('Library Tune', 'LA_4 B_4'),
  },
];

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetStoresForTests();
});
afterEach(cleanup);

describe('Play Along', () => {
  it('issue 20.2: a tune handed over from /omr (Open in Play-along) opens once, instead of the library’s first', async () => {
    handOffTune({ title: 'Read From A Page', bww: bww('Read From A Page', 'HG_4 HA_4') });
    const clock = fakeClock(0);
    const player = createTunePlayer({ getContext: () => fakeAudioContext(), timers: clock });
    render(<PlayAlongScreen library={library} createPlayer={() => player} />);
    expect((await screen.findByTestId('score')).textContent).toBe('Read From A Page: HG HA');
    cleanup();
    // Taken once: the next visit opens as it always does.
    render(<PlayAlongScreen library={library} createPlayer={() => player} />);
    expect(screen.getByTestId('score').textContent).toBe('Library Tune: LA B');
  });
});
