import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudioContext } from '../../../audio/testing/fakeAudioContext.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { createTunePlayer } from '../../../audio/tunePlayer.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { composeTune } from '../../../music/composer/composeTune.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import { authSession } from '../../lib/authSession.ts';
import { createComposerClient } from '../../lib/composer/composerClient.ts';
import { fakeComposerWorker } from '../../lib/composer/fakeComposerWorker.ts';
import { resetStoresForTests } from '../../storage/settingsStore.ts';
import AiComposerScreen from './AiComposerScreen.tsx';
import { emptyHistory, pushComposition, redo, undo } from './composerHistory.ts';
import { composerQuery, defaultChoices, parseComposerQuery } from './composerQuery.ts';
import { notesOfBar, WRITABLE_TICKS } from '../../../music/composer/composition.ts';
import { editNoteLength } from '../../../music/composer/editComposition.ts';
import { takeHandedTune } from '../../storage/tuneHandoff.ts';
import { lengthChangeProblem } from './lengthChangeProblem.ts';
import { LICENCE_LABELS } from '../../../contracts/library/libraryTerms.ts';

// The real score needs VexFlow and layout; these tests are about the screen around it.
vi.mock('../../ui/notation/PipeScore.tsx', () => ({
  PipeScore: ({ tune }: { tune: Tune }) => (
    <div data-testid="score">
      {notesOf(tune)
        .map((n) => n.pitch)
        .join(' ')}
    </div>
  ),
}));

let worker: ReturnType<typeof fakeComposerWorker>;
let address = '';

function Address() {
  address = useLocation().search;
  return null;
}

