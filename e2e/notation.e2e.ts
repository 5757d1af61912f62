/**
 * Music notation in a real browser (issues 5 and 6; spec §2.3 'Music notation wrapper', 'Note
 * staff widget', §8 'Music notation'): the staff widgets put note heads at the §3 staff
 * positions, a corpus tune is drawn as pipe music, the wrapper's loading and error messages
 * show, and VexFlow is not loaded on the home page. /render-test is the test bed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { renderOnTestBed } from './fixtures/renderOnTestBed.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { notesOf } from '../src/music/tune/tune.ts';
import { corpusDir, corpusPresent, readCorpus } from '../src/music/bww/testing/readCorpus.ts';
import { axeViolations, fitsWidth } from './fixtures/axeViolations.ts';

const VEXFLOW_CHUNK = /\/assets\/vexflow-core-[^/]*\.js$/;
const FONT_CHUNK = /\/assets\/gonville-[^/]*\.js$/;
const TUNE = 'pipeband-music/airs/25  Amazing Grace .bww';

/** y of a staff's top line and of a note head, in SVG units (staff space = 10). */
async function headOffset(staff: Locator): Promise<number> {
  await staff.locator('.melody-note').first().waitFor({ timeout: 20_000 });
  return staff.evaluate((el) => {
    const line = el.querySelector('.vf-stave path')?.getAttribute('d') ?? '';
    const top = Number(/M[\d.]+ ([\d.]+)/.exec(line)?.[1]);
    const head = Number(el.querySelector('.melody-note .vf-notehead text')?.getAttribute('y'));
    return head - Math.floor(top);
  });
}

/** Share of dark pixels in a screenshot of the element, counted by the browser itself. */
async function inkRatio(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(image, 0, 0);
    const { data: px } = ctx.getImageData(0, 0, image.width, image.height);
    let dark = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! + px[i + 1]! + px[i + 2]! < 200) dark++;
    return dark / (px.length / 4);
  }, png);
}

