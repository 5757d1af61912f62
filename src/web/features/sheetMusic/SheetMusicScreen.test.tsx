import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChanterContext } from '../../../audio/synth/fakeChanterContext.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { createTunePlayer } from '../../../audio/tunePlayer.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import type { LibraryTune } from '../../../music/library/libraryTunes.ts';
import SheetMusicScreen from './SheetMusicScreen.tsx';

// The real score needs VexFlow and layout; these tests are about the screen around it.
vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({ tune, activeNoteIndex }: { tune: Tune; activeNoteIndex?: number | null }) => (
    <div data-testid="score" data-active={activeNoteIndex ?? ''}>
      {notesOf(tune).length} notes
    </div>
  ),
}));

// Small tunes written for these tests (not taken from any collection).
const bww = (title: string, type: string, music: string) =>
  `TuneTempo,60\n"${title}",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n"${type}",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)\n${music}\n`;
const library: LibraryTune[] = [
  {
    id: 'a-march',
    title: 'A Test March',
    type: 'March',
    timeSignature: '2_4',
    bww: bww('A Test March', 'March', "& sharpf sharpc 2_4 I!'' LA_4 B_4 ! C_4 dbe E_4 ''!I"),
  },
  {
    id: 'b-air',
    title: 'B Test Air',
    type: 'Slow Air',
    timeSignature: '3_4',
    bww: bww('B Test Air', 'Slow Air', '& sharpf sharpc 3_4 LA_4 B_4 C_4 !t'),
  },
];

function setup(mode: 'library' | 'import' = 'library') {
  const clock = fakeClock(0);
  const ctx = fakeChanterContext();
  Object.defineProperty(ctx, 'currentTime', { get: () => clock.now() / 1000 });
  const player = createTunePlayer({ getContext: () => ctx, timers: clock });
  const download = vi.fn();
  render(
    <SheetMusicScreen
      mode={mode}
      library={library}
      createPlayer={() => player}
      download={download}
    />,
  );
  return { clock, ctx, player, download, user: userEvent.setup() };
}

const fileOf = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

afterEach(cleanup);

describe('Sheet Music screen', () => {
  it('R-2.1.ROUTES-09 shows Sheet Music with the first library tune open', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sheet Music' })).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('4 notes');
    expect(screen.getByText('A Test March', { selector: 'strong' })).toBeTruthy();
  });

  it('searches the library and opens another tune', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Search the library'), 'air');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /B Test Air/ }));
    expect(screen.getByTestId('score').textContent).toBe('3 notes');
    await user.clear(screen.getByLabelText('Search the library'));
    await user.type(screen.getByLabelText('Search the library'), 'zzz');
    expect(screen.getByText(/No tune in the library matches/)).toBeTruthy();
  });

  it('opens a local file, listing its warnings with line:column', async () => {
    const { user } = setup('import');
    expect(screen.getByRole('heading', { level: 1, name: 'Import Song' })).toBeTruthy();
    expect(screen.queryByTestId('score')).toBeNull();
    const text = bww('Mine', 'Reel', '& sharpf sharpc 2_4 LA_4 zzzq B_4 !t');
    await user.upload(screen.getByLabelText('Open a .bww file'), fileOf('mine.bww', text));
    expect(await screen.findByTestId('score')).toBeTruthy();
    expect(screen.getByText('mine.bww')).toBeTruthy();
    expect(
      screen.getByText('1 thing in this file could not be read', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText(/^Line 4:\d+$/)).toBeTruthy();
  });

  it('keeps the open tune and explains when a file has no music', async () => {
    const { user } = setup();
    await user.upload(
      screen.getByLabelText('Open a .bww file'),
      fileOf('photo.bww', '\u0000\u0001garbage'),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /No music could be read from “photo\.bww”.*Nothing was changed/,
    );
    expect(screen.getByTestId('score').textContent).toBe('4 notes');
  });

  it('plays with a count-in, moves the cursor with the audio clock, pauses and stops', async () => {
    const { user, clock, ctx } = setup();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByText('Counting in…')).toBeTruthy();
    // 2/4 at 60: two clicks, then the tune.
    const clicks = ctx.oscillators.filter((o) => o.wave === null);
    expect(clicks).toHaveLength(2);
    act(() => clock.advance(2_200));
    expect(screen.getByText('Playing')).toBeTruthy();
    expect(screen.getByTestId('score').dataset.active).toBe('0');
    act(() => clock.advance(1_000));
    expect(screen.getByTestId('score').dataset.active).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.getByTestId('score').dataset.active).toBe('');
  });

  it('takes the tempo from the file and lets the piper choose another', async () => {
    const { user } = setup();
    const tempo = screen.getByRole('spinbutton', { name: 'Tempo in beats per minute' });
    expect((tempo as HTMLInputElement).value).toBe('60');
    await user.clear(tempo);
    await user.type(tempo, '90');
    expect((tempo as HTMLInputElement).value).toBe('90');
    await user.click(screen.getByRole('button', { name: 'Use the tune’s tempo (60)' }));
    expect((tempo as HTMLInputElement).value).toBe('60');
  });

  it('downloads the tune as BWW that reads back the same, and as MusicXML', async () => {
    const { user, download } = setup();
    await user.click(screen.getByRole('button', { name: 'Download BWW' }));
    const [name, text, type] = download.mock.calls[0] as [string, string, string];
    expect(name).toBe('a-test-march.bww');
    expect(type).toMatch(/^text\/plain/);
    const back = parseBww(text).tunes[0]!;
    expect(notesOf(back).map((n) => n.pitch)).toEqual(['LA', 'B', 'C', 'E']);
    await user.click(screen.getByRole('button', { name: 'Download MusicXML' }));
    const [xmlName, xml] = download.mock.calls[1] as [string, string];
    expect(xmlName).toBe('a-test-march.musicxml');
    expect(xml).toContain('<score-partwise');
  });
});
