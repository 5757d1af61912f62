import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { paths, routes } from '../../contracts/routes.ts';
import { MainMenu } from './MainMenu.tsx';
import { HELP_FAQ_URL, accountItems, menuItems } from './menuItems.ts';

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid="where">{location.pathname}</output>
      <button type="button" onClick={() => void navigate(paths.tuner)}>
        Elsewhere navigates
      </button>
    </div>
  );
}

/** Stands in for Layout: sign out, then go to /auth (spec §2.2). */
function SignOutThenAuth({ signOut }: { signOut: () => void }) {
  const navigate = useNavigate();
  return (
    <MainMenu
      signedIn
      onSignOut={async () => {
        signOut();
        await navigate(paths.auth);
      }}
    />
  );
}

function setup({ signedIn = false, at = '/', onSignOut = vi.fn() } = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[at]}>
      <MainMenu signedIn={signedIn} onSignOut={onSignOut} />
      <p>Page content</p>
      <Probe />
    </MemoryRouter>,
  );
  return { user, onSignOut };
}

/** Emulates a phone: the same query the CSS uses (spec §2.2 hamburger). */
function phoneWidth() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query === '(max-width: 600px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });
// `hidden: true` so a group inside a closed hamburger panel can still be inspected.
const groupButton = (name: string) => within(nav()).getByRole('button', { name, hidden: true });
const where = () => screen.getByTestId('where').textContent;

