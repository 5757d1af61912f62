import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BandSummary } from '../../../contracts/directory/bandRoutes.ts';
import type { MapPoint } from '../../ui/map/mapPoint.ts';
import BandFinderScreen from './BandFinderScreen.tsx';
import { nearMeMessages } from './useNearMe.ts';

// The map is Leaflet's, drawn in a real browser (e2e/bandFinder.e2e.ts); here it lists its points.
vi.mock('../../ui/map/DirectoryMap.tsx', () => ({
  DirectoryMap: ({ points, label }: { points: readonly MapPoint[]; label: string }) => (
    <ul aria-label={label}>
      {points.map((p) => (
        <li key={p.id}>{p.label}</li>
      ))}
    </ul>
  ),
}));

const PERTH = {
  id: 2640358,
  name: 'Perth',
  country: 'GB',
  region: 'SCT',
  lat: 56.39522,
  lon: -3.43139,
};
const band = (n: number, name: string, extra: Partial<BandSummary> = {}): BandSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  grade: 'grade-4',
  town: 'Perth',
  country: 'GB',
  lat: 56.4,
  lon: -3.43,
  exactLocation: false,
  recruiting: [],
  learnerProgramme: false,
  practiceDays: [],
  distanceKm: n * 10,
  logoUrl: null,
  ...extra,
});

let calls: URL[] = [];
let bands: BandSummary[] = [];

beforeEach(() => {
  calls = [];
  bands = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/places/2640358') return Response.json({ data: PERTH });
    if (url.pathname === '/api/bands/markers') {
      return Response.json({
        data: { markers: [['00000000-0000-4000-8000-000000000009', 1, 2, 'Far Away Pipe Band']] },
      });
    }
    if (url.pathname === '/api/bands') {
      return Response.json({ data: { bands, total: bands.length } });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/bands', element: <BandFinderScreen /> },
      { path: '/band/:bandId', element: <p>Band page</p> },
      { path: '/band-registration', element: <p>Registration</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const searches = () => calls.filter((u) => u.pathname === '/api/bands');

describe('issue 16.2: /bands, the finder', () => {
  it('a shared link searches near its place: list nearest first with grade, town, distance, nights, recruiting and links', async () => {
    bands = [
      band(1, 'Fair City Pipe Band', {
        grade: 'grade-2',
        distanceKm: 0.8,
        practiceDays: ['tue', 'thu'],
        recruiting: ['pipers', 'snare'],
        learnerProgramme: true,
      }),
      band(2, 'Strathearn Pipe Band', { town: 'Crieff', distanceKm: 25.2 }),
    ];
    renderAt('/bands?place=2640358&radius=100&grade=grade-2');
    await screen.findByRole('heading', { name: '2 bands within 100 km of Perth' });
    const query = searches().at(-1)!.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      lat: '56.39522',
      lon: '-3.43139',
      radiusKm: '100',
      grade: 'grade-2',
    });
    const list = screen.getByRole('list', { name: 'Bands found' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      'Fair City Pipe Band',
      'Strathearn Pipe Band',
    ]);
    const first = items[0]!;
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      '/band/00000000-0000-4000-8000-000000000001',
    );
    expect(first.textContent).toContain('Grade 2');
    expect(first.textContent).toContain('Perth, United Kingdom');
    expect(first.textContent).toContain('800 m away');
    expect(first.textContent).toContain('Practises on Tuesday, Thursday');
    expect(first.textContent).toContain('Recruiting: Pipers, Snare drummers');
    expect(first.textContent).toContain('Learner programme');
    expect(items[1]!.textContent).toContain('25 km away');
    // The map shows the results, not every band.
    const map = screen.getByRole('list', { name: 'Map of pipe bands' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Fair City Pipe Band', 'Strathearn Pipe Band']);
    expect((screen.getByLabelText('Grade') as HTMLSelectElement).value).toBe('grade-2');
    expect((screen.getByLabelText('Within') as HTMLSelectElement).value).toBe('100');
  });

  it('filters change the search and the URL (so it can be shared)', async () => {
    const router = renderAt('/bands?place=2640358');
    await screen.findByRole('heading', { name: /0 bands within 50 km of Perth/ });
    fireEvent.change(screen.getByLabelText('Recruiting'), { target: { value: 'pipers' } });
    fireEvent.change(screen.getByLabelText('Practice night'), { target: { value: 'tue' } });
    fireEvent.click(screen.getByLabelText('Has a learner programme'));
    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '25' } });
    await screen.findByRole('heading', { name: /within 25 km of Perth/ });
    expect(router.state.location.search).toBe(
      '?place=2640358&radius=25&recruiting=pipers&learners=1&night=tue',
    );
    const query = Object.fromEntries(searches().at(-1)!.searchParams);
    expect(query).toMatchObject({
      radiusKm: '25',
      recruiting: 'pipers',
      learners: 'true',
      night: 'tue',
    });
  });

  it('says honestly when nothing is near, with a way to register a band', async () => {
    renderAt('/bands?place=2640358');
    const empty = await screen.findByText(/No bands within 50 km of Perth yet/);
    expect(empty.textContent).toBe(
      'No bands within 50 km of Perth yet — widen the search or register yours.',
    );
    expect(within(empty).getByRole('link', { name: 'register yours' }).getAttribute('href')).toBe(
      '/band-registration',
    );
  });

  it('without a search, the map shows every listed band and the list asks for a town', async () => {
    renderAt('/bands');
    await screen.findByText('Far Away Pipe Band');
    expect(screen.getByRole('heading', { name: 'Every band on the map' })).toBeTruthy();
    expect(document.body.textContent).toContain('1 band is listed.');
    expect(searches()).toHaveLength(0);
  });

  it('Near me asks for the location only when pressed, then searches there', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 56.395221, longitude: -3.431391 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const router = renderAt('/bands');
    await screen.findByText('Far Away Pipe Band');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Near me' })));
    await screen.findByRole('heading', { name: '0 bands within 50 km of you' });
    expect(router.state.location.search).toBe('?lat=56.4&lon=-3.43');
    expect(Object.fromEntries(searches().at(-1)!.searchParams)).toMatchObject({
      lat: '56.4',
      lon: '-3.43',
    });
    vi.unstubAllGlobals();
  });

  it('Near me refused: a clear message, and no search', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderAt('/bands');
    await screen.findByText('Far Away Pipe Band');
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(nearMeMessages.refused);
    expect(searches()).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
