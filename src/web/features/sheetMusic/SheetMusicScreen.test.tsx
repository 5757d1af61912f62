import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudioContext } from '../../../audio/testing/fakeAudioContext.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { createTunePlayer } from '../../../audio/tunePlayer.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import type { LibraryTune } from '../../../music/library/libraryTunes.ts';
import { keys } from '../../storage/keys.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import { checkIntegrity } from '../../storage/storageHealth.ts';
import { MAX_REMEMBERED_BWW_CHARS } from './rememberTune.ts';
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
  const ctx = fakeAudioContext();
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
// Each test starts as a first visit; within a test, cleanup() + setup() is a reload.
beforeEach(() => {
  window.localStorage.clear();
  resetStoresForTests();
});

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

describe('Sheet Music remembers the tune and the playback choices (issue 6 item 8)', () => {
  const tempoField = () =>
    screen.getByRole('spinbutton', { name: 'Tempo in beats per minute' }) as HTMLInputElement;
  const checkbox = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  const reload = (mode: 'library' | 'import' = 'library') => {
    cleanup();
    return setup(mode);
  };
  const twoTunes =
    bww('First Of Two', 'Reel', '& sharpf sharpc 2_4 LA_4 B_4 !t') +
    bww('Second Of Two', 'Reel', '& sharpf sharpc 2_4 C_4 D_4 ! E_4 F_4 ! HG_4 !t');

  it('reopens the library tune the piper left, at the tempo chosen for it, with count-in and drones as set', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /B Test Air/ }));
    await user.clear(tempoField());
    await user.type(tempoField(), '95');
    await user.click(checkbox('Count-in (one bar of clicks)'));
    await user.click(checkbox('Drones'));
    fireEvent.change(checkbox('Drone volume'), { target: { value: '60' } });

    const again = reload();
    expect(screen.getByText('B Test Air', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('3 notes');
    expect(tempoField().value).toBe('95');
    expect(checkbox('Count-in (one bar of clicks)').checked).toBe(false);
    expect(checkbox('Drones').checked).toBe(true);
    expect(checkbox('Drone volume').value).toBe('60');
    // The tempo belongs to that tune: another opens at its own, and going back restores 95.
    await again.user.click(screen.getByRole('button', { name: /A Test March/ }));
    expect(tempoField().value).toBe('60');
    await again.user.click(screen.getByRole('button', { name: /B Test Air/ }));
    expect(tempoField().value).toBe('95');
  });

  it('issue 22.9: the tune picker names a medley’s tunes by title, else type and number, with the composer', async () => {
    const { user } = setup('import');
    // A band's medley with the kind of tune in the title field and the name in the type field.
    const head = (title: string, type: string, composer: string) =>
      `"${title}",(T,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)\n"${type}",(Y,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n"${composer}",(M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0)\n`;
    const tune = '& sharpf sharpc 3_4 LA_4 B_4 C_4 !t\n';
    const medley = [
      head('Retreat', 'A Test Castle', 'A. Piper'),
      tune,
      head('Retreat', '', ''),
      tune,
      head('Retreat', 'The Test Heroes', ''),
      tune,
    ].join('');
    await user.upload(screen.getByLabelText('Open a .bww file'), fileOf('medley.bww', medley));
    const picker = (await screen.findByLabelText('Tune in this file')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'A Test Castle — A. Piper',
      'Retreat 2',
      'The Test Heroes',
    ]);
  });

  it('remembers a local file by its text and the tune chosen in it; Import Song still waits for a file', async () => {
    const { user } = setup('import');
    await user.upload(screen.getByLabelText('Open a .bww file'), fileOf('two.bww', twoTunes));
    await user.selectOptions(await screen.findByLabelText('Tune in this file'), '1');
    expect(checkIntegrity(settingsStore()).valid).toBe(true);

    reload();
    expect(screen.getByText('two.bww', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByLabelText('Tune in this file') as HTMLSelectElement).value).toBe('1');
    expect(screen.getByTestId('score').textContent).toBe('5 notes');

    reload('import');
    expect(screen.getByRole('heading', { level: 1, name: 'Import Song' })).toBeTruthy();
    expect(screen.queryByTestId('score')).toBeNull();
  });

  it('does not store a file over the size cap: the next visit opens the first library tune', async () => {
    const { user } = setup();
    const big =
      bww('Big', 'Reel', '& sharpf sharpc 2_4 LA_4 B_4 !t') + ' '.repeat(MAX_REMEMBERED_BWW_CHARS);
    await user.upload(screen.getByLabelText('Open a .bww file'), fileOf('big.bww', big));
    expect(await screen.findByText('big.bww', { selector: 'strong' })).toBeTruthy();
    expect(settingsStore().read(keys.sheetMusicRecent).tune).toBeNull();
    reload();
    expect(screen.getByText('A Test March', { selector: 'strong' })).toBeTruthy();
  });

  const storedValues: [string, string, string][] = [
    ['text that is not JSON', keys.sheetMusicRecent.key, '{"tune": {"kind": "libr'],
    [
      'a value of the wrong shape',
      keys.sheetMusicRecent.key,
      '{"tune":{"kind":"library"},"tuneIndex":-1}',
    ],
    [
      'a library id that no longer exists',
      keys.sheetMusicRecent.key,
      JSON.stringify({ tune: { kind: 'library', id: 'gone-tune' }, tuneIndex: 0 }),
    ],
    [
      'BWW text that no longer holds music',
      keys.sheetMusicRecent.key,
      JSON.stringify({
        tune: { kind: 'file', name: 'old.bww', bww: '\u0000garbage' },
        tuneIndex: 0,
      }),
    ],
    [
      'playback choices of the wrong shape',
      keys.sheetMusicPreferences.key,
      JSON.stringify({ countIn: 'yes', drones: 1, droneVolume: 7, graceAnchor: 'x', tempos: [] }),
    ],
  ];

  it.each(storedValues)('falls back quietly to the first library tune on %s', (_, key, raw) => {
    window.localStorage.setItem(key, raw);
    setup();
    expect(screen.getByText('A Test March', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('4 notes');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(tempoField().value).toBe('60');
    expect(checkbox('Count-in (one bar of clicks)').checked).toBe(true);
    expect(checkbox('Drones').checked).toBe(false);
  });

  it('opens the first tune of a remembered file when the remembered tune index is past its end', () => {
    window.localStorage.setItem(
      keys.sheetMusicRecent.key,
      JSON.stringify({ tune: { kind: 'file', name: 'two.bww', bww: twoTunes }, tuneIndex: 7 }),
    );
    setup();
    expect(screen.getByText('two.bww', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByLabelText('Tune in this file') as HTMLSelectElement).value).toBe('0');
    expect(screen.getByTestId('score').textContent).toBe('2 notes');
  });

  it('ignores a remembered tempo outside the range the controls allow', () => {
    window.localStorage.setItem(
      keys.sheetMusicRecent.key,
      JSON.stringify({ tune: { kind: 'library', id: 'b-air' }, tuneIndex: 0 }),
    );
    window.localStorage.setItem(
      keys.sheetMusicPreferences.key,
      JSON.stringify({
        ...keys.sheetMusicPreferences.fallback,
        tempos: { 'library:b-air#0': 5000 },
      }),
    );
    setup();
    expect(screen.getByText('B Test Air', { selector: 'strong' })).toBeTruthy();
    expect(tempoField().value).toBe('60');
  });
});

