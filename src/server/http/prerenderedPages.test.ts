import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptHashes, styleHashes, withSources } from './prerenderedPages.ts';

describe('issue 21 (LCP): inline page CSS allowed by its hash', () => {
  it("issue 21: a <style> element's hash is sha256 of its text, base64, as CSP writes it", () => {
    // CSP Level 3 §8.2; the vector is `printf 'body{margin:0}' | openssl dgst -sha256 -binary | base64`.
    expect(styleHashes('<head><style>body{margin:0}</style></head>')).toEqual([
      "'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
    ]);
    // Non-ASCII text is hashed as UTF-8, as the browser does.
    expect(styleHashes('<style>a::after{content:"…"}</style>')).toEqual([
      `'sha256-${createHash('sha256').update(Buffer.from('a::after{content:"…"}', 'utf8')).digest('base64')}'`,
    ]);
    expect(styleHashes('<div id="root"></div>')).toEqual([]);
  });

  it("issue 21: the hash joins style-src only; 'unsafe-inline' is never added", () => {
    const policy = "default-src 'self';style-src 'self';img-src 'self' data:";
    expect(withSources(policy, 'style-src', ["'sha256-A='"])).toBe(
      "default-src 'self';style-src 'self' 'sha256-A=';img-src 'self' data:",
    );
    expect(withSources(policy, 'style-src', [])).toBe(policy);
    // A policy without style-src falls back to default-src for styles: keep 'self' allowed.
    expect(withSources("default-src 'self'", 'style-src', ["'sha256-A='"])).toBe(
      "default-src 'self';style-src 'self' 'sha256-A='",
    );
    expect(withSources(policy, 'style-src', ["'sha256-A='"])).not.toContain('unsafe-inline');
    expect(withSources("script-src 'self';style-src 'self'", 'script-src', ["'sha256-B='"])).toBe(
      "script-src 'self' 'sha256-B=';style-src 'self'",
    );
  });

  it('issue 21: the boot script is hashed; scripts with src and JSON-LD data blocks are not', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script type="module" src="/x.js"></script>' +
      '<script type="module" data-modules="/a.js">import(\'/a.js\')</script>';
    expect(scriptHashes(html)).toEqual([
      `'sha256-${createHash('sha256').update("import('/a.js')").digest('base64')}'`,
    ]);
  });
});