describe('music notation', () => {
  const app = useApp();

  it('R-2.3.STAFF-01 R-3.NOTES-03 the note staff draws the quarter note at its staff position', async () => {
    const page = await app.open('/render-test');
    const staff = (name: string) =>
      page.getByRole('img', { name: `Treble staff showing ${name} as a quarter note` });
    // Treble staff from the top line down: F5 0, D5 10, B4 20, G4 30; High A on the ledger
    // line above, at −10.
    expect(await headOffset(staff('Low G'))).toBe(30);
    expect(await headOffset(staff('D'))).toBe(10);
    expect(await headOffset(staff('High A'))).toBe(-10);
    expect(await staff('D').locator('.vf-clef').count()).toBe(1);
    expect(await staff('D').locator('.vf-keysignature text').count()).toBe(2);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it('R-2.3.STAFF-02 R-2.3.STAFF-03 the grace staff: 320 × 180 at least, half notes and grace notes', async () => {
    const page = await app.open('/render-test');
    const single = page.getByRole('img', {
      name: 'Treble staff: D half note, then grace note Low G before D',
    });
    await single.locator('.grace-note').first().waitFor({ timeout: 20_000 });
    expect(await single.locator('.melody-note').count()).toBe(2);
    expect(await single.locator('.grace-note').count()).toBe(1);
    const size = await single
      .locator('svg')
      .evaluate((svg) => [Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))]);
    expect(size[0]).toBeGreaterThanOrEqual(320);
    expect(size[1]).toBe(180);
    const doubling = page.getByRole('img', {
      name: 'Treble staff: D half note, then grace notes High G, D, E before D',
    });
    expect(await doubling.locator('.grace-note').count()).toBe(3);
    expect(await doubling.locator('.vf-beam').count()).toBeGreaterThan(0);
    expectNoConsoleErrors(page);
    await closePage(page);
  });

  it.runIf(corpusPresent)(
    'a corpus BWW tune renders as pipe music with notes, grace notes and bar lines',
    async () => {
      for (const width of [1280, 390]) {
        const page = await app.open('/render-test', { width, height: 900 });
        await page.getByLabel('Open a BWW file').setInputFiles({
          name: 'Amazing Grace.bww',
          mimeType: 'text/plain',
          buffer: readFileSync(join(corpusDir, TUNE)),
        });
        const score = page.getByRole('img', { name: /^Pipe music: .*37 bars, 96 notes$/ });
        await score.locator('.melody-note').first().waitFor({ timeout: 30_000 });
        const count = (selector: string) => score.locator(selector).count();
        expect(await count('.melody-note')).toBe(96);
        expect(await count('.grace-note')).toBeGreaterThan(50);
        expect(await count('.vf-stavebarline')).toBeGreaterThan(37);
        expect(await count('.vf-beam')).toBeGreaterThan(10);
        expect(await count('.vf-clef')).toBeGreaterThanOrEqual(8);
        // Melody stems down, grace-note stems up: a stem starts at its head and goes that way.
        const stems = await score.evaluate((el) => {
          const direction = (sel: string) =>
            [...el.querySelectorAll(`${sel} > .vf-stem path`)].map((p) => {
              const [, y1, y2] = /M[\d.]+ ([\d.]+)L[\d.]+ ([\d.]+)/.exec(
                p.getAttribute('d') ?? '',
              ) ?? ['', '0', '0'];
              return Math.sign(Number(y2) - Number(y1));
            });
          return { melody: direction('.melody-note'), graces: direction('.grace-note') };
        });
        expect(new Set(stems.melody)).toEqual(new Set([1]));
        expect(new Set(stems.graces)).toEqual(new Set([-1]));
        // The page is not blank: ink covers a sensible share of the drawing.
        const ink = await inkRatio(page, score);
        expect(ink).toBeGreaterThan(0.01);
        expect(ink).toBeLessThan(0.5);
        // Nothing spills sideways on a phone.
        expect(await fitsWidth(page)).toBe(true);
        expectNoConsoleErrors(page, `at ${width} px`);
        await closePage(page);
      }
    },
  );

  it.runIf(corpusPresent)('drawn notation has no axe violations at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const page = await app.open('/render-test', { width, height: 800 });
      await page.getByLabel('Open a BWW file').setInputFiles({
        name: 'Amazing Grace.bww',
        mimeType: 'text/plain',
        buffer: readFileSync(join(corpusDir, TUNE)),
      });
      await page.locator('.pipe-score .melody-note').first().waitFor({ timeout: 30_000 });
      expect(
        await axeViolations(page, { include: 'section[aria-labelledby="rt-notation"]' }),
      ).toEqual([]);
      await closePage(page);
    }
  });

  it.runIf(corpusPresent)('the playback cursor highlights one note at a time', async () => {
    const page = await app.open('/render-test');
    await page.getByLabel('Open a BWW file').setInputFiles({
      name: 'Amazing Grace.bww',
      mimeType: 'text/plain',
      buffer: readFileSync(join(corpusDir, TUNE)),
    });
    await page.locator('.pipe-score .melody-note').first().waitFor({ timeout: 30_000 });
    const cursor = page.getByLabel('Highlight note number');
    await cursor.fill('5');
    const active = page.locator('.pipe-score .is-active');
    await active.waitFor();
    expect(await active.getAttribute('data-note-index')).toBe('5');
    await cursor.fill('40');
    await page.waitForSelector('.pipe-score .is-active[data-note-index="40"]');
    expect(await active.count()).toBe(1);
    await closePage(page);
  });

  it('R-2.3.NOTATION-01 R-7.ASSETS-06 VexFlow and the music font load only where notation is drawn', async () => {
    const page = await app.open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    expect(requested.filter((p) => VEXFLOW_CHUNK.test(p) || FONT_CHUNK.test(p))).toEqual([]);
    // Positive control: the notation test bed does fetch both, from our own origin.
    await page.goto(app.url('/render-test'));
    await page.locator('.note-staff .melody-note').first().waitFor({ timeout: 20_000 });
    expect(requested.some((p) => VEXFLOW_CHUNK.test(p))).toBe(true);
    expect(requested.some((p) => FONT_CHUNK.test(p))).toBe(true);
    await closePage(page);
  });

  it('R-2.3.NOTATION-02 shows "Loading music notation..." until the library arrives', async () => {
    const page = await app.open();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(VEXFLOW_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.url('/render-test'));
    await page
      .getByRole('status')
      .filter({ hasText: 'Loading music notation...' })
      .first()
      .waitFor({ timeout: 20_000 });
    release();
    await page.locator('.note-staff .melody-note').first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading music notation...').count()).toBe(0);
    await closePage(page);
  });

  it('R-8.NOTATION-01 a failed library load says so', async () => {
    const page = await app.open();
    await page.route(VEXFLOW_CHUNK, (route) => route.abort());
    await page.goto(app.url('/render-test'));
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error loading music notation library. Please try again later.' })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await page.locator('.music-notation svg').count()).toBe(0);
    await closePage(page);
  });

  it('R-8.NOTATION-02 a failed music font load gives "Failed to load music notation"', async () => {
    const page = await app.open();
    await page.route(FONT_CHUNK, (route) => route.abort());
    await page.goto(app.url('/render-test'));
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load music notation' })
      .first()
      .waitFor({ timeout: 20_000 });
    await closePage(page);
  });

  it.runIf(corpusPresent)(
    'every corpus tune renders as pipe notation without an error (issue 6 done-when)',
    async () => {
      const page = await app.open('/render-test');
      const input = page.getByLabel('Open a BWW file');
      await input.waitFor({ timeout: 30_000 });
      const failed: string[] = [];
      let run = 0;
      let drawn = 0;
      for (const file of readCorpus()) {
        run++;
        const parsed = parseBww(file.bytes).tunes;
        const expected = parsed.length;
        const tunes = await renderOnTestBed(page, input, file, run);
        if (tunes.length !== expected) failed.push(`${file.name}: ${tunes.length}/${expected}`);
        tunes.forEach((t, i) => {
          // A tune with no notes (a title-only split of a multi-tune file) draws no heads.
          const hasNotes = parsed[i] !== undefined && notesOf(parsed[i]).length > 0;
          if (t.failed || (hasNotes && t.heads === 0)) failed.push(`${file.name}#${i}`);
          else drawn++;
        });
      }
      expect(failed).toEqual([]);
      expect(drawn).toBeGreaterThanOrEqual(217);
      expectNoConsoleErrors(page);
      await closePage(page);
    },
    600_000,
  );
});
