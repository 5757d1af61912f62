import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Band } from '../../../contracts/directory/bandRoutes.ts';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import { authSession } from '../../lib/authSession.ts';
import BandScreen from './BandScreen.tsx';
import { countryName, linkLabel, practiceLines, recruitingLine } from './bandFacts.ts';

// The map is Leaflet on a canvas (tested in e2e/bandFinder.e2e.ts); here, its points as a list.
vi.mock('../../ui/map/DirectoryMap.tsx', () => ({
  DirectoryMap: ({
    points,
    label,
  }: {
    points: readonly { label: string; lat: number; lon: number }[];
    label: string;
  }) => (
    <p role="img" aria-label={label}>
      {points.map((p) => `${p.label} (${p.lat} ${p.lon})`).join('; ')}
    </p>
  ),
}));

afterEach(() => {
  cleanup();
  act(() => authSession.set({ status: 'signed-out', user: null }));
});

const BAND_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

const band: Band = {
  id: BAND_ID,
  name: 'Glenbogle Pipe Band',
  grade: 'grade-4',
  town: 'Inverness',
  country: 'GB',
  lat: 57.48,
  lon: -4.23,
  exactLocation: false,
  recruiting: ['pipers', 'snare', 'learners'],
  learnerProgramme: true,
  practiceDays: ['tue', 'thu'],
  distanceKm: null,
  logoUrl: `/band/${BAND_ID}/logo.webp?v=abc`,
  association: 'RSPBA',
  branch: 'Highland',
  place: { id: 2646088, name: 'Inverness', country: 'GB', region: 'SCT', lat: 57.479, lon: -4.224 },
  venue: null,
  practice: [
    { day: 'thu', start: '19:00', end: '21:00' },
    { day: 'tue', start: '19:30', end: '21:30' },
  ],
  loanerInstruments: true,
  uniforms: false,
  website: 'https://www.glenbogle.example/',
  socials: ['https://social.example/@glenbogle'],
  description: 'A friendly band.\nNew pipers welcome.',
  tunes: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      slug: 'scotland-the-brave',
      title: 'Scotland the Brave',
    },
  ],
  manage: null,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

type Call = { url: string; init?: RequestInit };

function fakeFetch(answer: (url: string) => { status: number; body: unknown }, calls: Call[] = []) {
  return (async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init ? { init } : {}) });
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

