/**
 * The one route table (spec §2.1). Web and server both read it: the web maps each `screen`
 * to a lazy component; the server uses the SEO fields to put the title, description and
 * JSON-LD into the HTML it sends (spec §2.1 'Each route has its own title, description,
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
  readonly description: string;
  readonly keywords: readonly string[];
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
] as const;
export type ScreenKey = (typeof screenKeys)[number];

const PIPES = ['bagpipes', 'highland bagpipe', 'practice chanter', 'pipers'];

function route(
  path: string,
  screen: ScreenKey,
  title: string,
  description: string,
  keywords: string[],
  options: Partial<Pick<RouteMeta, 'access' | 'structuredType' | 'canonical' | 'loadingName'>> = {},
): RouteMeta {
  return {
    path,
    screen,
    title,
    description,
    keywords: [...keywords, ...PIPES],
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
  route(
    '/',
    'home',
    'Home',
    'Practise the Highland bagpipe with a real chanter: flash cards, tuner, metronome, grace notes, games and pipe music.',
    ['bagpipe practice', 'learn bagpipes'],
    { ...app, loadingName: 'Home' },
  ),
  route(
    '/flashcards',
    'flashcards',
    'Flash Cards',
    'Learn the nine notes of the chanter with flash cards: name, frequency, staff position and fingering.',
    ['flash cards', 'chanter notes', 'fingering'],
    app,
  ),
  route(
    '/metronome',
    'metronome',
    'Metronome',
    'A metronome for pipers from 60 to 240 BPM with pendulum or circle view, beep, snare or bass drum.',
    ['metronome', 'tempo', 'BPM'],
    app,
  ),
  route(
    '/basic-notes',
    'basicNotes',
    'Basic Notes',
    'Hear each chanter note on its own or over drones.',
    ['chanter notes', 'drones', 'ear training'],
    app,
  ),
  route(
    '/play-along',
    'playAlong',
    'Play Along',
    'Play along with pipe tunes on your practice chanter while the app listens.',
    ['play along', 'pipe tunes'],
    app,
  ),
  route(
    '/chanter-sync',
    'chanterSync',
    'Chanter Sync',
    'Calibrate the app to your own practice chanter so every note is recognised accurately.',
    ['chanter calibration', 'chanter sync', 'tuning'],
    app,
  ),
  route(
    '/chantersync',
    'chanterSync',
    'Chanter Sync',
    'Calibrate the app to your own practice chanter so every note is recognised accurately.',
    ['chanter calibration', 'chanter sync', 'tuning'],
    { ...app, canonical: '/chanter-sync' },
  ),
  route(
    '/sheet-music',
    'sheetMusic',
    'Sheet Music',
    'Read, hear and play along with bagpipe music in Bagpipe Music Writer (BWW) format.',
    ['sheet music', 'BWW', 'pipe music'],
    app,
  ),
  route(
    '/chanter-test',
    'chanterTest',
    'Chanter Test',
    'Check that the app hears every note of your chanter correctly.',
    ['chanter test', 'pitch detection'],
    app,
  ),
  route(
    '/battle',
    'battle',
    'Battle',
    'A note battle game played on your practice chanter.',
    ['bagpipe game', 'battle'],
    game,
  ),
  route(
    '/blaster',
    'blaster',
    'Blaster',
    'Blast falling notes by playing them on your chanter. Five levels and a global leaderboard.',
    ['bagpipe game', 'blaster', 'high score'],
    game,
  ),
  route(
    '/animated-notes',
    'animatedNotes',
    'Animated Notes',
    'Watch notes scroll past a marker and hear each one as it passes.',
    ['animated notes', 'sight reading'],
    app,
  ),
  route(
    '/animate-song',
    'animatedNotes',
    'Animated Notes',
    'Watch notes scroll past a marker and hear each one as it passes.',
    ['animated notes', 'sight reading'],
    { ...app, canonical: '/animated-notes' },
  ),
  route(
    '/chanter-render',
    'chanterRender',
    'Chanter Diagram',
    'The fingering of every note on the Highland practice chanter, drawn hole by hole.',
    ['fingering chart', 'chanter diagram'],
    app,
  ),
  route(
    '/gracenotes',
    'graceNotes',
    'Grace Notes',
    'Train grace notes: pick a grace and a melody note, see the fingering and hear the result.',
    ['grace notes', 'embellishments'],
    app,
  ),
  route(
    '/resources',
    'resources',
    'Resources',
    'Learning resources, bands, practice chanters, electronic bagpipes, gear and video instruction.',
    ['bagpipe resources', 'learning'],
  ),
  route('/contact', 'contact', 'Contact', 'Send a message to the Chanterlab team.', ['contact'], {
    structuredType: 'ContactPage',
  }),
  route(
    '/about-us',
    'aboutUs',
    'About Us',
    'About Chanterlab, an open-source practice app for Highland pipers under active development.',
    ['about'],
    { structuredType: 'AboutPage' },
  ),
  route(
    '/credits',
    'credits',
    'Credits',
    'The open-source libraries and data that Chanterlab is built with.',
    ['credits', 'open source'],
  ),
  route(
    '/feature-request',
    'featureRequest',
    'Feature Request',
    'Suggest a feature or report a bug in Chanterlab.',
    ['feature request', 'bug report'],
  ),
  route(
    '/microphone-help',
    'microphoneHelp',
    'Microphone Help',
    'Get your microphone working with Chanterlab: find devices, test input and fix permission problems.',
    ['microphone', 'troubleshooting'],
  ),
  route(
    '/settings',
    'settings',
    'Settings',
    'Your microphone, chanter, initials and backups of your Chanterlab settings.',
    ['settings'],
    app,
  ),
  route(
    '/leader-board',
    'leaderBoard',
    'Leader Board',
    'The global top ten Blaster scores by level, and your own best scores.',
    ['leaderboard', 'high scores'],
    game,
  ),
  route(
    '/blaster-high-scores',
    'blasterHighScores',
    'High Scores',
    'Blaster high scores for every level.',
    ['high scores', 'blaster'],
    game,
  ),
  route(
    '/tuner',
    'tuner',
    'Tuner',
    'A chanter tuner that shows the note you play and how many cents sharp or flat it is.',
    ['tuner', 'chanter tuning', 'cents'],
    app,
  ),
  route(
    '/render-test',
    'renderTest',
    'Render Test',
    'Developer page: every shared component rendered.',
    ['developer'],
    dev,
  ),
  route(
    '/fire-demo',
    'fireDemo',
    'Fire Demo',
    'Developer page: the flame effect used by the games.',
    ['developer'],
    dev,
  ),
  route(
    '/template1',
    'template1',
    'Template 1',
    'Developer page: single-column page template.',
    ['developer'],
    dev,
  ),
  route(
    '/template2',
    'template2',
    'Template 2',
    'Developer page: card grid page template.',
    ['developer'],
    dev,
  ),
  route(
    '/database-test',
    'databaseTest',
    'Database Test',
    'Developer page: tests the connection to the database.',
    ['developer'],
    dev,
  ),
  route(
    '/directfunctiontest',
    'directFunctionTest',
    'Direct Function Test',
    'Developer page: calls the hello function and shows its answer.',
    ['developer'],
    dev,
  ),
  route(
    '/synthesis-test',
    'synthesisTest',
    'Synthesis Test',
    'Developer page: plays synthesized chanter tones.',
    ['developer'],
    dev,
  ),
  route(
    '/aitest',
    'aiTest',
    'AI Test',
    'Developer page: the tune composer test bench.',
    ['developer'],
    {
      ...dev,
      canonical: '/ai-test',
    },
  ),
  route(
    '/ai-test',
    'aiTest',
    'AI Test',
    'Developer page: the tune composer test bench.',
    ['developer'],
    dev,
  ),
  route(
    '/auth',
    'auth',
    'Sign In',
    'Sign in to Chanterlab with an emailed link or a Google account.',
    ['sign in', 'login'],
  ),
  route('/auth/callback', 'authCallback', 'Signing In', 'Completing your sign-in.', ['sign in'], {
    access: 'developer',
  }),
  route(
    '/blocked',
    'blocked',
    'Access Denied',
    'You have been blocked from accessing this site.',
    [],
    {
      access: 'developer',
    },
  ),
  route(
    '/profile',
    'profile',
    'My Profile',
    'Your Chanterlab account, initials and scores.',
    ['profile'],
    {
      access: 'guarded',
      canonical: '/user-profile',
    },
  ),
  route(
    '/user-profile',
    'profile',
    'My Profile',
    'Your Chanterlab account, initials and scores.',
    ['profile'],
    {
      access: 'guarded',
    },
  ),
  route('/playlists', 'playlists', 'Playlists', 'Your playlists of pipe tunes.', ['playlists'], {
    access: 'guarded',
  }),
  route(
    '/instruction',
    'instruction',
    'Instruction',
    'Find a piping tutor and lessons for the Highland bagpipe.',
    ['bagpipe lessons', 'tutor'],
  ),
  route('/bands', 'bands', 'Find Bands', 'Find pipe bands near you.', [
    'pipe bands',
    'band finder',
  ]),
  route(
    '/band-registration',
    'bandRegistration',
    'Band Registration',
    'Register your pipe band on Chanterlab.',
    ['pipe band', 'registration'],
  ),
  route('/band-profile', 'bandProfile', 'Band Profile', 'Your pipe band profile.', ['pipe band']),
  route('/band/:bandId', 'band', 'Band', 'A pipe band on Chanterlab.', ['pipe band']),
  route(
    '/tutor-invitation',
    'tutorInvitation',
    'Tutor Invitation',
    'Piping tutors: list yourself on Chanterlab for free during our launch.',
    ['piping tutor'],
  ),
  route(
    '/band-invitation',
    'bandInvitation',
    'Band Invitation',
    'Pipe bands: list your band on Chanterlab for free during our launch.',
    ['pipe band'],
  ),
  route(
    '/aisheetnovel',
    'aiSheetNovel',
    'AI Composer',
    'Compose new pipe tunes with the AI sheet-music composer.',
    ['AI composer', 'pipe tunes'],
    app,
  ),
  route(
    '/omr',
    'omr',
    'Music Recognition',
    'Turn a photo of pipe music into a tune.',
    ['OMR'],
    app,
  ),
  route('/sheet-share', 'sheetShare', 'Library', 'A library of pipe tunes shared by pipers.', [
    'sheet music library',
    'pipe tunes',
  ]),
  route(
    '/playlists/access',
    'playlistsAccess',
    'Playlist Access',
    'Open a playlist shared with you.',
    ['playlists'],
  ),
  route(
    '/import-song',
    'importSong',
    'Import Song',
    'Import a Bagpipe Music Writer (.bww) file to read, hear and play along with.',
    ['BWW import', 'bagpipe music writer'],
    app,
  ),
  route('/admin-songs', 'adminSongs', 'Manage Songs', 'Administer the tune library.', ['admin'], {
    access: 'developer',
  }),
  // Not in spec §2.1: issue 3 asks for a real page behind Home's privacy policy link.
  route(
    '/privacy',
    'privacy',
    'Privacy Policy',
    'What Chanterlab keeps in your browser, what it sends to the server, and why.',
    ['privacy', 'data'],
  ),
  // Not in spec §2.1: issue 8 asks for an administrators' users page and, in development, a
  // page listing the local mail outbox. Both are noindex; the server decides who may use them.
  route('/admin/users', 'adminUsers', 'Users', 'Administer user accounts.', ['admin'], {
    access: 'developer',
  }),
  route('/dev/mailbox', 'devMailbox', 'Mailbox', 'Mail this server did not send.', ['developer'], {
    access: 'developer',
  }),
  // Not in spec §2.1: issue 8 asks administrators to read submissions, error reports and
  // analytics. Noindex; every API behind them refuses non-administrators.
  route(
    '/admin/submissions',
    'adminSubmissions',
    'Submissions',
    'Contact messages, feature requests and bug reports.',
    ['admin'],
    { access: 'developer' },
  ),
  route(
    '/admin/errors',
    'adminErrors',
    'Error Reports',
    'Errors reported by browsers.',
    ['admin'],
    { access: 'developer' },
  ),
  route(
    '/admin/analytics',
    'adminAnalytics',
    'Analytics',
    'Events per day, top features and pages.',
    ['admin'],
    { access: 'developer' },
  ),
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
