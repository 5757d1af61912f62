/**
 * The band finder in a real browser (issue 16 item 2 and 'Done when': 'The map and the finder
 * need no network beyond the app's own server in the tests (a tile URL is optional and tested
 * with a local stand-in)'). A dozen listed bands and one pending are written into the server's
 * data directory before it starts (e2e/fixtures/seedBands.ts).
 */
import { createServer, type Server } from 'node:http';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './fixtures/axeViolations.ts';
import { closePage, launchBrowser, newPage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, waitForPath } from './fixtures/harness.ts';
import { seedBands } from './fixtures/seedBands.ts';
import { startServer, type StartedServer } from './fixtures/server.ts';

/** A 1×1 PNG: what the stand-in tile server answers for every tile. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let dataDir = '';
let server: StartedServer | undefined;
let tiledServer: StartedServer | undefined;
let tileServer: Server | undefined;
const tileRequests: string[] = [];
let browser: Browser | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chanterlab-e2e-bands-'));
  await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  await seedBands(dataDir);
  const tiledDir = `${dataDir}-tiled`;
  await cp(dataDir, tiledDir, { recursive: true });
  tileServer = createServer((request, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((done) => tileServer!.listen(0, '127.0.0.1', done));
  const tilePort = (tileServer.address() as AddressInfo).port;
  [server, tiledServer, browser] = await Promise.all([
    startServer({ dataDir }),
    startServer({
      dataDir: tiledDir,
      env: {
        MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: 'Stand-in tiles for the test',
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([server?.stop(), tiledServer?.stop()]);
  await new Promise((done) => tileServer?.close(done));
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}-tiled`, { recursive: true, force: true });
});

/** Every request to another origin fails, and is recorded (the finder must make none). */
async function offline(page: Page, origin: string): Promise<string[]> {
  const strays: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) {
      return route.continue();
    }
    strays.push(url);
    return route.abort('internetdisconnected');
  });
  return strays;
}

const mapReady = (page: Page) =>
  page.locator('[data-map-state="ready"]').waitFor({ timeout: 20_000 });

describe('issue 16.2: /bands finds bands by place, on a list and a map, with no third party', () => {
  it('searches by town: the list nearest first, markers on the map, a marker opens its band; axe clean', async () => {
    const page = await newPage(browser!, { width: 1280, height: 900 });
    const origin = server!.url;
    const strays = await offline(page, origin);
    await page.goto(`${origin}/bands`);
    await mapReady(page);
    // Before a search the map holds every listed band, clustered (pending ones absent).
    await page.locator('.map-cluster, .map-pin').first().waitFor();

    const town = page.getByRole('combobox', { name: 'Town or city' });
    await town.fill('Perth');
    await page.getByRole('option', { name: /^Perth, Scotland/ }).click();
    await waitForPath(page, '/bands?place=2640358');
    const heading = page.getByRole('heading', { name: /bands within 50 km of Perth/ });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('4 bands within 50 km of Perth');
    const names = await page
      .getByRole('list', { name: 'Bands found' })
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(names).toEqual([
      'Fair City Pipe Band',
      'Kinross and District Pipe Band',
      'Strathearn Pipe Band',
      'Tayside Youth Pipe Band',
    ]);

    // The map zoomed to the search: one focusable, labelled marker per band in reach.
    const map = page.getByRole('region', { name: 'Map of pipe bands' });
    const pins = map.locator('.map-pin[role="button"]');
    await expect.poll(() => pins.count()).toBe(4);
    const labels = await pins.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels).toContain('Fair City Pipe Band (open its page)');
    expect(await map.textContent()).toContain('Natural Earth');
    // Motion allowed here: Leaflet fades and animates (the reduced-motion test below differs).
    expect(await map.locator('.leaflet-container.leaflet-fade-anim').count()).toBe(1);
    expect(await map.locator('.leaflet-proxy').count()).toBe(1);
    expect(await page.getByText('Pending Perth Pipe Band').count()).toBe(0);

    // The radius widens the search, and the URL says so.
    await page.getByLabel('Within', { exact: true }).selectOption('100');
    await page.getByRole('heading', { name: '6 bands within 100 km of Perth' }).waitFor();
    await waitForPath(page, '/bands?place=2640358&radius=100');

    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: a marker is a button; Enter opens the band's page.
    const fairCity = map.getByRole('button', { name: 'Fair City Pipe Band (open its page)' });
    const bandId = await fairCity.getAttribute('data-band-id');
    await fairCity.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/band/${bandId}`);

    expect(strays).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('a shared link opens the same search on a phone, stacked, without motion, axe clean, offline', async () => {
    const page = await newPage(browser!, { width: 375, height: 812 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const strays = await offline(page, server!.url);
    await page.goto(`${server!.url}/bands?place=2640358&grade=grade-2`);
    await page.getByRole('heading', { name: '1 band within 50 km of Perth' }).waitFor();
    await mapReady(page);
    const [map, list] = await Promise.all([
      page.getByRole('region', { name: 'Map of pipe bands' }).boundingBox(),
      page.getByRole('list', { name: 'Bands found' }).boundingBox(),
    ]);
    // Stacked: the map above the list, both the page's width.
    expect(map!.y + map!.height).toBeLessThanOrEqual(list!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // prefers-reduced-motion: no fading tiles, no animated zoom or pan.
    const container = page.locator('.directory-map .leaflet-container');
    expect(await container.evaluate((el) => el.classList.contains('leaflet-fade-anim'))).toBe(
      false,
    );
    // Leaflet makes its zoom-animation proxy only when zoom animation is on.
    expect(await page.locator('.directory-map .leaflet-proxy').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(strays).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('with MAP_TILE_URL set, tiles come from that host only, for the view only, credited', async () => {
    const page = await newPage(browser!, { width: 1280, height: 900 });
    const origin = tiledServer!.url;
    const tileOrigin = `http://127.0.0.1:${(tileServer!.address() as AddressInfo).port}`;
    const strays: string[] = [];
    await page.context().route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith(`${tileOrigin}/`)) return route.continue();
      strays.push(url);
      return route.abort('internetdisconnected');
    });
    await page.goto(`${origin}/bands?place=2640358`);
    await mapReady(page);
    await expect.poll(() => page.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(tileRequests.length).toBeGreaterThan(0);
    // One view's tiles and a small margin: never a bulk download.
    expect(tileRequests.length).toBeLessThan(80);
    expect(tileRequests.every((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
    expect(await page.getByRole('region', { name: 'Map of pipe bands' }).textContent()).toContain(
      'Stand-in tiles for the test',
    );
    expect(strays).toEqual([]);
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
