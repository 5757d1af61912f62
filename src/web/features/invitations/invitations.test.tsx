import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../contracts/routes.ts';
import BandInvitationScreen from './BandInvitationScreen.tsx';
import TutorInvitationScreen from './TutorInvitationScreen.tsx';

function show(Screen: () => React.JSX.Element) {
  render(
    <MemoryRouter>
      <Screen />
    </MemoryRouter>,
  );
}

describe('spec §2.3 Tutor and band invitation (issue 16 item 6)', () => {
  for (const [name, Screen, join, label] of [
    ['tutor', TutorInvitationScreen, '/profile', 'List Your Lessons'],
    ['band', BandInvitationScreen, '/auth?redirect=%2Fband-registration', 'Register Your Band'],
  ] as const) {
    it(`R-2.3.INVITE-01..05 the ${name} page has a hero, benefits, three steps, an FAQ and join buttons`, () => {
      show(Screen);
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      const benefits = screen.getByRole('heading', { name: 'Why join' }).closest('section')!;
      expect(within(benefits).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
      const steps = screen.getByRole('heading', { name: 'Three steps' }).closest('section')!;
      expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
      const faq = screen.getByRole('heading', { name: 'Questions' }).closest('section')!;
      expect(faq.querySelectorAll('details').length).toBeGreaterThanOrEqual(3);
      const buttons = screen.getAllByRole('link', { name: label });
      expect(buttons).toHaveLength(2);
      for (const button of buttons) expect(button.getAttribute('href')).toBe(join);
    });
  }

  it('R-2.3.INVITE-06 R-2.3.INVITE-07 the tutor button goes to /profile, the band button to /auth', () => {
    show(TutorInvitationScreen);
    const tutor = screen.getAllByRole('link', { name: 'List Your Lessons' })[0]!;
    expect(new URL(tutor.getAttribute('href')!, 'https://x').pathname).toBe('/profile');
    expect(matchRoute('/profile')).toBeDefined();
  });

  it('R-2.3.INVITE-07 the band button goes to /auth, which then opens band registration', () => {
    show(BandInvitationScreen);
    const band = screen.getAllByRole('link', { name: 'Register Your Band' })[0]!;
    const url = new URL(band.getAttribute('href')!, 'https://x');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/band-registration');
  });
});
