import { paths, routes } from '../../contracts/routes.ts';

/**
 * The main menu's entries, exactly as spec §2.2 lists them. This is the only place the menu
 * names paths; every internal path is taken from the route table (DESIGN habit 6), and
 * MainMenu.test.tsx checks each one matches a route.
 */

/** A link to one of our routes. */
export interface MenuLink {
  readonly kind: 'link';
  readonly label: string;
  readonly to: string;
}

/** A page outside the app, opened in a new tab (spec §2.2 'Help: external help and FAQ page'). */
export interface MenuExternalLink {
  readonly kind: 'external';
  readonly label: string;
  readonly href: string;
}

/** A button that does something instead of going somewhere ('Log out'). */
export interface MenuAction {
  readonly kind: 'action';
  readonly label: string;
  readonly action: 'signOut';
}

/** A named dropdown of links. */
export interface MenuGroup {
  readonly kind: 'group';
  /** Stable id for DOM ids and tests. */
  readonly id: string;
  readonly label: string;
  readonly items: readonly (MenuLink | MenuExternalLink)[];
}

export type MenuEntry = MenuLink | MenuExternalLink | MenuAction | MenuGroup;

/** The external help and FAQ page. The hosted product's page is not named in the spec. */
export const HELP_FAQ_URL = 'https://github.com/chanterlab/chanterlab/wiki/FAQ';

/** A route-table path; throws at load if it is not one, so a typo cannot ship. */
function routePath(path: string): string {
  if (!routes.some((r) => r.path === path)) throw new Error(`Menu path ${path} is not a route`);
  return path;
}

function link(to: string, label: string): MenuLink {
  return { kind: 'link', label, to: routePath(to) };
}

function group(id: string, label: string, items: MenuGroup['items']): MenuGroup {
  return { kind: 'group', id, label, items };
}

/**
 * Spec §2.2, in its order: Home, Setup, Games, Learn, Tools, Sheet Music, Resources, Contact, Help;
 * plus Sheet Music's own screen at the head of its group (issue 22 item 5).
 */
export const menuItems: readonly MenuEntry[] = [
  link(paths.home, 'Home'),
  group('setup', 'Setup', [
    // The spec's menu points at the alias /chantersync, not the canonical /chanter-sync (§2.1).
    link('/chantersync', 'Chanter Sync'),
    link(paths.chanterTest, 'Chanter Test'),
  ]),
  group('games', 'Games', [
    link(paths.blaster, 'Blaster'),
    link(paths.battle, 'Battle'),
    link(paths.leaderBoard, 'Leader Board'),
  ]),
  group('learn', 'Learn', [
    link(paths.instruction, 'Instruction'),
    link(paths.bands, 'Find Bands'),
    link(paths.flashcards, 'Flash Cards'),
    link(paths.chanterRender, 'Chanter Diagram'),
    link(paths.basicNotes, 'Basic Notes'),
    link(paths.graceNotes, 'Grace Notes'),
    // Not in spec §2.2: issue 18 item 3 puts /progress under Learn.
    link(paths.progress, 'Progress'),
  ]),
  group('tools', 'Tools', [link(paths.tuner, 'Tuner'), link(paths.metronome, 'Metronome')]),
  group('sheet-music', 'Sheet Music', [
    // Not in the spec's list: the screen that reads, plays and plays along with a tune was
    // reachable only through Import Song (issue 22 item 5). The spec's four items stay.
    link(paths.sheetMusic, 'Read & Play Tunes'),
    link(paths.sheetShare, 'Library'),
    link(paths.playlists, 'Playlists'),
    link(paths.aiSheetNovel, 'AI Composer'),
    link(paths.importSong, 'Import Song'),
  ]),
  link(paths.resources, 'Resources'),
  link(paths.contact, 'Contact'),
  group('help', 'Help', [
    { kind: 'external', label: 'Help & FAQ', href: HELP_FAQ_URL },
    link(paths.microphoneHelp, 'Microphone Help'),
    link(paths.aboutUs, 'About Us'),
    link(paths.featureRequest, 'Feature Request'),
    link(paths.settings, 'Settings'),
  ]),
];

/** Spec §2.2: 'Login / Register' when logged out; 'My Profile' and 'Log out' when logged in. */
export const accountItems: {
  readonly signedOut: readonly (MenuLink | MenuAction)[];
  readonly signedIn: readonly (MenuLink | MenuAction)[];
} = {
  signedOut: [link(paths.profile, 'Login / Register')],
  signedIn: [
    link(paths.profile, 'My Profile'),
    { kind: 'action', label: 'Log out', action: 'signOut' },
  ],
};
