import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import HomeScreen from './HomeScreen.tsx';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomeScreen />
    </MemoryRouter>,
  );
}

/** The hrefs of the feature-card links, by link name. */
function cardLinks(): Map<string, string | null> {
  const list = screen.getByRole('heading', { name: 'What you can do' }).nextElementSibling;
  if (!(list instanceof HTMLElement)) throw new Error('feature list missing');
  return new Map(
    within(list)
      .getAllByRole('link')
      .map((a) => [a.textContent ?? '', a.getAttribute('href')]),
  );
}

describe('HomeScreen', () => {
  it('has the route title as its h1', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
  });

  it('R-2.3.HOME-05 shows feature cards linking to the six spec destinations', () => {
    renderHome();
    const hrefs = [...cardLinks().values()];
    // Typed out on purpose: this checks the route table against the spec's paths.
    for (const path of [
      '/instruction',
      '/blaster',
      '/tuner',
      '/bands',
      '/aisheetnovel',
      '/sheet-share',
    ]) {
      expect(hrefs).toContain(path);
    }
  });

  it('also has cards for flash cards, chanter sync and the metronome, titled as their routes', () => {
    renderHome();
    const links = cardLinks();
    expect(links.get('Flash Cards')).toBe('/flashcards');
    expect(links.get('Chanter Sync')).toBe('/chanter-sync');
    expect(links.get('Metronome')).toBe('/metronome');
    expect(links.get('Tuner')).toBe('/tuner');
    expect(links.size).toBe(10);
  });

  it('issue 22.5: a card opens Sheet Music', () => {
    renderHome();
    expect(cardLinks().get('Sheet Music')).toBe('/sheet-music');
  });

  it('says the app listens through the microphone or takes the keyboard as a chanter', () => {
    renderHome();
    const modes = screen.getByRole('list', { name: 'Two ways to play' });
    expect(modes.textContent).toMatch(/microphone/i);
    expect(modes.textContent).toMatch(/keyboard as a chanter/i);
  });
});
