/**
 * The one route table (spec §2.1). Web and server both read it: the web maps each `screen`
 * to a lazy component; the server uses the SEO fields (with routeSeo.ts's descriptions and
 * keywords) to put the title, description and JSON-LD into the HTML it sends (spec §2.1 'Each route has its own title, description,
 * keywords, share image and structured data') and to write sitemap.xml.
 *
 * Paths are never hand-typed elsewhere: use `paths` and `pathTo()`.
 */

export const BRAND = 'Chanterlab';

/** Who may reach a route and whether search engines should index it. */
export type RouteAccess = 'public' | 'guarded' | 'developer';

/** schema.org type used for the route's JSON-LD. */
export type StructuredType = 'WebApplication' | 'WebPage' | 'AboutPage' | 'ContactPage' | 'Game';

export interface RouteMeta {
  /** Path pattern as react-router understands it (`:bandId` for parameters). */
  readonly path: string;
  /** Key of the screen component; aliases share it. */
  readonly screen: ScreenKey;
  /** The screen's title; the document title is `{title} | Chanterlab` (spec §2.1). */
  readonly title: string;
  readonly access: RouteAccess;
  readonly structuredType: StructuredType;
  /** Canonical path when this path is an alias (spec §2.1: /chantersync → /chanter-sync). */
  readonly canonical?: string;
  /** Name used in 'Loading {name}...' while the lazy chunk loads (spec §2.1). */
  readonly loadingName: string;
}

export const screenKeys = [
  'home',
  'flashcards',
  'metronome',
  'basicNotes',
  'playAlong',
  'chanterSync',
  'sheetMusic',
  'chanterTest',
  'battle',
  'blaster',
  'animatedNotes',
  'chanterRender',
  'graceNotes',
  'resources',
  'contact',
  'aboutUs',
  'credits',
  'featureRequest',
  'microphoneHelp',
  'settings',
  'leaderBoard',
  'blasterHighScores',
  'tuner',
  'renderTest',
  'fireDemo',
  'template1',
  'template2',
  'databaseTest',
  'directFunctionTest',
  'synthesisTest',
  'aiTest',
  'auth',
  'authCallback',
  'blocked',
  'profile',
  'playlists',
  'instruction',
  'bands',
  'bandRegistration',
  'bandProfile',
  'band',
  'tutorInvitation',
  'bandInvitation',
  'aiSheetNovel',
  'omr',
  'sheetShare',
  'playlistsAccess',
  'importSong',
  'adminSongs',
  'privacy',
  'adminUsers',
  'devMailbox',
  'adminSubmissions',
  'adminErrors',
  'adminAnalytics',
  'adminListings',
  'progress',
] as const;
export type ScreenKey = (typeof screenKeys)[number];

function route(
  path: string,
  screen: ScreenKey,
  title: string,
  options: Partial<Pick<RouteMeta, 'access' | 'structuredType' | 'canonical' | 'loadingName'>> = {},
): RouteMeta {
  return {
    path,
    screen,
    title,
    access: options.access ?? 'public',
    structuredType: options.structuredType ?? 'WebPage',
    ...(options.canonical ? { canonical: options.canonical } : {}),
    loadingName: options.loadingName ?? title,
  };
}

const app = { structuredType: 'WebApplication' } as const;
const dev = { access: 'developer' } as const;
const game = { structuredType: 'Game' } as const;