function setup(path = '/aisheetnovel') {
  worker = fakeComposerWorker();
  const clock = fakeClock(0);
  const ctx = fakeAudioContext();
  const player = createTunePlayer({ getContext: () => ctx, timers: clock });
  const download = vi.fn();
  const fetchImpl = vi.fn(() => Promise.reject(new Error('no network in this test')));
  render(
    <MemoryRouter initialEntries={[path]}>
      <Address />
      <Routes>
        <Route
          path="/aisheetnovel"
          element={
            <AiComposerScreen
              createClient={() => createComposerClient(() => worker)}
              createPlayer={() => player}
              download={download}
              fetchImpl={fetchImpl as unknown as typeof fetch}
            />
          }
        />
        <Route path="/play-along" element={<p>Play-along screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { download, fetchImpl };
}

const score = () => screen.getByTestId('score').textContent ?? '';
const barPitches = (tune: ReturnType<typeof composeTune>, part: number) =>
  tune.parts[part]!.flatMap((bar) => bar.beats.flat().map((n) => n.pitch)).join(' ');
/** The pickup's notes, drawn before the first bar (music/composer/pickupBar.ts), and a space. */
const pickupPitches = (tune: ReturnType<typeof composeTune>) =>
  tune.pickup
    ? tune.pickup.beats
        .flat()
        .map((n) => `${n.pitch} `)
        .join('')
    : '';

beforeEach(() => {
  resetStoresForTests();
  act(() => authSession.set({ status: 'signed-out', user: null }));
});
afterEach(cleanup);

describe('composer history (issue 19.2: undo)', () => {
  it('issue 19.2: undo steps back, redo forward, a new edit clears redo', () => {
    const a = composeTune({ form: 'jig', seed: 1 });
    const b = composeTune({ form: 'jig', seed: 2 });
    const c = composeTune({ form: 'jig', seed: 3 });
    let h = pushComposition(pushComposition(emptyHistory, a), b);
    expect(h.present).toBe(b);
    h = undo(h);
    expect(h.present).toBe(a);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(b);
    h = pushComposition(undo(h), c);
    expect(h.present).toBe(c);
    expect(h.future).toEqual([]);
    expect(h.past).toEqual([a]);
  });
});

describe('lengthChangeProblem (issue 19.2: a length the bar cannot balance says why)', () => {
  it('issue 19.2: names a reason exactly when editNoteLength would leave the tune as it was', () => {
    let refused = 0;
    for (const form of ['reel', 'slow air', '2/4 march', 'jig'] as const) {
      const tune = composeTune({ form, seed: 11, parts: 1, barsPerPart: 4 });
      tune.parts[0]!.forEach((bar, b) => {
        notesOfBar(bar).forEach((note, i) => {
          for (const ticks of WRITABLE_TICKS) {
            const why = lengthChangeProblem(tune, 0, b, i, ticks);
            const unchanged = editNoteLength(tune, 0, b, i, ticks) === tune;
            expect(why !== null, `${form} bar ${b} note ${i} → ${ticks}`).toBe(
              unchanged && ticks !== note.ticks,
            );
            if (why) refused += 1;
          }
        });
      });
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('composer address (issue 19.2: a link reproduces the tune)', () => {
  it('issue 19.2: form, seed, parts, bars, density and motif round-trip; bad values fall back', () => {
    const choices = { ...defaultChoices('strathspey'), parts: 3, density: 0.8 };
    const query = composerQuery(choices, 4242, ['LA', 'B', 'C']);
    expect(parseComposerQuery(query)).toEqual({ choices, seed: 4242, motif: ['LA', 'B', 'C'] });
    expect(parseComposerQuery('?form=waltz&seed=-3&parts=99&motif=LA,X')).toEqual({
      choices: defaultChoices('2/4 march'),
      seed: null,
      motif: [],
    });
  });
});

describe('AI Composer screen (/aisheetnovel, issue 19.2)', () => {
  it('R-2.1.ROUTES-43 issue 19.2: compose in the worker puts the choices in the address; the seed reproduces the tune', async () => {
    const { fetchImpl } = setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI Composer');
    fireEvent.change(screen.getByLabelText('Parts'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Bars per part'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compose' }));
    await screen.findByTestId('score');
    const expected = composeTune({
      form: '2/4 march',
      seed: 77,
      parts: 2,
      barsPerPart: 4,
      density: 0.5,
      motif: [],
    });
    expect(score()).toBe(
      `${pickupPitches(expected)}${barPitches(expected, 0)} ${barPitches(expected, 1)}`,
    );
    expect(parseComposerQuery(address)).toMatchObject({
      seed: 77,
      choices: { parts: 2, barsPerPart: 4 },
    });
    expect(screen.getByRole('status').textContent).toMatch(
      /Composed on this device in \d+ ms\. Seed 77\./,
    );
    // Composing goes to the worker, never to the network.
    expect(worker.requests).toHaveLength(1);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('issue 19.2: regenerate part 2 keeps part 1; Undo brings part 2 back, Redo the new one', async () => {
    setup('/aisheetnovel?form=2/4%20march&seed=5&parts=2&bars=4');
    await screen.findByTestId('score');
    const before = score();
    const firstPart = (text: string) => text.split(' ').slice(0, before.split(' ').length / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Part 2, bar 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate part 2' }));
    await waitFor(() => expect(score()).not.toBe(before));
    const after = score();
    const original = composeTune({
      form: '2/4 march',
      seed: 5,
      parts: 2,
      barsPerPart: 4,
      density: 0.5,
      motif: [],
    });
    const partOne = pickupPitches(original) + barPitches(original, 0);
    expect(after.startsWith(partOne)).toBe(true);
    expect(after.slice(partOne.length)).not.toBe(` ${barPitches(original, 1)}`);
    expect(firstPart(after).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(score()).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(score()).toBe(after);
  });

  it('issue 19.2: a note edited changes that note only; BWW downloads and reads back with no warnings', async () => {
    const { download } = setup('/aisheetnovel?form=reel&seed=9&parts=1&bars=4');
    await screen.findByTestId('score');
    const before = score().split(' ');
    fireEvent.click(screen.getByRole('button', { name: 'Part 1, bar 2' }));
    const barOneLength = composeTune({
      form: 'reel',
      seed: 9,
      parts: 1,
      barsPerPart: 4,
      density: 0.5,
      motif: [],
    }).parts[0]![0]!.beats.flat().length;
    const pitch = before[barOneLength] === 'HA' ? 'LG' : 'HA';
    fireEvent.change(screen.getByLabelText('Pitch'), { target: { value: pitch } });
    await waitFor(() => expect(score().split(' ')[barOneLength]).toBe(pitch));
    const after = score().split(' ');
    expect(after.filter((p, i) => p !== before[i])).toEqual([pitch]);
    fireEvent.click(screen.getByRole('button', { name: 'Download BWW' }));
    const [name, text] = download.mock.calls[0]!;
    expect(name).toBe('reel-no-9.bww');
    const read = parseBww(text as string);
    expect(read.warnings).toEqual([]);
    expect(notesOf(read.tunes[0]!).map((n) => n.pitch)).toEqual(after);
  });

  it('issue 19.2 (omr-ux): a length the bar cannot balance is not sent, and the editor says why', async () => {
    const options = { form: 'slow air', seed: 4, parts: 1, barsPerPart: 4 } as const;
    setup('/aisheetnovel?form=slow%20air&seed=4&parts=1&bars=4');
    await screen.findByTestId('score');
    const tune = composeTune({ ...options, density: 0.5, motif: [] });
    // The first note alone in its beat: nothing in the beat can give or take its time.
    let place: { bar: number; index: number; ticks: number } | null = null;
    tune.parts[0]!.forEach((bar, b) => {
      let index = 0;
      for (const beat of bar.beats) {
        if (!place && beat.length === 1) place = { bar: b, index, ticks: beat[0]!.ticks };
        index += beat.length;
      }
    });
    expect(place).not.toBeNull();
    const { bar, index, ticks } = place!;
    fireEvent.click(screen.getByRole('button', { name: `Part 1, bar ${bar + 1}` }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: String(index) } });
    const requests = worker.requests.length;
    const longer = WRITABLE_TICKS.find((t) => t > ticks)!;
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: String(longer) } });
    expect(screen.getByRole('alert').textContent).toMatch(
      /has its beat to itself, so no other note can give or take the time/,
    );
    expect(screen.getByLabelText('Length').getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
    expect(worker.requests).toHaveLength(requests);
    expect((screen.getByLabelText('Length') as HTMLSelectElement).value).toBe(String(ticks));
  });

  it('issue 19.2 (omr-ux): Open in Play-along hands the unsaved tune over, as /omr does', async () => {
    setup('/aisheetnovel?form=jig&seed=12&parts=1&bars=4');
    await screen.findByTestId('score');
    const shown = score();
    fireEvent.click(screen.getByRole('link', { name: 'Open in Play-along' }));
    expect(await screen.findByText('Play-along screen')).toBeTruthy();
    const handed = takeHandedTune();
    expect(handed?.title).toBe('Jig No. 12');
    const read = parseBww(handed!.bww);
    expect(read.warnings).toEqual([]);
    expect(
      notesOf(read.tunes[0]!)
        .map((n) => n.pitch)
        .join(' '),
    ).toBe(shown);
  });

  it('issue 19.2 (omr-ux): signed in, the licence select names each licence briefly (it fits a 375 px phone) and says what the chosen one means', async () => {
    act(() =>
      authSession.set({
        status: 'signed-in',
        user: { id: 'u', email: 'piper@example.com', roles: ['user'] },
      }),
    );
    setup('/aisheetnovel?seed=3&parts=1&bars=4');
    await screen.findByTestId('score');
    const licence = screen.getByLabelText('Licence') as HTMLSelectElement;
    const names = [...licence.options].map((o) => o.textContent ?? '');
    expect(names).toEqual(['Public domain', 'CC0', 'CC BY 4.0', 'For my own use only']);
    const meaning = () => document.getElementById(licence.getAttribute('aria-describedby')!);
    expect(meaning()?.textContent).toBe(LICENCE_LABELS['private-use']);
    fireEvent.change(licence, { target: { value: 'cc-by' } });
    expect(meaning()?.textContent).toBe(LICENCE_LABELS['cc-by']);
  });

  it('issue 19.2: signed out, saving says an account is needed; compose and download still work', async () => {
    setup('/aisheetnovel?seed=3&parts=1&bars=4');
    await screen.findByTestId('score');
    expect(screen.getByText(/Saving to your library needs an account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to save this tune' })).toBeTruthy();
  });
});
