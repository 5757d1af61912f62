import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenKeys } from '../src/contracts/routes.ts';
import { pageFile } from '../src/contracts/prerenderedPages.ts';
import { chunkAssets, inlineStyle, pageHtml, screenModules, type Manifest } from './prerender.ts';

describe('issue 21.1: build-time prerendering', () => {
  it('issue 21.1: every screen loader in screens.ts is found with its source module', () => {
    const modules = screenModules(readFileSync('src/web/app/screens.ts', 'utf8'));
    expect([...modules.keys()].sort()).toEqual([...screenKeys].sort());
    expect(modules.get('home')).toBe('src/web/features/home/HomeScreen.tsx');
    expect(modules.get('leaderBoard')).toBe('src/web/app/leaderboardScreens.tsx');
    expect(modules.get('battle')).toBe('src/web/ui/PlannedScreen.tsx');
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
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-1.css">\n</head><body><div id="root"></div></body></html>';
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
    expect(html).toContain('</div><span id="prerendered-end" hidden></span></body>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
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

  it('issue 21 (LCP): inline CSS that would break or end the <style> early fails the build', () => {
    expect(inlineStyle(['a{color:red}', 'b{background:url(data:image/png;base64,AA)}'])).toBe(
      '<style>a{color:red}\nb{background:url(data:image/png;base64,AA)}</style>',
    );
    expect(inlineStyle(['b{background:url(/assets/x.png)}'])).toContain('url(/assets/x.png)');
    expect(() => inlineStyle(['a{content:"</style>"}'])).toThrow(/<\/style/);
    expect(() => inlineStyle(['@font-face{src:url(./f.woff2)}'])).toThrow(/relative url/);
    expect(() => inlineStyle(["b{background:url('x.png')}"])).toThrow(/relative url/);
  });

  it('issue 21.1: page files by route path', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/tuner')).toBe('tuner.html');
    expect(pageFile('/playlists/access')).toBe('playlists/access.html');
  });
});
