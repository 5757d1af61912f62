/**
 * Each route's description and keywords (spec §2.1 'Each route has its own title,
 * description, keywords, share image and structured data'), apart from the route table so
 * the browser's first load does not carry them (issue 21 item 4: the table is in the entry
 * chunk; these strings are only needed by the server's <head> and the lazily loaded
 * RouteHead). Keyed by path; every route of routes.ts has an entry (routes.test.ts).
 */
import type { RouteMeta } from './routes.ts';

export interface RouteSeo {
  readonly description: string;
  readonly keywords: readonly string[];
}

/** Added to every route's keywords. */
const PIPES = ['bagpipes', 'highland bagpipe', 'practice chanter', 'pipers'];

const seo: Readonly<Record<string, RouteSeo>> = {
  '/': {
    description:
      'Practise the Highland bagpipe with a real chanter: flash cards, tuner, metronome, grace notes, games and pipe music.',
    keywords: ['bagpipe practice', 'learn bagpipes'],
  },
  '/flashcards': {
    description:
      'Learn the nine notes of the chanter with flash cards: name, frequency, staff position and fingering.',
    keywords: ['flash cards', 'chanter notes', 'fingering'],
  },
  '/metronome': {
    description:
      'A metronome for pipers from 60 to 240 BPM with pendulum or circle view, beep, snare or bass drum.',
    keywords: ['metronome', 'tempo', 'BPM'],
  },
  '/basic-notes': {
    description: 'Hear each chanter note on its own or over drones.',
    keywords: ['chanter notes', 'drones', 'ear training'],
  },
  '/play-along': {
    description: 'Play along with pipe tunes on your practice chanter while the app listens.',
    keywords: ['play along', 'pipe tunes'],
  },
  '/chanter-sync': {
    description:
      'Calibrate the app to your own practice chanter so every note is recognised accurately.',
    keywords: ['chanter calibration', 'chanter sync', 'tuning'],
  },
  '/chantersync': {
    description:
      'Calibrate the app to your own practice chanter so every note is recognised accurately.',
    keywords: ['chanter calibration', 'chanter sync', 'tuning'],
  },
  '/sheet-music': {
    description:
      'Read, hear and play along with bagpipe music in Bagpipe Music Writer (BWW) format.',
    keywords: ['sheet music', 'BWW', 'pipe music'],
  },
  '/chanter-test': {
    description: 'Check that the app hears every note of your chanter correctly.',
    keywords: ['chanter test', 'pitch detection'],
  },
  '/battle': {
    description: 'A note battle game played on your practice chanter.',
    keywords: ['bagpipe game', 'battle'],
  },
  '/blaster': {
    description:
      'Blast falling notes by playing them on your chanter. Five levels and a global leaderboard.',
    keywords: ['bagpipe game', 'blaster', 'high score'],
  },
  '/animated-notes': {
    description: 'Watch notes scroll past a marker and hear each one as it passes.',
    keywords: ['animated notes', 'sight reading'],
  },
  '/animate-song': {
    description: 'Watch notes scroll past a marker and hear each one as it passes.',
    keywords: ['animated notes', 'sight reading'],
  },
  '/chanter-render': {
    description:
      'The fingering of every note on the Highland practice chanter, drawn hole by hole.',
    keywords: ['fingering chart', 'chanter diagram'],
  },
  '/gracenotes': {
    description:
      'Train grace notes: pick a grace and a melody note, see the fingering and hear the result.',
    keywords: ['grace notes', 'embellishments'],
  },
  '/resources': {
    description:
      'Learning resources, bands, practice chanters, electronic bagpipes, gear and video instruction.',
    keywords: ['bagpipe resources', 'learning'],
  },
  '/contact': {
    description: 'Send a message to the Chanterlab team.',
    keywords: ['contact'],
  },
  '/about-us': {
    description:
      'About Chanterlab, an open-source practice app for Highland pipers under active development.',
    keywords: ['about'],
  },
  '/credits': {
    description: 'The open-source libraries and data that Chanterlab is built with.',
    keywords: ['credits', 'open source'],
  },
  '/feature-request': {
    description: 'Suggest a feature or report a bug in Chanterlab.',
    keywords: ['feature request', 'bug report'],
  },
  '/microphone-help': {
    description:
      'Get your microphone working with Chanterlab: find devices, test input and fix permission problems.',
    keywords: ['microphone', 'troubleshooting'],
  },
  '/settings': {
    description: 'Your microphone, chanter, initials and backups of your Chanterlab settings.',
    keywords: ['settings'],
  },
  '/leader-board': {
    description: 'The global top ten Blaster scores by level, and your own best scores.',
    keywords: ['leaderboard', 'high scores'],
  },
  '/blaster-high-scores': {
    description: 'Blaster high scores for every level.',
    keywords: ['high scores', 'blaster'],
  },
  '/tuner': {
    description:
      'A chanter tuner that shows the note you play and how many cents sharp or flat it is.',
    keywords: ['tuner', 'chanter tuning', 'cents'],
  },
  '/render-test': {
    description: 'Developer page: every shared component rendered.',
    keywords: ['developer'],
  },
  '/fire-demo': {
    description: 'Developer page: the flame effect used by the games.',
    keywords: ['developer'],
  },
  '/template1': {
    description: 'Developer page: single-column page template.',
    keywords: ['developer'],
  },
  '/template2': {
    description: 'Developer page: card grid page template.',
    keywords: ['developer'],
  },
  '/database-test': {
    description: 'Developer page: tests the connection to the database.',
    keywords: ['developer'],
  },
  '/directfunctiontest': {
    description: 'Developer page: calls the hello function and shows its answer.',
    keywords: ['developer'],
  },
  '/synthesis-test': {
    description: 'Developer page: plays synthesized chanter tones.',
    keywords: ['developer'],
  },
  '/aitest': {
    description: 'Developer page: the tune composer test bench.',
    keywords: ['developer'],
  },
  '/ai-test': {
    description: 'Developer page: the tune composer test bench.',
    keywords: ['developer'],
  },
  '/auth': {
    description: 'Sign in to Chanterlab with an emailed link or a Google account.',
    keywords: ['sign in', 'login'],
  },
  '/auth/callback': {
    description: 'Completing your sign-in.',
    keywords: ['sign in'],
  },
  '/blocked': {
    description: 'You have been blocked from accessing this site.',
    keywords: [],
  },
  '/profile': {
    description: 'Your Chanterlab account, initials and scores.',
    keywords: ['profile'],
  },
  '/user-profile': {
    description: 'Your Chanterlab account, initials and scores.',
    keywords: ['profile'],
  },
  '/playlists': {
    description: 'Your playlists of pipe tunes.',
    keywords: ['playlists'],
  },
  '/instruction': {
    description: 'Find a piping tutor and lessons for the Highland bagpipe.',
    keywords: ['bagpipe lessons', 'tutor'],
  },
  '/bands': {
    description: 'Find pipe bands near you.',
    keywords: ['pipe bands', 'band finder'],
  },
  '/band-registration': {
    description: 'Register your pipe band on Chanterlab.',
    keywords: ['pipe band', 'registration'],
  },
  '/band-profile': {
    description: 'Your pipe band profile.',
    keywords: ['pipe band'],
  },
  '/band/:bandId': {
    description: 'A pipe band on Chanterlab.',
    keywords: ['pipe band'],
  },
  '/tutor-invitation': {
    description: 'Piping tutors: list yourself on Chanterlab for free during our launch.',
    keywords: ['piping tutor'],
  },
  '/band-invitation': {
    description: 'Pipe bands: list your band on Chanterlab for free during our launch.',
    keywords: ['pipe band'],
  },
  '/aisheetnovel': {
    description: 'Compose new pipe tunes with the AI sheet-music composer.',
    keywords: ['AI composer', 'pipe tunes'],
  },
  '/omr': {
    description: 'Turn a photo of pipe music into a tune.',
    keywords: ['OMR'],
  },
  '/sheet-share': {
    description: 'A library of pipe tunes shared by pipers.',
    keywords: ['sheet music library', 'pipe tunes'],
  },
  '/playlists/access': {
    description: 'Open a playlist shared with you.',
    keywords: ['playlists'],
  },
  '/import-song': {
    description: 'Import a Bagpipe Music Writer (.bww) file to read, hear and play along with.',
    keywords: ['BWW import', 'bagpipe music writer'],
  },
  '/admin-songs': {
    description: 'Administer the tune library.',
    keywords: ['admin'],
  },
  '/progress': {
    description:
      'Your practice on a calendar, minutes a week against your goal, accuracy and tempo per tune, your streak, and what to practise next.',
    keywords: ['practice history', 'progress', 'streak', 'spaced repetition'],
  },
  '/privacy': {
    description: 'What Chanterlab keeps in your browser, what it sends to the server, and why.',
    keywords: ['privacy', 'data'],
  },
  '/admin-listings': {
    description: 'Moderate band and tutor listings: approve, reject, hide and restore.',
    keywords: ['admin', 'moderation'],
  },
  '/admin/users': {
    description: 'Administer user accounts.',
    keywords: ['admin'],
  },
  '/dev/mailbox': {
    description: 'Mail this server did not send.',
    keywords: ['developer'],
  },
  '/admin/submissions': {
    description: 'Contact messages, feature requests and bug reports.',
    keywords: ['admin'],
  },
  '/admin/errors': {
    description: 'Errors reported by browsers.',
    keywords: ['admin'],
  },
  '/admin/analytics': {
    description: 'Events per day, top features and pages.',
    keywords: ['admin'],
  },
};

export function seoOf(meta: Pick<RouteMeta, 'path' | 'title'>): RouteSeo {
  const own = seo[meta.path];
  return {
    description: own?.description ?? meta.title,
    keywords: [...(own?.keywords ?? []), ...PIPES],
  };
}
