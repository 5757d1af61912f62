/**
 * Music Recognition in a real browser (issue 20 'Done when': 'drop a rendered page of a
 * library tune on /omr, see it recognised, correct one deliberately damaged note, play it, and
 * save it'). The page is drawn by the app's own renderer (/render-test) at about 200 dpi, one
 * note is drawn a staff space too high, and the PNG is dropped on the screen.
 *
 * The second test: pages with no music say so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { notes as chanterNotes } from '../src/music/notes.ts';
import { omrMessages } from '../src/music/omr/omrTypes.ts';
import { barsOf, notesOf } from '../src/music/tune/tune.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { closePage } from './fixtures/browser.ts';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { magicLinkSignIn } from './fixtures/magicLinkSignIn.ts';
import { dropFile, renderPage } from './fixtures/omrPages.ts';
import { repoRoot } from './fixtures/server.ts';

const ADMIN_TOKEN = 'e2e-omr-admin-token-0123456789abcdef';
/** A project-owned library tune (src/music/library, MIT): fine to render and read in tests. */
const TUNE_FILE = join(repoRoot, 'src/music/library/bonnie-dundee.bww');

/** A one-page PDF with a single line on it, written by hand (no music on it). */
function blankPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
  ];
  const stream = '2 w 72 700 m 523 700 l S';
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('Music Recognition (issue 20 item 2)', () => {
  const app = useApp({ server: { env: { ADMIN_TOKEN } } });

  it('issue 20.1 issue 20.2: a dropped page of a library tune is read with its title, a damaged note corrected, played and saved to the library', async () => {
    const source = readFileSync(TUNE_FILE);
    const tune = parseBww(source).tunes[0]!;
    const melody = notesOf(tune);
    // The damaged note: the page shows the fourth note a staff space too high (Low A drawn
    // as C), as a smudge or a misprint would; the piper puts it right.
    const damagedSource = Buffer.from(
      source.toString('latin1').replace(' LAl_8 ', ' Cl_8 '),
      'latin1',
    );
    const damaged = notesOf(parseBww(damagedSource).tunes[0]!).findIndex(
      (n, i) => n.pitch !== melody[i]!.pitch,
    );
    expect(damaged).toBe(3);

    const drawn = await renderPage(app.browser, app.server.url, damagedSource, 200);
    const png = drawn.png;
    await drawn.close();

    const page = await app.open();
    // Everything the reader and the title reader load comes from the app (no CDN: issue 20).
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!/^(blob|data):/.test(r.url()) && new URL(r.url()).origin !== app.server.url)
        elsewhere.push(r.url());
    });
    await magicLinkSignIn(page, app.server.url, ADMIN_TOKEN, 'omr-piper@example.com', '/omr');
    await page.getByRole('heading', { level: 1, name: 'Music Recognition' }).waitFor();
    await dropFile(
      page,
      page.getByRole('region', { name: 'Open a page of music' }),
      'bonnie-dundee.png',
      'image/png',
      png,
    );

    // Needs the recogniser (omr-core) from here on: the tune is read beside the page.
    const score = page.locator('.omr-score svg');
    await score.locator('[data-note-index]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('img', { name: /page you opened/ }).isVisible()).toBe(true);
    expect(await score.locator('[data-note-index]').count()).toBe(melody.length);

    // The title printed above the music is read on the device (Tesseract, served by the app).
    await page
      .getByRole('status')
      .getByText('Title: “Bonnie Dundee”.', { exact: false })
      .waitFor({ timeout: 30_000 });

    // Tap the damaged note on the score; the editor opens on it with the bar zoomed.
    await score.locator(`[data-note-index="${damaged}"] .vf-notehead`).first().click();
    const editor = page.locator('.omr-editor');
    await editor.getByRole('img', { name: /enlarged/ }).waitFor();
    // The page, the bars, the editor and the marks: labelled and axe clean.
    expect(await axeViolations(page)).toEqual([]);
    const original = chanterNotes.find((n) => n.pitch === melody[damaged]!.pitch)!.name;
    await editor.getByLabel('Pitch', { exact: true }).selectOption({ label: original });

    // The corrected tune is the source tune, note for note.
    const [bww] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download BWW' }).click(),
    ]);
    const read = parseBww(readFileSync((await bww.path())!)).tunes[0]!;
    expect(notesOf(read).map((n) => `${n.pitch}${n.duration}`)).toEqual(
      melody.map((n) => `${n.pitch}${n.duration}`),
    );
    // Its first- and second-time endings too, over the same bars.
    const endings = (t: typeof tune) =>
      barsOf(t).flatMap((b, i) =>
        b.items.flatMap((item) =>
          item.kind === 'timeline'
            ? [`${i}:${item.label}`]
            : item.kind === 'timeline-end'
              ? [`${i}:end`]
              : [],
        ),
      );
    expect(endings(read)).toEqual(endings(tune));
    expect(endings(tune)).toHaveLength(8);

    // Play: the cursor moves through the score with the audio clock (as on /sheet-music).
    await page
      .getByRole('group', { name: 'Playback' })
      .getByRole('button', { name: 'Play' })
      .click();
    await score.locator('.is-active').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop' }).click();

    // Save: private, under the title read from the page or one the piper gives, and the
    // licence the piper declares.
    const save = page.getByRole('region', { name: 'Save to my library' });
    expect(await save.getByLabel('Title').inputValue()).toBe('Bonnie Dundee');
    await save.getByLabel('Title').fill('Bonnie Dundee (read from a page)');
    await save.getByLabel('Tune type').selectOption('6/8 march');
    await save.getByLabel('Licence').selectOption('public-domain');
    await save.getByRole('button', { name: 'Save to my library' }).click();
    const saved = save.getByRole('link', {
      name: /Open “Bonnie Dundee \(read from a page\)”/,
    });
    const tunePage = (await saved.getAttribute('href'))!;

    // Open in Play-along: the corrected tune, not the library's first, is the one to play.
    await page.getByRole('link', { name: 'Open in Play-along' }).click();
    await page.getByRole('heading', { level: 1, name: 'Play Along' }).waitFor();
    await expect
      .poll(() => page.locator('.pipe-score [data-note-index]').count(), { timeout: 15_000 })
      .toBe(melody.length);

    // And the saved tune is in the library.
    await page.goto(app.url(tunePage));
    await page
      .getByRole('heading', { level: 2, name: 'Bonnie Dundee (read from a page)' })
      .waitFor({ timeout: 15_000 });
    expectNoConsoleErrors(page);
    expect(elsewhere).toEqual([]);
    await closePage(page);
  });

  it(`issue 20.2: a page with no music says '${omrMessages.noStaves}', never an empty tune; PDFs are drawn from our own origin`, async () => {
    const page = await app.open('/omr');
    await page.getByRole('heading', { level: 1, name: 'Music Recognition' }).waitFor();
    const blank = await sharp({
      create: { width: 1654, height: 2339, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    await dropFile(
      page,
      page.getByRole('region', { name: 'Open a page of music' }),
      'blank.png',
      'image/png',
      blank,
    );
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe(omrMessages.noStaves);
    expect(await page.locator('.omr-score').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Download BWW' }).count()).toBe(0);

    // A PDF page is drawn by pdf.js (its workers served by us, no CDN) and read the same way;
    // the drawing happens in pdf.js's renderer worker, off the page's thread (omr-ux).
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    await page.getByLabel('Open a picture or PDF').setInputFiles({
      name: 'blank.pdf',
      mimeType: 'application/pdf',
      buffer: blankPdf(),
    });
    await expect
      .poll(() => page.getByRole('img', { name: /page you opened \(blank\.pdf\)/ }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe(omrMessages.noStaves);
    expect(
      workers.some((w) => /^\/assets\/pdf\.renderer\.min-[\w-]+\.mjs$/.test(w)),
      workers.join(),
    ).toBe(true);

    // A picture too small to hold staves says how big one should be.
    const tiny = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Open a picture or PDF')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny });
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/too small to read/);
    expectNoConsoleErrors(page);
    await closePage(page);
  });
});