function renderAt(path: string, fetchImpl: typeof fetch) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/band/:bandId" element={<BandScreen fetchImpl={fetchImpl} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('issue 16.4: the band page', () => {
  it('issue 16.4: shows the band’s details, practice times, place, links, tunes and the calendar link', async () => {
    const calls: Call[] = [];
    renderAt(
      `/band/${BAND_ID}`,
      fakeFetch(() => ({ status: 200, body: { data: band } }), calls),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Glenbogle Pipe Band' }),
    ).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/bands/${BAND_ID}`);
    await waitFor(() => expect(document.title).toBe('Glenbogle Pipe Band | Chanterlab'));
    expect(screen.getByRole('img', { name: 'Glenbogle Pipe Band logo' }).getAttribute('src')).toBe(
      band.logoUrl,
    );
    expect(screen.getByText(/Grade 4 · RSPBA, Highland · Inverness, United Kingdom/)).toBeTruthy();
    const practice = screen.getByRole('region', { name: 'Practice' });
    expect(
      within(practice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tuesday, 19:30–21:30', 'Thursday, 19:00–21:00']);
    // Rounded place: the town, two decimals, and a way to bands nearby.
    expect(within(practice).getByText(/Near Inverness, United Kingdom\./)).toBeTruthy();
    expect(within(practice).getByText(/57\.48, -4\.23/)).toBeTruthy();
    // The map marks the same rounded point, never a finer one.
    expect(
      within(practice).getByRole('img', { name: 'Map: where Glenbogle Pipe Band practises' })
        .textContent,
    ).toBe('Glenbogle Pipe Band (57.48 -4.23)');
    expect(
      within(practice)
        .getByRole('link', { name: 'Find other bands near Inverness' })
        .getAttribute('href'),
    ).toBe('/bands?place=2646088');
    const joining = screen.getByRole('region', { name: 'Joining' });
    expect(joining.textContent).toContain('Pipers, Snare drummers and Learners');
    expect(joining.textContent).toContain('Loaner instrumentsYes');
    expect(joining.textContent).toContain('Uniforms providedNo');
    expect(screen.getByRole('link', { name: 'glenbogle.example' }).getAttribute('href')).toBe(
      'https://www.glenbogle.example/',
    );
    expect(screen.getByRole('link', { name: 'Scotland the Brave' }).getAttribute('href')).toBe(
      '/sheet-share?tune=scotland-the-brave',
    );
    expect(
      screen
        .getByRole('link', { name: 'Add practice nights to your calendar' })
        .getAttribute('href'),
    ).toBe(`/band/${BAND_ID}/practice.ics`);
    // Not a manager: no manage link.
    expect(screen.queryByRole('link', { name: 'Manage this band' })).toBeNull();
  });

  it('issue 16.4: a manager sees why a hidden listing is not shown and a link to manage it', async () => {
    const hidden: Band = {
      ...band,
      logoUrl: null,
      manage: {
        status: 'hidden',
        statusReason: 'Reported closed',
        confirmedAt: band.updatedAt,
        listed: false,
      },
    };
    renderAt(
      `/band/${BAND_ID}`,
      fakeFetch(() => ({ status: 200, body: { data: hidden } })),
    );
    expect(await screen.findByRole('link', { name: 'Manage this band' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Reason: Reported closed');
    // R-1.ABOUT-07, issue 19.2: the band's managers are offered the AI Composer.
    expect(screen.getByRole('link', { name: 'Compose a tune' }).getAttribute('href')).toBe(
      '/aisheetnovel',
    );
    expect(screen.queryByRole('img', { name: /logo/ })).toBeNull();
  });

  it('issue 16.4: an unknown band gets a helpful not-found page with a link to /bands; a malformed id asks nothing', async () => {
    renderAt(
      `/band/${BAND_ID}`,
      fakeFetch(() => ({
        status: 404,
        body: { error: { message: 'Not found', code: 'not_found' } },
      })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Band not found' })).toBeTruthy();
    expect(screen.getByText(directoryMessages.notFound)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Find pipe bands near you' }).getAttribute('href'),
    ).toBe('/bands');
    cleanup();
    const calls: Call[] = [];
    renderAt(
      '/band/demo',
      fakeFetch(() => ({ status: 500, body: {} }), calls),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Band not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('issue 16.4: Contact this band opens the Send Email dialog addressed by id, never by address', async () => {
    act(() =>
      authSession.set({
        status: 'signed-in',
        user: { id: 'u1', email: 'learner@example.com', roles: ['user'] },
      }),
    );
    renderAt(
      `/band/${BAND_ID}`,
      fakeFetch(() => ({ status: 200, body: { data: band } })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Contact this band' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact this band' });
    expect(within(dialog).getByDisplayValue('Glenbogle Pipe Band')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('learner@example.com')).toBeTruthy();
  });

  it('issue 16.7: Report this listing sends the reason and message for the band and thanks the reporter', async () => {
    const calls: Call[] = [];
    renderAt(
      `/band/${BAND_ID}`,
      fakeFetch(
        (url) =>
          url.includes('/reports')
            ? { status: 200, body: { data: { message: directoryMessages.reportThanks } } }
            : { status: 200, body: { data: band } },
        calls,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “Glenbogle Pipe Band”' });
    await userEvent.click(within(dialog).getByRole('radio', { name: LABEL_CLOSED }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'They stopped in 2024.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(directoryMessages.reportThanks)).toBeTruthy();
    const report = calls.find((c) => c.url.includes('/reports'))!;
    expect(report.url).toBe(`/api/listings/band/${BAND_ID}/reports`);
    expect(JSON.parse(String(report.init?.body))).toEqual({
      reason: 'closed',
      message: 'They stopped in 2024.',
    });
  });
});

const LABEL_CLOSED = 'The band or tutor no longer exists';

describe('issue 16.4: how the band page words its facts', () => {
  it('issue 16.4: practice lines Monday first, recruiting as a sentence, links without the scheme', () => {
    expect(
      practiceLines([
        { day: 'sun', start: '14:00', end: '16:00' },
        { day: 'mon', start: '19:00', end: '21:00' },
      ]),
    ).toEqual(['Monday, 19:00–21:00', 'Sunday, 14:00–16:00']);
    expect(recruitingLine([])).toBeNull();
    expect(recruitingLine(['bass'])).toBe('Bass drummer');
    expect(recruitingLine(['pipers', 'tenor'])).toBe('Pipers and Tenor drummers');
    expect(linkLabel('https://www.facebook.com/glenbogle/')).toBe('facebook.com/glenbogle');
    expect(countryName('GB')).toBe('United Kingdom');
  });
});