// Issue 15 item 5: 'open in Sheet Music' from a library tune page.
describe('Sheet Music opens a linked library setting', () => {
  const SETTING = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
  const linkedBww = bww(
    'A Shared Reel',
    'Reel',
    '& sharpf sharpc 2_2 I! LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !I',
  );
  const page = (settings: unknown[]) => ({
    data: {
      tune: {
        id: '6f1c1d2e-8a7b-4c3d-9e8f-0a1b2c3d4e5f',
        slug: 'a-shared-reel',
        title: 'A Shared Reel',
        aliases: [],
        type: 'reel',
        timeSignature: '2/2',
        composer: 'Traditional',
        composerDates: null,
        featured: false,
        settingCount: 1,
        previewBww: null,
        notes: null,
      },
      settings,
      redirectTo: null,
    },
  });
  const setting = {
    id: SETTING,
    tuneId: '6f1c1d2e-8a7b-4c3d-9e8f-0a1b2c3d4e5f',
    bww: linkedBww,
    arranger: null,
    source: null,
    licence: 'cc0',
    attribution: null,
    visibility: 'public',
    builtin: false,
    uploaderName: 'AP',
    mine: false,
    rejectReason: null,
    createdAt: '2026-11-25T00:00:00.000Z',
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('opens the setting named in the address and remembers it', async () => {
    window.history.replaceState(null, '', `/sheet-music?tune=a-shared-reel&setting=${SETTING}`);
    const fetchSpy = vi.fn(
      async (_url: RequestInfo | URL) =>
        new Response(JSON.stringify(page([setting])), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    setup();
    await screen.findByText('A Shared Reel', { selector: 'strong' });
    expect(screen.getByTestId('score').textContent).toBe('8 notes');
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/library/tunes/a-shared-reel');
    expect(settingsStore().read(keys.sheetMusicRecent).tune).toEqual({
      kind: 'file',
      name: 'A Shared Reel',
      bww: linkedBww,
    });
  });

  it('keeps the open tune and says why when the setting is not shared', async () => {
    window.history.replaceState(null, '', `/sheet-music?tune=a-shared-reel&setting=${SETTING}`);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(page([])), { status: 200 })),
    );
    setup();
    expect((await screen.findByRole('alert')).textContent).toMatch(/not in the library any more/);
    expect(screen.getByTestId('score').textContent).toBe('4 notes');
  });
});

