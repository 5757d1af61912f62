import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudioContext } from '../../../audio/testing/fakeAudioContext.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { createTunePlayer } from '../../../audio/tunePlayer.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { RECOGNISED_TITLE } from '../../../music/omr/assembleTune.ts';
import { omrMessages, type OmrBar, type OmrResult } from '../../../music/omr/omrTypes.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import { authSession } from '../../lib/authSession.ts';
import { resetStoresForTests } from '../../storage/settingsStore.ts';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';
import type { WorkerLike } from './createOmrReader.ts';
import type { TitleReader } from './createTitleReader.ts';
import type { RecogniseRequest, WorkerReply } from './omrWorkerProtocol.ts';
import OmrScreen, { TITLE_WORDS } from './OmrScreen.tsx';

// The real score needs VexFlow; a stand-in that numbers its notes as PipeScore does
// (data-note-index), shows their pitches and the marks it was given.
vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({
    tune,
    noteMarks,
  }: {
    tune: Tune;
    noteMarks?: ReadonlyMap<number, NoteMarkStyle>;
  }) => (
    <div data-testid="score">
      {notesOf(tune).map((n, i) => (
        <span key={i} data-note-index={i} data-mark={noteMarks?.get(i)?.label ?? ''}>
          {n.pitch}
        </span>
      ))}
    </div>
  ),
}));

// A two-bar tune written for these tests (not from any collection).
const TUNE = parseBww(
  `"Test Reel",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 2_4 I!'' LA_4 B_4 ! C_4 dbe E_4 ''!I\n`,
).tunes[0]!;
const box = (x: number) => ({ x, y: 100, width: 200, height: 80 });
const BARS: OmrBar[] = [
  { part: 0, line: 0, bar: 0, region: box(0), confidence: 0.95, notes: [box(20), box(120)] },
  { part: 0, line: 0, bar: 1, region: box(200), confidence: 0.4, notes: [box(220), box(320)] },
];
const READ: OmrResult = { ok: true, tune: TUNE, bars: BARS, warnings: [] };

/** A worker that answers each page as the test says, after the stages a real one reports. */
function fakeWorker(answer: () => WorkerReply | 'crash' | 'hold') {
  const posted: RecogniseRequest[] = [];
  const worker: WorkerLike & { reply: (m: WorkerReply) => void } = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      posted.push(message);
      const send = (m: WorkerReply) => worker.onmessage?.({ data: m } as MessageEvent<unknown>);
      queueMicrotask(() => {
        send({ type: 'progress', id: message.id, stage: 'staves', fraction: 0 });
        const a = answer();
        if (a === 'crash') worker.onerror?.(new Event('error'));
        else if (a !== 'hold') send({ ...a, id: message.id });
      });
    },
    terminate: vi.fn(),
    reply: (m) => worker.onmessage?.({ data: m } as MessageEvent<unknown>),
  };
  return { worker, posted };
}

const done = (result: OmrResult): WorkerReply => ({
  type: 'done',
  id: 0,
  page: { width: 1600, height: 2200 },
  result,
});

let sessionUser: { id: string; email: string; roles: string[] } | null = null;
const uploads: unknown[] = [];

/** What the title reader was asked, and the answer it gives when the test says. */
function fakeTitleReader() {
  const asked: { page: { width: number; height: number }; area: unknown }[] = [];
  let answer: (title: string | null) => void = () => undefined;
  const reader: TitleReader = {
    read: (_picture, page, area) => {
      asked.push({ page, area });
      return new Promise((resolve) => (answer = resolve));
    },
    dispose: vi.fn(),
  };
  return { reader, asked, answer: (title: string | null) => answer(title) };
}

let titles = fakeTitleReader();

