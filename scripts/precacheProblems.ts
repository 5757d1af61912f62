/**
 * What is wrong with a build's offline precache (issue 18 item 1: 'Large files must not be
 * skipped silently'): a file of dist/ the app may load that the service worker did not
 * precache (Workbox skips files over maximumFileSizeToCacheInBytes with only a warning), a
 * prerendered page whose route has no precache entry or no revision, the offline tools' own
 * pages, or any warning Workbox gave. Pure: scripts/precacheManifest.test.ts feeds it a build.
 */
import { pageFile } from '../src/contracts/prerenderedPages.ts';
import { paths } from '../src/contracts/routes.ts';

/** `{url, revision}` of each precache entry in the generated sw.js, minified or not. */
export function precacheEntries(swSource: string): Map<string, string | null> {
  const entries = new Map<string, string | null>();
  const entry = /\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?\s*:\s*(?:null|"([^"]*)")\s*\}/g;
  for (const m of swSource.matchAll(entry)) entries.set(m[1]!, m[2] ?? null);
  return entries;
}

/** Files of dist/ that are never precached (scripts/offlineBuild.ts PRECACHE_IGNORES). */
export function notPrecached(file: string): boolean {
  return (
    // ocr/: the /omr title reader's engine, kept by the worker once used (OCR_CACHE).
    /^(og|pages|ocr|\.vite)\//.test(file) ||
    file === 'index.html' ||
    file === 'sw.js' ||
    /\.(br|gz)$/.test(file)
  );
}

/**
 * The routes issue 18 names as working in airplane mode: the tuner, chanter test and sync,
 * flash cards, metronome, basic notes, grace notes, Blaster, play-along and Sheet Music; Home
 * to reach them and the forms kept offline (contact, feature request).
 */
export const OFFLINE_ROUTES = [
  '/',
  paths.tuner,
  paths.chanterTest,
  paths.chanterSync,
  paths.flashcards,
  paths.metronome,
  paths.basicNotes,
  paths.graceNotes,
  paths.blaster,
  paths.playAlong,
  paths.sheetMusic,
  paths.contact,
  paths.featureRequest,
] as const;

export interface BuildFacts {
  /** Every file of dist/, relative, with '/' separators. */
  readonly files: readonly string[];
  /** dist/sw.js. */
  readonly swSource: string;
  /** Workbox's warnings (dist/.vite/precache.json). */
  readonly warnings: readonly string[];
  /** The shell route answered for navigations without a page. */
  readonly shellRoute: string;
  /** Paths of the routes that have a prerendered page, e.g. '/tuner'. */
  readonly prerenderedRoutes: readonly string[];
}

export function precacheProblems(build: BuildFacts): string[] {
  const problems: string[] = [];
  const entries = precacheEntries(build.swSource);
  if (entries.size === 0) problems.push('sw.js holds no precache manifest');
  for (const warning of build.warnings) problems.push(`Workbox warned: ${warning}`);
  for (const file of build.files) {
    if (!notPrecached(file) && !entries.has(file)) problems.push(`not precached: ${file}`);
  }
  for (const route of [...build.prerenderedRoutes, build.shellRoute]) {
    if (!entries.has(route)) problems.push(`no precache entry for the page of ${route}`);
    else if (!entries.get(route)) problems.push(`the page of ${route} has no revision`);
  }
  for (const route of OFFLINE_ROUTES) {
    if (!build.files.includes(`pages/${pageFile(route)}`))
      problems.push(`${route} has no prerendered page`);
  }
  // The assets the tools load besides their chunks (all under assets/ or sounds/ and checked
  // above): named here so a build that stops emitting them is noticed, not only one that skips.
  const needed: [string, RegExp][] = [
    ['the drum samples', /^sounds\/.+\.wav$/],
    ['the notation font', /^assets\/gonville-[\w-]+\.js$/],
    ['the pitch worklet', /^assets\/processor-[\w-]+\.js$/],
    ['the web app manifest', /^manifest\.webmanifest$/],
    ['the app icons', /^icons\/icon-512\.png$/],
  ];
  for (const [what, pattern] of needed) {
    if (![...entries.keys()].some((url) => pattern.test(url)))
      problems.push(`${what} (${pattern}) not precached`);
  }
  return problems;
}
