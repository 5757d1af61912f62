/**
 * Part starts, navigation marks and free text in the drawn pipe score (issue 6 item 5, 'part
 * markers'): a part start (`I!`) is a heavy line then a thin one — after the clef and key on a
 * row start, as printed pipe music has it — the segno and coda signs stand above the bars they
 * are written in, 'D.S.' / 'D.C. al Fine' / 'Fine' at the end of their bars, and the writer's
 * words ('part 2') above the bar that follows them. /render-test is the bed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { corpusDir, corpusPresent } from '../src/music/bww/testing/readCorpus.ts';

/** A part start on a row start (2nd part) and mid-row, as many corpus tunes write it. */
const PART_TUNE = 'pipeband-music/to_process/REGIMENTAL TUNES/Brown Haired Maiden The.bww';

/** Words between two lines ('part 2') that belong to the start of the next one. */
const TEXT_TUNE = 'pipeband-music/to_process/REGIMENTAL TUNES/boek/boek/Cabar Feidh march.bww';

/**
 * No corpus tune uses navigation marks, so this short made-up tune carries every kind: segno
 * and a coda sign, D.S. at the end of a part, the coda section with D.C. al Fine, Fine, and
 * free text between two lines.
 */
const MARKS_TUNE = [
  '"Marks",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  '& sharpf sharpc 2_4 I! segno LA_4 B_4 ! C_4 D_4 ! E_4 F_4 fine ! HG_4 HA_4 !t',
  '& sharpf sharpc LA_4 B_4 ! C_4 coda D_4 ! E_4 F_4 ! HG_2 dalsegno !I',
  '"part 2",(I,L,0,0,Times New Roman,11,700,0,0,18,0,0,0)',
  '& sharpf sharpc codasection I! LA_4 B_4 ! C_4 D_4 ! E_4 F_4 ! LA_2 dacapoalfine !I',
].join('\n');

async function open(page: Page, name: string, bytes: Buffer): Promise<Locator> {
  await page.getByLabel('Open a BWW file').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: bytes,
  });
  const score = page.getByRole('img', { name: /^Pipe music: / }).first();
  await score.locator('.melody-note').first().waitFor({ timeout: 30_000 });
  return score;
}

/** Left x and width of every filled rectangle path in the element's bar-line group. */
function barRects(group: Locator) {
  return group.evaluate((g) =>
    [...g.querySelectorAll('rect, path')].map((r) => {
      const box = (r as SVGGraphicsElement).getBBox();
      return { x: Math.round(box.x), width: Math.round(box.width) };
    }),
  );
}

/** Saves what the test saw when MARKS_SHOTS names a folder (for looking at it, not asserting). */
async function shoot(score: Locator, name: string) {
  const dir = process.env.MARKS_SHOTS;
  if (dir) await score.screenshot({ path: join(dir, name) });
}

describe('pipe score marks', () => {
  const app = useApp();

  it.runIf(corpusPresent)('a part start is drawn heavy-thin after the clef and key', async () => {
    for (const width of [1280, 390]) {
      const page = await app.open('/render-test', { width, height: 900 });
      const score = await open(
        page,
        'Brown Haired Maiden.bww',
        readFileSync(join(corpusDir, PART_TUNE)),
      );
      const parts = score.locator('.part-start-bar');
      expect(await parts.count()).toBeGreaterThanOrEqual(1);
      // On a row start: the row's thin edge, then — past the key signature — heavy, then thin.
      const rects = await barRects(parts.first());
      expect(rects.map((r) => r.width)).toEqual([1, 3, 1]);
      const [edge, heavy, thin] = rects as [
        { x: number; width: number },
        { x: number; width: number },
        { x: number; width: number },
      ];
      expect(heavy.x).toBeGreaterThan(edge.x + 40);
      expect(thin.x).toBeGreaterThan(heavy.x + heavy.width);
      const keyRight = await score.evaluate((el) => {
        const key = el.querySelector('.vf-keysignature');
        return key
          ? (key as SVGGraphicsElement).getBBox().x + (key as SVGGraphicsElement).getBBox().width
          : 0;
      });
      expect(heavy.x).toBeGreaterThanOrEqual(Math.floor(keyRight));
      // No repeat dots in a part start.
      expect(await parts.first().locator('circle, path[d*="A"]').count()).toBe(0);
      await shoot(score, `part-start-${width}.png`);
      expectNoConsoleErrors(page, `at ${width} px`);
      await closePage(page);
    }
  });

  it.runIf(corpusPresent)(
    'a corpus tune’s words inside the music show above their bar',
    async () => {
      const page = await app.open('/render-test', { width: 1280, height: 900 });
      const score = await open(page, 'Cabar Feidh.bww', readFileSync(join(corpusDir, TEXT_TUNE)));
      const texts = await score
        .locator('.score-text')
        .evaluateAll((els) => els.map((e) => e.textContent));
      expect(texts).toEqual(['part 2', 'part 3', 'part 4']);
      await shoot(score, 'text-1280.png');
      expectNoConsoleErrors(page);
      await closePage(page);
    },
  );

  it('segno, coda, D.S., D.C. al Fine, Fine and free text show above their bars', async () => {
    for (const width of [1280, 390]) {
      const page = await app.open('/render-test', { width, height: 900 });
      const score = await open(page, 'marks.bww', Buffer.from(MARKS_TUNE));
      const text = (selector: string) =>
        score.locator(selector).evaluateAll((els) => els.map((e) => e.textContent));
      expect(await text('.score-mark-segno')).toEqual(['\uE047']);
      expect(await text('.score-mark-coda')).toEqual(['\uE048']);
      expect(await text('.score-mark-codasection')).toEqual(['\uE048']);
      expect(await text('.score-mark-words')).toEqual(['Coda']);
      expect(await text('.score-mark-dalsegno')).toEqual(['D.S.']);
      expect(await text('.score-mark-dacapoalfine')).toEqual(['D.C. al Fine']);
      expect(await text('.score-mark-fine')).toEqual(['Fine']);
      expect(await text('.score-text')).toEqual(['part 2']);
      expect(await score.locator('.part-start-bar').count()).toBe(2);
      // Above the stave: every mark sits higher than the first stave line of its row.
      const above = await score.evaluate((el) => {
        const staveTops = [...el.querySelectorAll('.vf-stave')].map(
          (s) => (s as SVGGraphicsElement).getBBox().y,
        );
        return [...el.querySelectorAll('.score-mark, .score-text')].every((m) => {
          const box = (m as SVGGraphicsElement).getBBox();
          const row = staveTops.filter((t) => t >= box.y + box.height - 1).sort((a, b) => a - b)[0];
          return row !== undefined && row - (box.y + box.height) < 40;
        });
      });
      expect(above).toBe(true);
      // The segno sign is drawn in the music font, not as an empty box: it has ink height.
      const segnoHeight = await score
        .locator('.score-mark-segno')
        .evaluate((g) => (g as SVGGraphicsElement).getBBox().height);
      expect(segnoHeight).toBeGreaterThan(10);
      await shoot(score, `marks-${width}.png`);
      expectNoConsoleErrors(page, `at ${width} px`);
      await closePage(page);
    }
  });
});
