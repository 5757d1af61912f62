import { routes, type RouteMeta } from '../routes.ts';

/** Screens whose <h1> is not their route title (the title is what the menu and tab say). */
const headingOf: Record<string, string> = {
  '/chanter-render': 'Chanter Fingering Chart',
  '/blaster-high-scores': 'High Scores',
  '/feature-request': 'Feature Request or Bug Report',
  '/aisheetnovel': 'AI Composer',
  '/omr': 'Music Recognition',
  '/sheet-share': 'Library',
  '/bands': 'Find a pipe band',
  '/band-registration': 'Register your pipe band',
  '/band-profile': 'Your bands',
  '/tutor-invitation': 'Teach the pipes? Let learners find you.',
  '/band-invitation': 'Put your pipe band on the map.',
};

/** The <h1> a route's screen shows: for the tests of issue 21.1 (the first HTML holds it). */
export function screenHeading(meta: RouteMeta): string {
  return headingOf[meta.path] ?? meta.title;
}

/** Public screens without parameters: the ones `vite build` prerenders (ADR 019). */
export const prerenderedRoutes = routes.filter(
  (r) => r.access === 'public' && !r.path.includes(':'),
);