function setup(answer: () => WorkerReply | 'crash' | 'hold') {
  const clock = fakeClock(0);
  const ctx = fakeAudioContext();
  Object.defineProperty(ctx, 'currentTime', { get: () => clock.now() / 1000 });
  const player = createTunePlayer({ getContext: () => ctx, timers: clock });
  const download = vi.fn();
  const { worker, posted } = fakeWorker(answer);
  render(
    <MemoryRouter>
      <OmrScreen
        createWorker={() => worker}
        createTitleReader={() => titles.reader}
        createPlayer={() => player}
        download={download}
      />
    </MemoryRouter>,
  );
  return { download, worker, posted, player, user: userEvent.setup() };
}

const page = () => new File([new Uint8Array([137, 80, 78, 71])], 'page.png', { type: 'image/png' });

async function openPage(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Open a picture or PDF'), page());
}

beforeEach(async () => {
  window.localStorage.clear();
  resetStoresForTests();
  URL.createObjectURL = vi.fn(() => 'blob:page');
  URL.revokeObjectURL = vi.fn();
  sessionUser = null;
  uploads.length = 0;
  titles = fakeTitleReader();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/account/session')) return Response.json({ user: sessionUser });
      if (url.endsWith('/api/library/uploads') && init?.method === 'POST') {
        uploads.push(JSON.parse(String(init.body)));
        return Response.json({ data: savedAnswer }, { status: 201 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  await act(() => authSession.refresh());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Music Recognition screen (issue 20 item 2)', () => {
  it("issue 20.2: 'No pipe staves found on this page' is shown as such, never an empty tune", async () => {
    const { user, posted } = setup(() => done({ ok: false, error: omrMessages.noStaves }));
    expect(screen.getByRole('heading', { level: 1, name: 'Music Recognition' })).toBeTruthy();
    await openPage(user);
    expect((await screen.findByRole('alert')).textContent).toBe(omrMessages.noStaves);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.page).toBeInstanceOf(Blob);
    expect(screen.queryByTestId('score')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download BWW' })).toBeNull();
    // The page stays in view beside the message, so the piper sees what was read.
    expect(screen.getByRole('img', { name: /page you opened/ })).toBeTruthy();
  });

  it("issue 20.2 (omr-ux): the worker's stages are shown as they come — 'Finding staves…', then 'Reading notes…' with a filling bar — then the tune", async () => {
    const { user, worker, posted } = setup(() => 'hold');
    await openPage(user);
    expect(await screen.findByText('Finding staves…')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    const bar = within(status).getByRole('progressbar', { name: 'Reading the page' });
    act(() =>
      worker.reply({ type: 'progress', id: posted[0]!.id, stage: 'notes', fraction: 0.25 }),
    );
    expect(within(status).getByText('Reading notes…')).toBeTruthy();
    expect((bar as HTMLProgressElement).value).toBe(0.25);
    act(() =>
      worker.reply({ type: 'progress', id: posted[0]!.id, stage: 'notes', fraction: 0.75 }),
    );
    expect((bar as HTMLProgressElement).value).toBe(0.75);
    act(() => worker.reply({ ...done(READ), id: posted[0]!.id }));
    expect(await screen.findByTestId('score')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('issue 20.2: a worker that stops gives a plain message', async () => {
    const { user } = setup(() => 'crash');
    await openPage(user);
    expect((await screen.findByRole('alert')).textContent).toMatch(/reader stopped unexpectedly/);
  });

  it("issue 20.2: bars below OMR_UNSURE say 'Check this bar' in words, on the list and the score", async () => {
    const { user } = setup(() => done(READ));
    await openPage(user);
    const bars = within(await screen.findByRole('list', { name: 'Bars read from the page' }));
    const [first, second] = bars.getAllByRole('button');
    expect(first!.textContent).not.toMatch(/Check this bar/);
    expect(second!.textContent).toMatch(/Check this bar/);
    const marks = [...screen.getByTestId('score').children].map((n) => n.getAttribute('data-mark'));
    expect(marks).toEqual(['', '', 'Check this bar', 'Check this bar']);
    expect(screen.getByRole('status').textContent).toMatch(/1 marked “Check this bar”/);
  });

  it('issue 20.2: tap a note to correct its pitch, duration and embellishment; undo restores it', async () => {
    const { user, download } = setup(() => done(READ));
    await openPage(user);
    const score = await screen.findByTestId('score');
    // The fourth note (E, in bar 2) is tapped on the score.
    await user.click(score.children[3]!);
    const editor = within(screen.getByRole('region', { name: 'Bar 2' }));
    expect(editor.getByRole('img', { name: /enlarged/ })).toBeTruthy();
    expect(editor.getByRole('button', { name: /E crotchet/, pressed: true })).toBeTruthy();
    await user.selectOptions(editor.getByLabelText('Pitch'), 'F');
    await user.selectOptions(editor.getByLabelText('Length'), '8');
    await user.selectOptions(editor.getByLabelText('Embellishment'), 'strf');
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'C', 'F']);
    expect(editor.getByRole('button', { name: /F quaver, with strf/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download BWW' }));
    expect(download.mock.calls[0]![0]).toBe('test-reel.bww');
    expect(download.mock.calls[0]![1]).toMatch(/strf F_8/);

    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    await user.click(undo);
    expect(editor.getByRole('button', { name: /F crotchet, with dbe$/ })).toBeTruthy();
    await user.click(undo);
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'C', 'E']);
    expect((undo as HTMLButtonElement).disabled).toBe(true);
  });

  it('issue 20.2 (omr-ux): a missed note is added and an extra one deleted, each saying whether the bar adds up, each undone', async () => {
    const { user, download } = setup(() => done(READ));
    await openPage(user);
    const score = await screen.findByTestId('score');
    const bars = within(await screen.findByRole('list', { name: 'Bars read from the page' }));
    await user.click(bars.getByRole('button', { name: /Bar 2/ }));
    const editor = within(screen.getByRole('region', { name: 'Bar 2' }));
    expect(editor.getByRole('status').textContent).toBe(
      'The bar adds up: 2 crotchets, as 2/4 needs.',
    );
    // Add a quaver High G before the E: the bar is now too long, and says so.
    const add = within(editor.getByRole('group', { name: 'Add a missed note' }));
    await user.selectOptions(add.getByLabelText('Place'), 'Before note 2 (E)');
    await user.selectOptions(add.getByLabelText('New note’s pitch'), 'HG');
    await user.selectOptions(add.getByLabelText('New note’s length'), 'Quaver');
    await user.click(add.getByRole('button', { name: 'Add note' }));
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'C', 'HG', 'E']);
    expect(editor.getByRole('status').textContent).toBe(
      'The bar is too long: 2½ crotchets, but 2/4 needs 2 crotchets. Delete a note or shorten one.',
    );
    // The new note is the one being corrected; delete the C instead.
    expect(editor.getByRole('button', { name: /High G quaver/, pressed: true })).toBeTruthy();
    await user.click(editor.getByRole('button', { name: /C crotchet/ }));
    await user.click(editor.getByRole('button', { name: 'Delete note 1' }));
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'HG', 'E']);
    // The bar closes the part, so it may be short.
    expect(editor.getByRole('status').textContent).toMatch(
      /^The bar has 1½ crotchets; 2\/4 needs 2/,
    );
    await user.click(screen.getByRole('button', { name: 'Download BWW' }));
    expect(download.mock.calls[0]![1]).toMatch(/! HG_8 dbe E_4/);

    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'C', 'HG', 'E']);
    await user.click(undo);
    expect([...score.children].map((n) => n.textContent)).toEqual(['LA', 'B', 'C', 'E']);
    expect((undo as HTMLButtonElement).disabled).toBe(true);
  });

  it("issue 20.2 (omr-ux): a bar's time signature and a missed repeat sign are corrected and undone", async () => {
    const { user, download } = setup(() => done(READ));
    await openPage(user);
    const bars = within(await screen.findByRole('list', { name: 'Bars read from the page' }));
    await user.click(bars.getByRole('button', { name: /Bar 1/ }));
    const editor = within(screen.getByRole('region', { name: 'Bar 1' }));
    const marks = within(editor.getByRole('group', { name: 'This bar' }));
    await user.selectOptions(marks.getByLabelText('Time signature'), '3/4');
    expect(editor.getByRole('status').textContent).toMatch(
      /^The bar has 2 crotchets; 3\/4 needs 3/,
    );
    await user.selectOptions(marks.getByLabelText('Bar line at the start'), 'plain');
    await user.selectOptions(marks.getByLabelText('Bar line at the end'), 'repeat');
    await user.click(screen.getByRole('button', { name: 'Download BWW' }));
    expect(download.mock.calls[0]![1]).toMatch(/3_4 LA_4 B_4 ''!I C_4/);
    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    expect((marks.getByLabelText('Bar line at the end') as HTMLSelectElement).value).toBe('plain');
    await user.click(undo);
    expect((marks.getByLabelText('Bar line at the start') as HTMLSelectElement).value).toBe(
      'repeat',
    );
    await user.click(undo);
    expect((marks.getByLabelText('Time signature') as HTMLSelectElement).value).toBe('2/4');
  });

  it("issue 20.2: 'This bar is right' clears the mark, and undo brings it back", async () => {
    const { user } = setup(() => done(READ));
    await openPage(user);
    const bars = within(await screen.findByRole('list', { name: 'Bars read from the page' }));
    await user.click(bars.getByRole('button', { name: /Bar 2/ }));
    await user.click(screen.getByRole('button', { name: 'This bar is right' }));
    expect(bars.getByRole('button', { name: /Bar 2/ }).textContent).not.toMatch(/Check this bar/);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(bars.getByRole('button', { name: /Bar 2/ }).textContent).toMatch(/Check this bar/);
  });

  it('issue 20.2: hovering a bar in the list outlines its region on the page, and the other way round', async () => {
    const { user } = setup(() => done(READ));
    await openPage(user);
    const bars = within(await screen.findByRole('list', { name: 'Bars read from the page' }));
    const regions = document.querySelectorAll('rect.omr-region');
    expect(regions).toHaveLength(2);
    fireEvent.focus(bars.getByRole('button', { name: /Bar 1/ }));
    expect(regions[0]!.classList.contains('is-hover')).toBe(true);
    fireEvent.pointerEnter(regions[1]!);
    expect(bars.getByRole('button', { name: /Bar 2/ }).classList.contains('is-hover')).toBe(true);
    fireEvent.click(regions[1]!);
    expect(screen.getByRole('region', { name: 'Bar 2' })).toBeTruthy();
  });

  it('issue 20.2: not signed in, saving says an account is needed', async () => {
    const { user } = setup(() => done(READ));
    await openPage(user);
    const save = within(await screen.findByRole('region', { name: 'Save to my library' }));
    expect(save.getByText(/Saving needs an account/)).toBeTruthy();
    expect(save.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('issue 20.2: signed in, the tune is saved private with the licence the piper declares', async () => {
    sessionUser = { id: 'u1', email: 'piper@example.com', roles: ['user'] };
    await act(() => authSession.refresh());
    const { user } = setup(() => done(READ));
    await openPage(user);
    const save = within(await screen.findByRole('region', { name: 'Save to my library' }));
    expect((save.getByLabelText('Title') as HTMLInputElement).value).toBe('Test Reel');
    await user.click(save.getByRole('button', { name: 'Save to my library' }));
    expect(save.getByRole('alert').textContent).toBe('Please choose the tune type.');
    await user.selectOptions(save.getByLabelText('Tune type'), 'reel');
    await user.click(save.getByRole('button', { name: 'Save to my library' }));
    expect(save.getByRole('alert').textContent).toBe('Please say what licence this setting has.');
    // Short names in the select (a phone shows the closed select's text only as far as it
    // fits), the chosen licence's meaning under it.
    const licence = save.getByLabelText('Licence') as HTMLSelectElement;
    expect([...licence.options].map((o) => o.textContent)).toEqual([
      'Choose…',
      'Public domain',
      'CC0',
      'CC BY 4.0',
      'For my own use only',
    ]);
    await user.selectOptions(licence, 'public-domain');
    expect(document.getElementById(licence.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Public domain \(traditional/,
    );
    await user.click(save.getByRole('button', { name: 'Save to my library' }));
    expect(await save.findByRole('link', { name: 'Open “Test Reel”' })).toBeTruthy();
    expect(uploads).toEqual([
      expect.objectContaining({
        format: 'bww',
        title: 'Test Reel',
        type: 'reel',
        timeSignature: '2/4',
        licence: 'public-domain',
        share: false,
      }),
    ]);
  });
});

describe('the title above the music (issue 20 item 1)', () => {
  const untitled: OmrResult = {
    ...READ,
    tune: {
      ...TUNE,
      texts: [{ kind: 'text', role: 'title', text: RECOGNISED_TITLE, format: null }],
    },
  };
  const status = () => screen.getByRole('status').textContent ?? '';

  it('issue 20.1: the band above the first staff is read after the tune shows; the title names the tune, its downloads and the save form', async () => {
    sessionUser = { id: 'u1', email: 'piper@example.com', roles: ['user'] };
    await act(() => authSession.refresh());
    const { user, download } = setup(() => done(untitled));
    await openPage(user);
    const save = within(await screen.findByRole('region', { name: 'Save to my library' }));
    // The tune is there before its title: the band above the highest bar (y 100).
    expect(status()).toContain(TITLE_WORDS.reading);
    expect(titles.asked).toEqual([
      { page: { width: 1600, height: 2200 }, area: { x: 0, y: 0, width: 1600, height: 100 } },
    ]);
    expect((save.getByLabelText('Title') as HTMLInputElement).value).toBe(RECOGNISED_TITLE);
    await act(async () => titles.answer('The Green Hills of Tyrol'));
    expect(status()).toContain(TITLE_WORDS.found('The Green Hills of Tyrol'));
    expect((save.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'The Green Hills of Tyrol',
    );
    await user.click(screen.getByRole('button', { name: 'Download BWW' }));
    expect(download).toHaveBeenCalledWith(
      'the-green-hills-of-tyrol.bww',
      expect.stringMatching(/^"The Green Hills of Tyrol"/m),
      expect.any(String),
    );
  });

  it('issue 20.1: a title the piper typed is kept; a page with no title read says so', async () => {
    sessionUser = { id: 'u1', email: 'piper@example.com', roles: ['user'] };
    await act(() => authSession.refresh());
    const { user } = setup(() => done(untitled));
    await openPage(user);
    const save = within(await screen.findByRole('region', { name: 'Save to my library' }));
    const field = save.getByLabelText('Title') as HTMLInputElement;
    await user.clear(field);
    await user.type(field, 'My March');
    await act(async () => titles.answer('Scotland the Brave'));
    expect(field.value).toBe('My March');

    // The next page: the same reader is asked again.
    await openPage(user);
    await screen.findByText(TITLE_WORDS.reading, { exact: false });
    await act(async () => titles.answer(null));
    expect(status()).toContain(TITLE_WORDS.none);
    expect(titles.asked).toHaveLength(2);
  });
});

const savedAnswer = {
  tune: {
    id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    slug: 'test-reel',
    title: 'Test Reel',
    aliases: [],
    type: 'reel',
    timeSignature: '2/4',
    composer: 'Traditional',
    composerDates: null,
    featured: false,
    settingCount: 1,
    previewBww: null,
  },
  setting: {
    id: '4f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    tuneId: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    bww: 'x',
    arranger: null,
    source: null,
    licence: 'public-domain',
    attribution: null,
    visibility: 'private',
    builtin: false,
    uploaderName: null,
    mine: true,
    rejectReason: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
