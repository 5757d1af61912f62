import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenKeys } from '../src/contracts/routes.ts';
import { pageFile } from '../src/contracts/prerenderedPages.ts';
import {
  BOOT_SCRIPT,
  bootScript,
  chunkAssets,
  inlineStyle,
  pageHtml,
  screenModules,
  type Manifest,
} from './prerender.ts';

describe('issue 21.1: build-time prerendering', () => {
  it('issue 21.1: every screen loader in screens.ts is found with its source module', () => {
    const modules = screenModules(readFileSync('src/web/app/screens.ts', 'utf8'));
    expect([...modules.keys()].sort()).toEqual([...screenKeys].sort());
    expect(modules.get('home')).toBe('src/web/features/home/HomeScreen.tsx');
    expect(modules.get('leaderBoard')).toBe('src/web/app/leaderboardScreens.tsx');
    expect(modules.get('battle')).toBe('src/web/features/battle/BattleScreen.tsx');
    expect(modules.get('bands')).toBe('src/web/features/bandFinder/BandFinderScreen.tsx');
    expect(modules.get('omr')).toBe('src/web/features/omr/OmrScreen.tsx');
  });

  it("issue 21.1: a screen's page links its chunk, its static imports and their CSS, not the entry's", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'src/a.tsx': {
        file: 'assets/a-1.js',
        css: ['assets/a-1.css'],
        imports: ['_shared.js', 'index.html'],
      },
      '_shared.js': {
        file: 'assets/shared-1.js',
        css: ['assets/shared-1.css'],
        imports: ['src/a.tsx'],
      },
    };
    const assets = chunkAssets(manifest, 'src/a.tsx');
    expect(assets).toEqual({
      js: ['/assets/a-1.js', '/assets/shared-1.js'],
      css: ['/assets/a-1.css', '/assets/shared-1.css'],
    });
    const template =
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n</head><body><div id="root"></div></body></html>';
    const css: Record<string, string> = {
      '/assets/index-1.css': 'body{margin:0}',
      '/assets/a-1.css': '.a{color:red}',
      '/assets/shared-1.css': '.s{color:blue}',
    };
    const html = pageHtml(template, '<h1 style="color:red">A $& B</h1>', assets, (h) => css[h]!);
    expect(html).toContain('<div id="root"><h1 data-ssr-style="color:red">A $& B</h1></div>');
    // Issue 21.2 (CLS): no paint before the parser has passed the end of the screen's markup.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#prerendered-end" blocking="render">');
    expect(html).toContain('</div><span id="prerendered-end" hidden></span>');
    // Issue 21 (LCP): no script is fetched before the first paint; the boot script loads the
    // entry first, then the entry's and the screen's modules.
    expect(html).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
    expect(html).toContain(
      `<script type="module" data-modules="/assets/index-1.js /assets/runtime-1.js /assets/a-1.js /assets/shared-1.js">${BOOT_SCRIPT}</script>\n  </body>`,
    );
    // Issue 21 (LCP): the entry's and the chunk's CSS inline, in cascade order; no stylesheet
    // request blocks the first paint.
    expect(html).toContain('<style>body{margin:0}\n.a{color:red}\n.s{color:blue}</style>');
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    expect(html).not.toContain('/assets/index-1.css');
    // The chunk's stylesheets are named, disabled (not fetched), so Vite's preload helper does
    // not load them again when the screen's chunk is imported to hydrate.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/a-1.css" disabled>');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/shared-1.css" disabled>',
    );
    expect(() => chunkAssets(manifest, 'src/missing.tsx')).toThrow(/not in the client manifest/);
  });

  it('issue 21.3: each chunk is listed before every chunk it imports, so importing last first evaluates one chunk per import', () => {
    // The shape of /sheet-share: the screen imports a small chunk (zod's schemas), then a route
    // table that imports the same chunk and a chunk of its own; a pre-order list put the route
    // table last, so its first import evaluated zod and the terms with it in one task.
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/Screen.tsx': { file: 'assets/Screen.js', imports: ['_zod.js', '_routes.js'] },
      '_zod.js': { file: 'assets/zod.js', imports: ['index.html'] },
      '_routes.js': { file: 'assets/routes.js', imports: ['_zod.js', '_terms.js'] },
      '_terms.js': { file: 'assets/terms.js' },
    };
    const { js } = chunkAssets(manifest, 'src/Screen.tsx');
    expect(js).toHaveLength(4);
    expect(js[0]).toBe('/assets/Screen.js');
    const imports: Record<string, string[]> = {
      '/assets/Screen.js': ['/assets/zod.js', '/assets/routes.js'],
      '/assets/routes.js': ['/assets/zod.js', '/assets/terms.js'],
    };
    for (const [chunk, deps] of Object.entries(imports))
      for (const dep of deps) expect(js.indexOf(chunk)).toBeLessThan(js.indexOf(dep));
  });

  it('issue 21 (LCP): inline CSS that would break or end the <style> early fails the build', () => {
    expect(inlineStyle(['a{color:red}', 'b{background:url(data:image/png;base64,AA)}'])).toBe(
      '<style>a{color:red}\nb{background:url(data:image/png;base64,AA)}</style>',
    );
    expect(inlineStyle(['b{background:url(/assets/x.png)}'])).toContain('url(/assets/x.png)');
    expect(() => inlineStyle(['a{content:"</style>"}'])).toThrow(/<\/style/);
    expect(() => inlineStyle(['@font-face{src:url(./f.woff2)}'])).toThrow(/relative url/);
    expect(() => inlineStyle(["b{background:url('x.png')}"])).toThrow(/relative url/);
  });

  it('issue 21 (LCP, item 3): the boot script starts the modules after the first paint, or at once in a hidden tab, four preloads per task', async () => {
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const appended: string[] = [];
    const imported: string[] = [];
    let modules = '/assets/e.js /assets/a.js /assets/b.js';
    const run = (visibilityState: string) => {
      const document = {
        visibilityState,
        querySelector: () => ({ dataset: { modules } }),
        createElement: () => ({}) as Record<string, string>,
        head: { append: (l: Record<string, string>) => appended.push(`${l.rel} ${l.href}`) },
      };
      // The script as the page runs it, with the browser's globals given as parameters.
      const body = BOOT_SCRIPT.replace(/import\(entry\)/, 'load(entry)');
      new Function('document', 'requestAnimationFrame', 'setTimeout', 'load', body)(
        document,
        (f: () => void) => frames.push(f),
        (f: () => void) => timers.push(f),
        (m: string) => imported.push(m),
      );
    };
    run('visible');
    expect(imported).toEqual([]);
    frames.shift()!();
    expect(imported).toEqual([]);
    timers.shift()!();
    expect(appended).toEqual(['modulepreload /assets/a.js', 'modulepreload /assets/b.js']);
    expect(imported).toEqual(['/assets/e.js']);
    run('hidden');
    expect(imported).toEqual(['/assets/e.js', '/assets/e.js']);
    // Many chunks: four preloads per task, the entry imported with the first four.
    const many = Array.from({ length: 10 }, (_, i) => `/assets/c${i}.js`);
    appended.length = 0;
    imported.length = 0;
    modules = ['/assets/e.js', ...many].join(' ');
    run('hidden');
    expect(appended).toEqual(many.slice(0, 4).map((m) => `modulepreload ${m}`));
    expect(imported).toEqual(['/assets/e.js']);
    timers.shift()!();
    expect(appended).toHaveLength(8);
    timers.shift()!();
    expect(appended).toEqual(many.map((m) => `modulepreload ${m}`));
    expect(timers).toEqual([]);
    expect(() => bootScript(['/assets/a.js" onload="x'])).toThrow(/unexpected module path/);
  });

  it('issue 21.1: page files by route path', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/tuner')).toBe('tuner.html');
    expect(pageFile('/playlists/access')).toBe('playlists/access.html');
  });
});