/** Opens a group and returns its links as [label, href]. */
async function groupLinks(user: ReturnType<typeof userEvent.setup>, name: string) {
  const button = groupButton(name);
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  return within(panel!)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('MainMenu', () => {
  it('is a nav landmark named Main with the brand linking home', () => {
    setup({ at: paths.tuner });
    expect(nav()).toBeTruthy();
    const brand = screen.getByRole('link', { name: 'Chanterlab' });
    expect(brand.getAttribute('href')).toBe('/');
    for (const button of within(nav()).getAllByRole('button', { expanded: false })) {
      // Disclosure buttons for lists of links, not ARIA menus: no aria-haspopup.
      expect(button.getAttribute('aria-haspopup')).toBeNull();
      expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeNull();
    }
  });

  it('R-2.2.MENU-01 becomes a hamburger on small screens: Menu toggles the panel of sections', async () => {
    phoneWidth();
    const { user } = setup();
    const burger = within(nav()).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(burger.getAttribute('aria-controls')!)!;
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(within(nav()).queryByRole('link', { name: 'Home' })).toBeNull();
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    // Groups are expandable sections inside the panel.
    expect(await groupLinks(user, 'Tools')).toEqual([
      ['Tuner', '/tuner'],
      ['Metronome', '/metronome'],
    ]);
    expect(groupButton('Tools').getAttribute('aria-expanded')).toBe('true');
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('R-2.2.MENU-01 on wide screens the bar shows its entries and no hamburger', () => {
    setup();
    expect(within(nav()).queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('R-2.2.MENU-02 one submenu is open at a time', async () => {
    const { user } = setup();
    await user.click(groupButton('Games'));
    await user.click(groupButton('Learn'));
    expect(groupButton('Games').getAttribute('aria-expanded')).toBe('false');
    expect(groupButton('Learn').getAttribute('aria-expanded')).toBe('true');
    expect(
      within(nav())
        .getAllByRole('list')
        .filter((l) => !l.closest('[hidden]')),
    ).toHaveLength(2);
    // Clicking the open group's button closes it.
    await user.click(groupButton('Learn'));
    expect(groupButton('Learn').getAttribute('aria-expanded')).toBe('false');
  });

  it('R-2.2.MENU-03 a click outside closes the menus, the hamburger panel included', async () => {
    phoneWidth();
    const { user } = setup();
    await user.click(within(nav()).getByRole('button', { name: 'Menu' }));
    await user.click(groupButton('Help'));
    await user.click(screen.getByText('Page content'));
    expect(within(nav()).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(groupButton('Help').getAttribute('aria-expanded')).toBe('false');
  });

  it("R-2.2.MENU-04 'Home' goes to /", () => {
    setup({ at: paths.tuner });
    expect(within(nav()).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it("R-2.2.MENU-05 'Setup' holds /chantersync and /chanter-test", async () => {
    const { user } = setup();
    expect(await groupLinks(user, 'Setup')).toEqual([
      ['Chanter Sync', '/chantersync'],
      ['Chanter Test', '/chanter-test'],
    ]);
  });

  it("R-2.2.MENU-06 'Games' holds /blaster, /battle and /leader-board", async () => {
    const { user } = setup();
    expect((await groupLinks(user, 'Games')).map(([, href]) => href)).toEqual([
      '/blaster',
      '/battle',
      '/leader-board',
    ]);
  });

  it("R-2.2.MENU-07 'Learn' holds /instruction, /bands, /flashcards, /chanter-render, /basic-notes, /gracenotes (and /progress, issue 18.3)", async () => {
    const { user } = setup();
    expect((await groupLinks(user, 'Learn')).map(([, href]) => href)).toEqual([
      '/instruction',
      '/bands',
      '/flashcards',
      '/chanter-render',
      '/basic-notes',
      '/gracenotes',
      '/progress',
    ]);
  });

  it("R-2.2.MENU-08 the 'Learn' item for /bands is labelled 'Find Bands'", async () => {
    const { user } = setup();
    expect(await groupLinks(user, 'Learn')).toContainEqual(['Find Bands', '/bands']);
  });

  it("R-2.2.MENU-09 'Tools' holds /tuner and /metronome", async () => {
    const { user } = setup();
    expect((await groupLinks(user, 'Tools')).map(([, href]) => href)).toEqual([
      '/tuner',
      '/metronome',
    ]);
  });

  it("R-2.2.MENU-10 issue 22.5: 'Sheet Music' holds /sheet-music, then the spec's /sheet-share, /playlists, /aisheetnovel and /import-song", async () => {
    const { user } = setup();
    expect((await groupLinks(user, 'Sheet Music')).map(([, href]) => href)).toEqual([
      '/sheet-music',
      '/sheet-share',
      '/playlists',
      '/aisheetnovel',
      '/import-song',
    ]);
  });

  it("R-2.2.MENU-11 the 'Sheet Music' item for /sheet-share is labelled 'Library'", async () => {
    const { user } = setup();
    expect(await groupLinks(user, 'Sheet Music')).toContainEqual(['Library', '/sheet-share']);
  });

  it("R-2.2.MENU-12 the 'Sheet Music' item for /aisheetnovel is labelled 'AI Composer'", async () => {
    const { user } = setup();
    expect(await groupLinks(user, 'Sheet Music')).toContainEqual(['AI Composer', '/aisheetnovel']);
  });

  it('R-2.2.MENU-13 /resources and /contact are top-level entries', () => {
    setup();
    const topLinks = within(nav())
      .getAllByRole('link')
      .filter((a) => !a.closest('ul ul'))
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(topLinks).toContainEqual(['Resources', '/resources']);
    expect(topLinks).toContainEqual(['Contact', '/contact']);
    // Spec §2.2 order: Home, Setup, Games, Learn, Tools, Sheet Music, Resources, Contact, Help.
    expect(menuItems.map((e) => e.label)).toEqual([
      'Home',
      'Setup',
      'Games',
      'Learn',
      'Tools',
      'Sheet Music',
      'Resources',
      'Contact',
      'Help',
    ]);
  });

  it("R-2.2.MENU-14 'Help' holds the external help and FAQ page, opened in a new tab", async () => {
    const { user } = setup();
    await user.click(groupButton('Help'));
    const faq = screen.getByRole('link', { name: 'Help & FAQ (opens in a new tab)' });
    expect(faq.getAttribute('href')).toBe(HELP_FAQ_URL);
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  it("R-2.2.MENU-15 'Help' holds /microphone-help, /about-us, /feature-request and /settings", async () => {
    const { user } = setup();
    expect((await groupLinks(user, 'Help')).map(([, href]) => href)).toEqual([
      HELP_FAQ_URL,
      '/microphone-help',
      '/about-us',
      '/feature-request',
      '/settings',
    ]);
  });

  it('R-2.2.MENU-04..15 every internal menu path is a route of the route table', () => {
    const entries = [...menuItems, ...accountItems.signedIn, ...accountItems.signedOut];
    const internal = entries.flatMap((e) =>
      e.kind === 'group' ? e.items.filter((i) => i.kind === 'link') : e.kind === 'link' ? [e] : [],
    );
    expect(internal.length).toBe(28); // spec §2.2's 26, /sheet-music (issue 22.5), /progress (issue 18.3)
    for (const item of internal) expect(routes.map((r) => r.path)).toContain(item.to);
  });

  it("R-2.2.MENU-16 logged out, the menu shows 'Login / Register' leading to /user-profile", () => {
    setup({ signedIn: false });
    expect(within(nav()).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe(
      '/user-profile',
    );
    expect(within(nav()).queryByRole('link', { name: 'My Profile' })).toBeNull();
    expect(within(nav()).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("R-2.2.MENU-17 logged in, the menu shows 'My Profile' leading to /user-profile", () => {
    setup({ signedIn: true });
    expect(within(nav()).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/user-profile',
    );
    expect(within(nav()).queryByRole('link', { name: 'Login / Register' })).toBeNull();
  });

  it("R-2.2.MENU-18 logged in, the menu shows 'Log out'", () => {
    setup({ signedIn: true });
    expect(within(nav()).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it("R-2.2.MENU-19 'Log out' runs onSignOut, whose caller then goes to /auth", async () => {
    const user = userEvent.setup();
    const signOut = vi.fn();
    render(
      <MemoryRouter initialEntries={[paths.tuner]}>
        <SignOutThenAuth signOut={signOut} />
        <Probe />
      </MemoryRouter>,
    );
    await user.click(within(nav()).getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/auth');
  });

  it('choosing a link navigates and closes all menus', async () => {
    phoneWidth();
    const { user } = setup();
    await user.click(within(nav()).getByRole('button', { name: 'Menu' }));
    await user.click(groupButton('Games'));
    await user.click(screen.getByRole('link', { name: 'Leader Board' }));
    expect(where()).toBe('/leader-board');
    expect(within(nav()).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(groupButton('Games').getAttribute('aria-expanded')).toBe('false');
  });

  it('a route change from elsewhere closes the menus', async () => {
    const { user } = setup();
    await user.click(groupButton('Tools'));
    await user.click(screen.getByRole('button', { name: 'Elsewhere navigates' }));
    expect(where()).toBe('/tuner');
    expect(groupButton('Tools').getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the current page and the group that holds it', async () => {
    const { user } = setup({ at: '/bands' });
    expect(groupButton('Learn').hasAttribute('data-current')).toBe(true);
    await user.click(groupButton('Learn'));
    expect(screen.getByRole('link', { name: 'Find Bands' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Flash Cards' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('keyboard: Left/Right across the bar, Down into a group, Up/Down within, Escape back to the button', async () => {
    const { user } = setup();
    await user.tab(); // brand
    await user.tab(); // Home
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(groupButton('Setup'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Login / Register');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(groupButton('Learn'));
    await user.keyboard('{Enter}');
    expect(groupButton('Learn').getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Instruction');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Flash Cards');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Progress');
    await user.keyboard('{Escape}');
    expect(groupButton('Learn').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(groupButton('Learn'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Progress');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(groupButton('Tools'));
    expect(groupButton('Learn').getAttribute('aria-expanded')).toBe('false');
    await user.keyboard(' ');
    expect(groupButton('Tools').getAttribute('aria-expanded')).toBe('true');
  });

  it('keyboard: Tab walks links naturally and leaving a dropdown closes it', async () => {
    const { user } = setup();
    await user.click(groupButton('Tools'));
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Tuner');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Metronome');
    await user.tab();
    expect(document.activeElement).toBe(groupButton('Sheet Music'));
    expect(groupButton('Tools').getAttribute('aria-expanded')).toBe('false');
  });

  it('keyboard on a phone: Up/Down walk the panel, Escape closes a section then the panel', async () => {
    phoneWidth();
    const { user } = setup();
    const burger = within(nav()).getByRole('button', { name: 'Menu' });
    await user.click(burger);
    await user.click(groupButton('Setup'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Chanter Sync');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(groupButton('Games'));
    await user.keyboard('{Escape}');
    expect(groupButton('Setup').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(groupButton('Setup'));
    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });
});

describe('issue 21.2: the login state arrives late without moving the bar', () => {
  it('issue 21.2: while it is unknown the account slot holds a hidden placeholder, no link', () => {
    render(
      <MemoryRouter>
        <MainMenu signedIn={false} pending onSignOut={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Login / Register' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    const slot = document.querySelector('.mm-account-entry');
    const placeholder = slot?.querySelector('.mm-pending');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    // The same pill as the call to action, so it takes the same room.
    expect(placeholder?.className).toContain('mm-cta');
  });
});
