import { describe, expect, it } from 'vitest';
import { matchRoute, type RouteMeta } from './routes.ts';
import { jsonForScript, seoHead, seoHeadHtml } from './seo.ts';

describe('seo head', () => {
  it('R-2.1.SEO-01 builds title, description, keywords, canonical, share image and JSON-LD', () => {
    const head = seoHead(matchRoute('/blaster')!, 'https://pipes.example.org/');
    expect(head.title).toBe('Blaster | Chanterlab');
    expect(head.canonicalUrl).toBe('https://pipes.example.org/blaster');
    expect(head.imageUrl).toBe('https://pipes.example.org/og/blaster.png');
    expect(head.keywords).toContain('high score');
    expect(head.jsonLd['@type']).toBe('Game');
    expect(head.robots).toBe('index, follow');
  });

  it('a band page is canonical at its own path', () => {
    const head = seoHead(matchRoute('/band/x')!, 'https://a.org', '/band/x');
    expect(head.canonicalUrl).toBe('https://a.org/band/x');
  });

  it('escapes HTML in attributes and cannot close the JSON-LD script early', () => {
    const meta: RouteMeta = { ...matchRoute('/tuner')!, title: 'A "quoted" <b>' };
    const html = seoHeadHtml(
      seoHead(meta, 'https://a.org', meta.path, {
        description: '</script><script>alert(1)</script>',
        keywords: ['"x"'],
      }),
    );
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt; | Chanterlab</title>');
    expect(html).not.toContain('</script><script>');
    expect(jsonForScript({ x: '</script>' })).toBe('{"x":"\\u003c/script>"}');
  });
});
