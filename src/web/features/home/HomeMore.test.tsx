import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import HomeScreen from './HomeScreen.tsx';

/**
 * Renders Home and lets its lazily loaded welcome popup arrive (issue 21.4 keeps it out of the
 * first load), so 'no dialog' below means the popup chose not to show, not that it had not
 * loaded yet.
 */
async function renderHome() {
  const rendered = render(
    <MemoryRouter>
      <HomeScreen />
    </MemoryRouter>,
  );
  await act(async () => {
    await import('../../ui/InstructionPopup.tsx');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return rendered;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('Home additions', () => {
  it("R-2.3.HOME-01 a welcome popup with a 'Got it!' button, which does not block the page", async () => {
    const user = userEvent.setup();
    await renderHome();
    const popup = screen.getByRole('dialog', { name: 'Welcome to Chanterlab' });
    expect(popup.getAttribute('aria-modal')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the welcome popup stays away once 'Don't show this again' was ticked", async () => {
    const user = userEvent.setup();
    const { unmount } = await renderHome();
    await user.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    unmount();
    await renderHome();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("issue 22.12: after 'Got it!' the welcome stays away for the rest of the browsing session", async () => {
    const user = userEvent.setup();
    const { unmount } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    unmount();
    await renderHome(); // back to Home in the same sitting
    expect(screen.queryByRole('dialog')).toBeNull();
    // A new browsing session (sessionStorage empty) greets the piper again: only the ticked
    // box dismisses it for good (spec §2.3 'Instruction popup').
    window.sessionStorage.clear();
    await renderHome();
    expect(screen.getByRole('dialog', { name: 'Welcome to Chanterlab' })).toBeTruthy();
  });

  it('R-2.3.HOME-02 a follow button opens the social page in a new tab', async () => {
    await renderHome();
    const follow = screen.getByRole('link', { name: /^Follow Chanterlab/ });
    expect(follow.getAttribute('href')).toMatch(/^https:\/\//);
    expect(follow.getAttribute('target')).toBe('_blank');
  });

  it("R-2.3.HOME-03 R-2.3.HOME-04 'Show All One Time Messages' resets the popups and reloads", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('dismissed_popups', '{"home-welcome":true}');
    const reload = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, reload },
    });
    await renderHome();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show All One Time Messages' }));
    expect(window.localStorage.getItem('dismissed_popups')).toBeNull();
    expect(window.sessionStorage.getItem('instruction_popups_shown')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('R-2.3.HOME-06 a privacy policy link goes to /privacy', async () => {
    await renderHome();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });
});
