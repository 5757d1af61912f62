import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import { TutorDirectory } from './TutorDirectory.tsx';
import { LearningPath } from './LearningPath.tsx';

// The map is Leaflet on a canvas (tested in e2e/bandFinder.e2e.ts); here, its points as a list.
vi.mock('../../ui/map/DirectoryMap.tsx', () => ({
  DirectoryMap: ({
    points,
    label,
  }: {
    points: readonly { id: string; label: string }[];
    label: string;
  }) => (
    <ul aria-label={label}>
      {points.map((p) => (
        <li key={p.id}>{p.label}</li>
      ))}
    </ul>
  ),
}));

const tutor: Tutor = {
  id: '2f1c7a3e-0000-4000-8000-000000000001',
  displayName: 'Morag MacLeod',
  place: { id: 2648579, name: 'Glasgow', country: 'GB', region: 'SCT', lat: 55.86, lon: -4.25 },
  inPerson: true,
  online: true,
  levels: ['beginner', 'intermediate'],
  qualifications: 'PDQB Certificate',
  languages: ['English', 'Gàidhlig'],
  fee: { min: 20, max: 30, currency: 'GBP' },
  description: 'Patient lessons.',
  website: null,
  distanceKm: 3.2,
  manage: null,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function fakeFetch() {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fn = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, ...(init ? { init } : {}) });
    if (url.startsWith('/api/tutors')) return json({ data: { tutors: [tutor], total: 1 } });
    if (url.startsWith('/api/listings/tutor/'))
      return json({ data: { message: 'Thank you. A moderator will look at this listing.' } });
    return json({ error: { message: 'unexpected' } }, 500);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('issue 16.5 /instruction: the tutor directory', () => {
  it('issue 16.5: lists tutors with town, distance, format, levels, fee and languages', async () => {
    const { fetch, calls } = fakeFetch();
    render(<TutorDirectory fetch={fetch} />);
    const card = await screen.findByRole('listitem', { name: 'Morag MacLeod' });
    expect(calls[0]!.url).toBe('/api/tutors');
    const text = card.textContent ?? '';
    for (const expected of [
      'Glasgow, Scotland, United Kingdom',
      '3.2 km away',
      'In person and online',
      'Beginners, Intermediate',
      '£20–£30 a lesson',
      'English, Gàidhlig',
      'PDQB Certificate',
    ]) {
      expect(text).toContain(expected);
    }
    expect(screen.getByText('1 tutor').getAttribute('role')).toBe('status');
  });

  it('issue 16.5: the filters go into the search query', async () => {
    const { fetch, calls } = fakeFetch();
    render(<TutorDirectory fetch={fetch} />);
    await screen.findByRole('listitem', { name: 'Morag MacLeod' });
    fireEvent.change(screen.getByLabelText('Lessons'), { target: { value: 'online' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'advanced' } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'Gàidhlig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    const query = new URL(calls[1]!.url, 'https://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      format: 'online',
      level: 'advanced',
      language: 'Gàidhlig',
    });
  });

  it('issue 16.5: Contact opens the relay dialog addressed to the tutor, never an address', async () => {
    const { fetch } = fakeFetch();
    render(<TutorDirectory fetch={fetch} />);
    const card = await screen.findByRole('listitem', { name: 'Morag MacLeod' });
    fireEvent.click(within(card).getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact a tutor' });
    expect((within(dialog).getByLabelText('To') as HTMLInputElement).value).toBe('Morag MacLeod');
  });

  it('issue 16.7: Report this listing sends the reason to the moderators', async () => {
    const { fetch, calls } = fakeFetch();
    render(<TutorDirectory fetch={fetch} />);
    const card = await screen.findByRole('listitem', { name: 'Morag MacLeod' });
    fireEvent.click(within(card).getByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “Morag MacLeod”' });
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'The band or tutor no longer exists' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you. A moderator will look at this listing.');
    const sent = calls.find((c) => c.url.startsWith('/api/listings/'))!;
    expect(sent.url).toBe(`/api/listings/tutor/${tutor.id}/reports`);
    expect(JSON.parse(String(sent.init?.body))).toEqual({ reason: 'closed', message: '' });
  });
});

describe('issue 16.5 /instruction: the learning path', () => {
  it('issue 16.5: nine steps in order, each with its tools and what done looks like', () => {
    render(
      <MemoryRouter>
        <LearningPath />
      </MemoryRouter>,
    );
    const steps = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(steps).toHaveLength(9);
    expect(steps[0]).toBe('The nine notes');
    expect(steps[8]).toBe('First tunes');
    const grip = screen.getByRole('link', { name: 'Grace Notes: grip' });
    expect(grip.getAttribute('href')).toBe('/gracenotes?preset=grp-LA');
    expect(screen.getAllByText('Done when:')).toHaveLength(9);
  });
});
