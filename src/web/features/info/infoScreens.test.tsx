import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import AboutScreen from './AboutScreen.tsx';
import CreditsScreen from './CreditsScreen.tsx';
import PrivacyScreen from './PrivacyScreen.tsx';
import ResourcesScreen from './ResourcesScreen.tsx';
import { resourceCategories } from './resources.ts';

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

afterEach(() => vi.unstubAllGlobals());

describe('Resources', () => {
  it('R-2.3.RES-01 R-1.PRODUCT-07 shows the six categories', () => {
    inRouter(<ResourcesScreen />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Learning Resources',
      'Bagpipe Bands',
      'Practice Chanters',
      'Electronic Bagpipes',
      'Gear',
      'YouTube Instruction',
    ]);
  });

  it('R-2.3.RES-02 R-2.3.RES-03 each link has a description; external links open a new tab', () => {
    inRouter(<ResourcesScreen />);
    for (const c of resourceCategories) {
      expect(c.links.length).toBeGreaterThan(1);
      for (const l of c.links) expect(l.description.length).toBeGreaterThan(10);
    }
    const external = resourceCategories.flatMap((c) => c.links).filter((l) => !l.internal);
    for (const l of external) expect(l.href).toMatch(/^https:\/\//);
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('target') === '_blank');
    expect(links).toHaveLength(external.length);
  });

  it('R-2.3.RES-04 internal links go to /instruction, /bands and /band-registration', () => {
    const internal = resourceCategories
      .flatMap((c) => c.links)
      .filter((l) => l.internal)
      .map((l) => l.href)
      .sort();
    expect(internal).toEqual(['/band-registration', '/bands', '/instruction']);
  });

  it('issue 16 issue 22.11: every internal resource exists now, so none says coming soon', () => {
    inRouter(<ResourcesScreen />);
    for (const path of ['/bands', '/band-registration', '/instruction']) {
      const item = document.querySelector(`a[href="${path}"]`)?.closest('li');
      expect(item?.textContent, path).not.toContain('Coming soon');
    }
  });

  it('issue 16.5: the tutor directory and learning path are offered, not coming soon', () => {
    inRouter(<ResourcesScreen />);
    const item = document.querySelector('a[href="/instruction"]')?.closest('li');
    expect(item?.textContent).not.toContain('Coming soon');
    expect(item?.textContent).toContain('learning path');
  });

  it('issue 16.2: the band finder exists, so its link is no longer coming soon', () => {
    inRouter(<ResourcesScreen />);
    const item = document.querySelector('a[href="/bands"]')?.closest('li');
    expect(item?.textContent).not.toContain('Coming soon');
  });
});

describe('About', () => {
  it('R-1.ABOUT-01 R-1.ABOUT-02 R-1.ABOUT-03 R-2.3.ABOUT-01 active development, contact form, launch phase, AI generator, © 2025', () => {
    inRouter(<AboutScreen />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('under active development');
    expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(text).toContain('free during the launch phase');
    expect(text).toContain('AI sheet-music generator');
    expect(text).toContain('© 2025');
  });

  it('R-1.ABOUT-06 R-1.ABOUT-07 issue 16 issue 19: listings are offered and free in the launch phase; tutors and bands get the AI generator, linked', () => {
    inRouter(<AboutScreen />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Listing a piping tutor or a pipe band is free during the launch phase');
    expect(screen.getByRole('link', { name: 'band registration' }).getAttribute('href')).toBe(
      '/band-registration',
    );
    expect(text).not.toContain('not available yet');
    expect(screen.getByRole('link', { name: 'AI Composer' }).getAttribute('href')).toBe(
      '/aisheetnovel',
    );
  });
});

describe('Credits', () => {
  it('R-1.ABOUT-04 R-1.ABOUT-05 R-2.3.ABOUT-02 lists the built credits and the map-data attribution', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify([
              {
                name: 'react',
                version: '19.3.1',
                license: 'MIT',
                description: 'UI',
                url: 'https://react.dev',
                use: 'runtime',
              },
              {
                name: 'vite',
                version: '8.3.8',
                license: 'MIT',
                description: 'Build',
                url: 'https://vite.dev',
                use: 'build',
              },
            ]),
          ),
        ),
      ),
    );
    inRouter(<CreditsScreen />);
    expect(screen.getByRole('heading', { name: 'Map data' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'react' })).toBeTruthy());
    expect(
      screen.getByRole('table', { name: 'Libraries in the app and its server' }).textContent,
    ).toContain('19.3.1');
    expect(
      screen.getByRole('table', { name: 'Libraries that build and test the app' }).textContent,
    ).toContain('vite');
    expect(fetch).toHaveBeenCalledWith('/credits.json', undefined);
  });

  it('issue 22.10: asks for /credits.json once, however often it renders', async () => {
    const list = [
      {
        name: 'react',
        version: '1',
        license: 'MIT',
        description: 'UI',
        url: 'https://react.dev',
        use: 'runtime',
      },
    ];
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(JSON.stringify(list))));
    vi.stubGlobal('fetch', fetchSpy);
    const { rerender } = inRouter(<CreditsScreen />);
    await waitFor(() => expect(screen.getByRole('link', { name: 'react' })).toBeTruthy());
    // Renders after the list arrived, and a parent re-rendering, must not fetch again.
    rerender(
      <MemoryRouter>
        <CreditsScreen />
      </MemoryRouter>,
    );
    await screen.findByRole('table', { name: 'Libraries in the app and its server' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('issue 16: credits the map data (Natural Earth, GeoNames with its licence) and Leaflet', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    inRouter(<CreditsScreen />);
    expect(screen.getByRole('link', { name: 'Natural Earth' }).getAttribute('href')).toBe(
      'https://www.naturalearthdata.com/',
    );
    expect(screen.getByRole('link', { name: 'GeoNames' }).getAttribute('href')).toBe(
      'https://www.geonames.org/',
    );
    expect(
      screen.getByRole('link', { name: 'Creative Commons Attribution 4.0' }).getAttribute('href'),
    ).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByRole('link', { name: 'Leaflet' })).toBeTruthy();
    expect(document.body.textContent).toContain('public domain');
    expect(document.body.textContent).not.toContain('shows no maps yet');
  });

  it('says so when the list cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 404 }))),
    );
    inRouter(<CreditsScreen />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The list of libraries could not be loaded. Please try again later.',
      ),
    );
  });
});

describe('Privacy', () => {
  it('says what stays local, what is sent and why', () => {
    inRouter(<PrivacyScreen />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toContain('Kept in your browser only');
    expect(headings).toContain('Sent to the server, and why');
    expect(document.body.textContent).toContain('never recorded or sent anywhere');
  });
});
