/**
 * Issue 16 item 2: the finder's map reaches no server but the app's own unless the operator
 * sets MAP_TILE_URL, and then only that tile host, with its attribution always shown.
 */
import { describe, expect, it } from 'vitest';
import { cspFor } from './app.ts';
import { loadConfig, publicConfig } from './config.ts';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_CREDIT = '© OpenStreetMap contributors';

describe('issue 16.2: map tiles are the operator’s choice', () => {
  it('unset: no tile URL reaches the browser and img-src stays the app’s own', () => {
    const config = loadConfig({});
    expect(publicConfig(config).map).toEqual({ tileUrl: null, tileAttribution: null });
    expect(cspFor(config).imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('set with its attribution: both reach the browser and img-src allows that host only', () => {
    const config = loadConfig({ MAP_TILE_URL: OSM, MAP_TILE_ATTRIBUTION: OSM_CREDIT });
    expect(publicConfig(config).map).toEqual({ tileUrl: OSM, tileAttribution: OSM_CREDIT });
    expect(cspFor(config).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });

  it('a {s} subdomain becomes a wildcard host in img-src', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Example tiles',
    });
    expect(cspFor(config).imgSrc).toContain('https://*.tiles.example.org');
  });

  it('a tile URL without its attribution stops the server naming MAP_TILE_ATTRIBUTION', () => {
    expect(() => loadConfig({ MAP_TILE_URL: OSM })).toThrow('MAP_TILE_ATTRIBUTION');
  });

  it('a URL that is not a tile template is refused naming MAP_TILE_URL', () => {
    expect(() =>
      loadConfig({ MAP_TILE_URL: 'https://example.org/tiles', MAP_TILE_ATTRIBUTION: 'x' }),
    ).toThrow('MAP_TILE_URL');
  });
});
