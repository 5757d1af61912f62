import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES_DIR } from '../src/contracts/prerenderedPages.ts';
import { routes } from '../src/contracts/routes.ts';
import { pageFile } from '../src/contracts/prerenderedPages.ts';
import { PRECACHE_REPORT, SHELL_ROUTE, type PrecacheReport } from './offlineBuild.ts';
import { precacheEntries, precacheProblems, type BuildFacts } from './precacheProblems.ts';

const dist = join(import.meta.dirname, '..', process.env.STATIC_DIR ?? 'dist');
const built = existsSync(join(dist, 'index.html'));

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dist, join(d.parentPath, d.name)).split(sep).join('/'));
}

const goodBuild: BuildFacts = {
  files: [
    'assets/TunerScreen-a1.js',
    'assets/gonville-b2.js',
    'assets/processor-c3.js',
    'sounds/snare_drum.wav',
    'manifest.webmanifest',
    'icons/icon-512.png',
    'og/tuner.png',
    'index.html',
    'sw.js',
    ...[
      '/',
      '/tuner',
      '/chanter-test',
      '/chanter-sync',
      '/flashcards',
      '/metronome',
      '/basic-notes',
      '/gracenotes',
      '/blaster',
      '/play-along',
      '/sheet-music',
      '/contact',
      '/feature-request',
    ].map((p) => `pages/${pageFile(p)}`),
  ],
  swSource:
    'e.precacheAndRoute([{url:"assets/TunerScreen-a1.js",revision:null},{url:"assets/gonville-b2.js",revision:null},' +
    '{url:"assets/processor-c3.js",revision:null},{url:"sounds/snare_drum.wav",revision:"1"},' +
    '{url:"manifest.webmanifest",revision:"2"},{url:"icons/icon-512.png",revision:"3"},' +
    '{url:"/tuner",revision:"4"},{url:"/playlists",revision:"5"}])',
  warnings: [],
  shellRoute: '/playlists',
  prerenderedRoutes: ['/tuner'],
};

describe('issue 18.1: the offline precache checker', () => {
  it('issue 18.1: reads the precache entries of a minified or JSON sw.js', () => {
    expect(precacheEntries('x([{url:"a.js",revision:null},{"url":"/b","revision":"9"}])')).toEqual(
      new Map([
        ['a.js', null],
        ['/b', '9'],
      ]),
    );
  });

  it('issue 18.1: a complete build has no problems (pages are checked by route, not file)', () => {
    // Only the page files of the routes the fixture prerenders are asked of the manifest.
    const problems = precacheProblems(goodBuild);
    expect(problems).toEqual([]);
  });

  it('issue 18.1: a file Workbox skipped for its size, or any Workbox warning, is a problem', () => {
    const skipped = {
      ...goodBuild,
      swSource: goodBuild.swSource.replace('{url:"assets/gonville-b2.js",revision:null},', ''),
      warnings: ['assets/gonville-b2.js is 3 MB, and won\u2019t be precached.'],
    };
    expect(precacheProblems(skipped)).toEqual([
      'Workbox warned: assets/gonville-b2.js is 3 MB, and won\u2019t be precached.',
      'not precached: assets/gonville-b2.js',
      'the notation font (/^assets\\/gonville-[\\w-]+\\.js$/) not precached',
    ]);
  });

  it('issue 18.1: a prerendered route without an entry or revision, or an offline tool without a page, is a problem', () => {
    const broken = {
      ...goodBuild,
      files: goodBuild.files.filter((f) => f !== 'pages/metronome.html'),
      swSource: goodBuild.swSource.replace(
        '{url:"/tuner",revision:"4"}',
        '{url:"/tuner",revision:null}',
      ),
      prerenderedRoutes: ['/tuner', '/settings'],
    };
    expect(precacheProblems(broken)).toEqual([
      'the page of /tuner has no revision',
      'no precache entry for the page of /settings',
      '/metronome has no prerendered page',
    ]);
  });
});

describe('issue 18.1: the build precaches everything the offline tools need', () => {
  // `npm test` builds before the unit tests; alone, run `npx vite build` first.
  it.skipIf(!built)(
    'issue 18.1: dist/sw.js precaches every file, every prerendered page and no Workbox warning',
    () => {
      const sw = join(dist, 'sw.js');
      expect(existsSync(sw), 'dist/sw.js: the build wrote no service worker').toBe(true);
      const report = JSON.parse(
        readFileSync(join(dist, PRECACHE_REPORT), 'utf8'),
      ) as PrecacheReport;
      const files = filesOf(dist);
      const prerenderedRoutes = routes
        .map((r) => r.path)
        .filter((p) => !p.includes(':') && files.includes(`${PAGES_DIR}/${pageFile(p)}`));
      const problems = precacheProblems({
        files,
        swSource: readFileSync(sw, 'utf8'),
        warnings: report.warnings,
        shellRoute: SHELL_ROUTE,
        prerenderedRoutes,
      });
      expect(problems).toEqual([]);
      expect(prerenderedRoutes.length).toBeGreaterThan(20);
    },
  );
});