describe('Sheet Music playing a set (issue 15 item 7)', () => {
  const PLAYLIST_ID = '3f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const item = (n: number, title: string, bwwText: string, tempo: number | null) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    position: n,
    source: 'file' as const,
    settingId: null,
    tuneSlug: null,
    title,
    type: null,
    tempo,
    repeats: 1,
    available: true,
    bww: bwwText,
  });
  const playlist = {
    id: PLAYLIST_ID,
    name: 'Saturday set',
    kind: 'set',
    itemCount: 3,
    shared: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    shareToken: null,
    items: [
      item(1, 'A Test March', library[0]!.bww, null),
      {
        ...item(2, 'Gone Tune', '', null),
        source: 'library' as const,
        available: false,
        bww: null,
      },
      item(3, 'B Test Air', library[1]!.bww, 120),
    ],
  };

  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('issue 15.7: ?playlist= plays every available tune through on one clock, the next one beat after the last note', async () => {
    window.history.replaceState(null, '', `/sheet-music?playlist=${PLAYLIST_ID}`);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json({ data: playlist }));
    const { user, clock, player } = setup();
    const play = vi.spyOn(player, 'play');
    expect(await screen.findByRole('heading', { name: 'Set: Saturday set' })).toBeTruthy();
    expect(String(fetchSpy.mock.calls[0]![0])).toBe(`/api/playlists/${PLAYLIST_ID}`);
    expect(screen.getByText(/no longer available/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Count-in' }));
    await user.click(screen.getByRole('button', { name: 'Play the set' }));
    // One performance for the whole set: the player never waits for a tune to end.
    expect(play).toHaveBeenCalledTimes(1);
    const events = play.mock.calls[0]![0].events;
    const march = notesOf(parseBww(library[0]!.bww).tunes[0]!).length;
    const firstOfAir = events.findIndex((e) => e.noteIndex >= march);
    const lastEnd = Math.max(
      ...events.slice(0, firstOfAir).map((e) => e.startSeconds + e.durationSeconds),
    );
    // The march is at its own 60 bpm: one beat is 1 s. The air plays at its item tempo.
    expect(events[firstOfAir]!.startSeconds).toBeCloseTo(lastEnd + 1, 9);
    expect(events[firstOfAir + 1]!.startSeconds - events[firstOfAir]!.startSeconds).toBeCloseTo(
      0.5,
      9,
    );

    act(() => clock.advance(500));
    expect(screen.getByText('Playing A Test March')).toBeTruthy();
    act(() => clock.advance(Math.round((lastEnd + 1) * 1000) - 500 + 100));
    expect(screen.getByText('Playing B Test Air')).toBeTruthy();
    expect(screen.getByTestId('score').dataset.active).toBe('0');
    expect(screen.getByTestId('score').textContent).toBe('3 notes');
  });
});
