import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { directoryMessages as m } from '../../../contracts/directory/directoryTerms.ts';
import type { Tutor } from '../../../contracts/directory/tutorRoutes.ts';
import { TutorListingSection } from './TutorListingSection.tsx';

const glasgow = {
  id: 2648579,
  name: 'Glasgow',
  country: 'GB',
  region: 'SCT',
  lat: 55.86,
  lon: -4.25,
};

const listing = (manage: NonNullable<Tutor['manage']>): Tutor => ({
  id: '2f1c7a3e-0000-4000-8000-000000000001',
  displayName: 'Morag MacLeod',
  place: glasgow,
  inPerson: true,
  online: false,
  levels: ['beginner'],
  qualifications: '',
  languages: ['English'],
  fee: null,
  description: '',
  website: null,
  distanceKm: null,
  manage,
});
const pending = listing({
  status: 'pending',
  statusReason: null,
  confirmedAt: '2026-11-01T10:00:00.000Z',
  listed: false,
});

function fakeFetch(mine: Tutor | null) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (url.startsWith('/api/places'))
      return Response.json({ data: { places: [{ ...glasgow, population: 1 }] } });
    if (url === '/api/me/tutor' && method === 'GET')
      return Response.json({ data: { tutor: mine } });
    if (url === '/api/me/tutor' && method === 'PUT')
      return Response.json({ data: { tutor: pending } });
    if (url === '/api/me/tutor/confirm') return Response.json({ data: { tutor: mine } });
    if (url === '/api/me/tutor' && method === 'DELETE')
      return Response.json({ data: { deleted: true } });
    return Response.json({ error: { message: 'unexpected' } }, { status: 500 });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function renderSection(fetchImpl: typeof fetch) {
  render(
    <MemoryRouter>
      <TutorListingSection accountName="Morag" fetch={fetchImpl} />
    </MemoryRouter>,
  );
}

describe('issue 16.5 the profile’s tutor listing', () => {
  it('issue 16.5: Become a Tutor, fill the form, save: the listing waits for a moderator', async () => {
    const { fetch, calls } = fakeFetch(null);
    renderSection(fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Become a Tutor' }));
    expect((screen.getByLabelText('Name pupils will know you by') as HTMLInputElement).value).toBe(
      'Morag',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Listing' }));
    expect(screen.getByText(m.placeRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('combobox', { name: 'Town' }), { target: { value: 'glas' } });
    // The picker picks on mousedown (before the input's blur closes the list).
    fireEvent.mouseDown(
      await screen.findByRole('option', { name: 'Glasgow, Scotland, United Kingdom' }),
    );
    fireEvent.click(screen.getByLabelText('Online'));
    fireEvent.click(screen.getByLabelText('Competition preparation'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Listing' }));
    await screen.findByText(m.pending, { selector: '[data-testid="tutor-status"]' });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      displayName: 'Morag',
      placeId: glasgow.id,
      inPerson: true,
      online: true,
      levels: ['beginner', 'competition'],
      feeMin: 20,
      feeMax: 30,
      currency: 'GBP',
    });
  });

  it('issue 16.5: a rejected listing shows the moderator’s reason; a lapsed one asks to be confirmed', async () => {
    const rejected = listing({
      status: 'rejected',
      statusReason: 'Please give your real name.',
      confirmedAt: '2026-11-01T10:00:00.000Z',
      listed: false,
    });
    renderSection(fakeFetch(rejected).fetch);
    expect((await screen.findByTestId('tutor-status')).textContent).toContain(
      'Please give your real name.',
    );
  });

  it('issue 16.5: confirm and delete', async () => {
    const lapsed = listing({
      status: 'public',
      statusReason: null,
      confirmedAt: '2025-01-01T10:00:00.000Z',
      listed: false,
    });
    const { fetch, calls } = fakeFetch(lapsed);
    renderSection(fetch);
    expect((await screen.findByTestId('tutor-status')).textContent).toMatch(/needs confirming/);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Listing' }));
    await screen.findByText(/confirmed for another year/);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Listing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete Listing' }));
    await screen.findByRole('button', { name: 'Become a Tutor' });
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