/** Every route of spec §2.1, in the spec's order. */
export const routes: readonly RouteMeta[] = [
  route('/', 'home', 'Home', { ...app, loadingName: 'Home' }),
  route('/flashcards', 'flashcards', 'Flash Cards', app),
  route('/metronome', 'metronome', 'Metronome', app),
  route('/basic-notes', 'basicNotes', 'Basic Notes', app),
  route('/play-along', 'playAlong', 'Play Along', app),
  route('/chanter-sync', 'chanterSync', 'Chanter Sync', app),
  route('/chantersync', 'chanterSync', 'Chanter Sync', { ...app, canonical: '/chanter-sync' }),
  route('/sheet-music', 'sheetMusic', 'Sheet Music', app),
  route('/chanter-test', 'chanterTest', 'Chanter Test', app),
  route('/battle', 'battle', 'Battle', game),
  route('/blaster', 'blaster', 'Blaster', game),
  route('/animated-notes', 'animatedNotes', 'Animated Notes', app),
  route('/animate-song', 'animatedNotes', 'Animated Notes', {
    ...app,
    canonical: '/animated-notes',
  }),
  route('/chanter-render', 'chanterRender', 'Chanter Diagram', app),
  route('/gracenotes', 'graceNotes', 'Grace Notes', app),
  route('/resources', 'resources', 'Resources'),
  route('/contact', 'contact', 'Contact', {
    structuredType: 'ContactPage',
  }),
  route('/about-us', 'aboutUs', 'About Us', { structuredType: 'AboutPage' }),
  route('/credits', 'credits', 'Credits'),
  route('/feature-request', 'featureRequest', 'Feature Request'),
  route('/microphone-help', 'microphoneHelp', 'Microphone Help'),
  route('/settings', 'settings', 'Settings', app),
  route('/leader-board', 'leaderBoard', 'Leader Board', game),
  route('/blaster-high-scores', 'blasterHighScores', 'High Scores', game),
  route('/tuner', 'tuner', 'Tuner', app),
  route('/render-test', 'renderTest', 'Render Test', dev),
  route('/fire-demo', 'fireDemo', 'Fire Demo', dev),
  route('/template1', 'template1', 'Template 1', dev),
  route('/template2', 'template2', 'Template 2', dev),
  route('/database-test', 'databaseTest', 'Database Test', dev),
  route('/directfunctiontest', 'directFunctionTest', 'Direct Function Test', dev),
  route('/synthesis-test', 'synthesisTest', 'Synthesis Test', dev),
  route('/aitest', 'aiTest', 'AI Test', {
    ...dev,
    canonical: '/ai-test',
  }),
  route('/ai-test', 'aiTest', 'AI Test', dev),
  route('/auth', 'auth', 'Sign In'),
  route('/auth/callback', 'authCallback', 'Signing In', {
    access: 'developer',
  }),
  route('/blocked', 'blocked', 'Access Denied', {
    access: 'developer',
  }),
  route('/profile', 'profile', 'My Profile', {
    access: 'guarded',
    canonical: '/user-profile',
  }),
  route('/user-profile', 'profile', 'My Profile', {
    access: 'guarded',
  }),
  route('/playlists', 'playlists', 'Playlists', {
    access: 'guarded',
  }),
  route('/instruction', 'instruction', 'Instruction'),
  route('/bands', 'bands', 'Find Bands'),
  route('/band-registration', 'bandRegistration', 'Band Registration'),
  route('/band-profile', 'bandProfile', 'Band Profile'),
  route('/band/:bandId', 'band', 'Band'),
  route('/tutor-invitation', 'tutorInvitation', 'Tutor Invitation'),
  route('/band-invitation', 'bandInvitation', 'Band Invitation'),
  route('/aisheetnovel', 'aiSheetNovel', 'AI Composer', app),
  route('/omr', 'omr', 'Music Recognition', app),
  route('/sheet-share', 'sheetShare', 'Library'),
  route('/playlists/access', 'playlistsAccess', 'Playlist Access'),
  route('/import-song', 'importSong', 'Import Song', app),
  route('/admin-songs', 'adminSongs', 'Manage Songs', {
    access: 'developer',
  }),
  // Not in spec §2.1: issue 3 asks for a real page behind Home's privacy policy link.
  route('/privacy', 'privacy', 'Privacy Policy'),
  // Not in spec §2.1: issue 18 item 3 asks for a page of the piper's own practice history.
  route('/progress', 'progress', 'Progress', app),
  // Not in spec §2.1: issue 8 asks for an administrators' users page and, in development, a
  // page listing the local mail outbox. Both are noindex; the server decides who may use them.
  route('/admin/users', 'adminUsers', 'Users', {
    access: 'developer',
  }),
  route('/dev/mailbox', 'devMailbox', 'Mailbox', {
    access: 'developer',
  }),
  // Not in spec §2.1: issue 8 asks administrators to read submissions, error reports and
  // analytics. Noindex; every API behind them refuses non-administrators.
  route('/admin/submissions', 'adminSubmissions', 'Submissions', { access: 'developer' }),
  route('/admin/errors', 'adminErrors', 'Error Reports', { access: 'developer' }),
  route('/admin/analytics', 'adminAnalytics', 'Analytics', { access: 'developer' }),
  // Not in spec §2.1: issue 16 item 7 asks for moderation of band and tutor listings beside the
  // other admin pages. Noindex; every API behind it refuses non-administrators.
  route('/admin-listings', 'adminListings', 'Moderate Listings', { access: 'developer' }),
];

/** Route paths by screen key for linking: `paths.chanterSync` is the canonical path. */
export const paths = Object.fromEntries(
  routes.filter((r) => !r.canonical).map((r) => [r.screen, r.path]),
) as Record<ScreenKey, string>;

/** Builds a concrete path from a pattern, e.g. pathTo('/band/:bandId', { bandId: '7' }). */
export function pathTo(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Finds the route that matches a concrete path, or undefined. */
export function matchRoute(pathname: string): RouteMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => {
    if (!r.path.includes(':')) return r.path === clean;
    const re = new RegExp('^' + r.path.replace(/:[A-Za-z]+/g, '[^/]+') + '$');
    return re.test(clean);
  });
}

/** `{title} | Chanterlab` (spec §2.1). */
export function documentTitle(meta: Pick<RouteMeta, 'title'>): string {
  return `${meta.title} | ${BRAND}`;
}

/** Search engines index public routes only; developer, guarded and callback pages are noindex. */
export function isIndexable(meta: RouteMeta): boolean {
  return meta.access === 'public' && !meta.canonical && !meta.path.includes(':');
}
