/**
 * `npm run notation:metrics` (issue 22 item 6): writes src/web/ui/notation/testing/glyphMetrics.json,
 * the glyph and text sizes the layout tests use to format pipe scores with VexFlow in jsdom.
 *
 * 1. Lays out every corpus tune (../shared/corpus/bww) and library tune at several widths in
 *    jsdom with an empty table, collecting each font + text VexFlow asks to measure.
 * 2. Measures each of them in Chromium with the music font we serve (Gonville, from VexFlow's
 *    own font module, as src/web/lib/vexflow.ts loads it) and writes the table, sorted.
 *
 * Run it again when VexFlow, the music font or the drawing code changes what is measured (the
 * layout tests fail naming the missing glyphs).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { launchBrowser } from '../e2e/fixtures/browser.ts';
import { repoRoot } from '../e2e/fixtures/server.ts';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { readCorpus } from '../src/music/bww/testing/readCorpus.ts';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
const g = globalThis as Record<string, unknown>;
g.window = dom.window;
g.document = dom.window.document;
g.HTMLElement = dom.window.HTMLElement;
g.SVGElement = dom.window.SVGElement;

const { jsdomVexFlow } = await import('../src/web/ui/notation/testing/jsdomVexFlow.ts');
const { drawScore } = await import('../src/web/ui/notation/drawScore.ts');
const { layoutTune } = await import('../src/web/ui/notation/scoreLayout.ts');
const { fontBytesFromModule, MUSIC_FONT } = await import('../src/web/lib/vexflow.ts');

const libraryDir = join(repoRoot, 'src/music/library');
const files = [
  ...readCorpus().map((f) => f.bytes),
  ...readdirSync(libraryDir)
    .filter((n) => n.endsWith('.bww'))
    .map((n) => new Uint8Array(readFileSync(join(libraryDir, n)))),
];
const { vf, canvas } = jsdomVexFlow({});
for (const bytes of files) {
  for (const tune of parseBww(bytes).tunes) {
    const lines = layoutTune(tune);
    drawScore(vf, document.createElement('div'), 700, lines);
  }
}
const keys = [...canvas.misses].sort();
console.log(`${files.length} files: ${keys.length} distinct font + text pairs to measure`);

const fontSource = readFileSync(
  join(repoRoot, 'node_modules/vexflow/build/esm/src/fonts/gonville.js'),
  'utf8',
);
const fontBase64 = Buffer.from(fontBytesFromModule(fontSource)).toString('base64');
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  // A string, not a function: tsx's name-keeping helper does not exist inside the page.
  const measured = (await page.evaluate(`(async () => {
    const keys = ${JSON.stringify(keys)};
    const bytes = Uint8Array.from(atob('${fontBase64}'), (c) => c.charCodeAt(0));
    const face = new FontFace('${MUSIC_FONT}', bytes);
    document.fonts.add(face);
    await face.load();
    const ctx = document.createElement('canvas').getContext('2d');
    const round = (n) => Math.round(n * 1000) / 1000;
    return keys.map((key) => {
      const [font, text] = key.split('\\u0000');
      ctx.font = font;
      const m = ctx.measureText(text);
      return [key, [round(m.width), round(m.actualBoundingBoxAscent), round(m.actualBoundingBoxDescent)]];
    });
  })()`)) as [string, [number, number, number]][];
  const out = join(repoRoot, 'src/web/ui/notation/testing/glyphMetrics.json');
  // One entry a line (as Prettier formats it), so a change to the table reads well in a diff.
  const body = measured.map(([k, m]) => `  ${JSON.stringify(k)}: [${m.join(', ')}]`);
  writeFileSync(out, `{\n${body.join(',\n')}\n}\n`);
  console.log(`wrote ${measured.length} entries to ${out}`);
} finally {
  await browser.close();
}
