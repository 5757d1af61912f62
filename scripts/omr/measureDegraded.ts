/**
 * Dev tool for degraded pages (issue 20 'Measured', photocopy and phone conditions): degrades
 * the library pages made by renderLibraryPages.ts with the bench's own degradePage (any seed),
 * recognises them and prints, per page, the symbol error rate and what the early stages saw —
 * staves found on the degraded page against the clean one, the skew — so the stage that fails
 * shows. Library tunes only (never the bench's corpus tunes).
 *
 *   node --import tsx scripts/omr/measureDegraded.ts PAGES_DIR [--conditions photocopy,phone]
 *        [--seed 7] [--dpi 150,200,300] [--save DIR] [-v] [tune …]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { degradePage, type Condition } from '../../bench/omr/degradePage.ts';
import { barSymbolsOf, scorePage } from '../../bench/omr/omrSymbols.ts';
import { parseBww } from '../../src/music/bww/parseBww.ts';
import { binarise } from '../../src/music/omr/binarise.ts';
import { deskew } from '../../src/music/omr/deskew.ts';
import { findStaves } from '../../src/music/omr/findStaves.ts';
import { recognisePage } from '../../src/music/omr/recognisePage.ts';
import { loadPage } from './loadPage.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    conditions: { type: 'string', default: 'photocopy,phone' },
    seed: { type: 'string', default: '7' },
    dpi: { type: 'string', default: '150,200,300' },
    save: { type: 'string' },
    v: { type: 'boolean', default: false },
  },
});
const [dir, ...only] = positionals;
if (!dir) throw new Error('usage: measureDegraded.ts PAGES_DIR [options] [tune …]');
const conditions = args.conditions.split(',') as Condition[];
const dpis = args.dpi.split(',').map(Number);
const seed = Number(args.seed);
if (args.save) mkdirSync(args.save, { recursive: true });

const totals = new Map<string, { err: number; len: number; secs: number; pages: number }>();
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.png'))
  .sort()) {
  const m = /^(.*)-(\d+)\.png$/.exec(file);
  if (!m) continue;
  const [, name = '', dpiText] = m;
  const dpi = Number(dpiText);
  if (!dpis.includes(dpi) || (only.length > 0 && !only.includes(name))) continue;
  const truth = parseBww(readFileSync(join('src/music/library', `${name}.bww`))).tunes[0]!;
  const png = readFileSync(join(dir, file));
  const cleanPage = (await loadPage(new Uint8Array(png))).data!.image;
  const cleanStaves = findStaves(deskew(binarise(cleanPage)).image).length;
  for (const condition of conditions) {
    const page = await degradePage(png, condition, dpi, seed * 7919 + dpi + name.length);
    if (args.save)
      writeFileSync(
        join(args.save, `${name}-${dpi}-${condition}.${page.format === 'png' ? 'png' : 'jpg'}`),
        page.bytes,
      );
    const image = (await loadPage(new Uint8Array(page.bytes))).data!.image;
    const t0 = performance.now();
    const result = recognisePage(image);
    const secs = (performance.now() - t0) / 1000;
    const d = deskew(binarise(image));
    const staves = findStaves(d.image).length;
    const score = scorePage(truth, result.ok ? result.tune : null);
    const key = `${dpi} ${condition}`;
    const t = totals.get(key) ?? { err: 0, len: 0, secs: 0, pages: 0 };
    t.err += score.symbolErrorRate * score.symbols;
    t.len += score.symbols;
    t.secs += secs;
    t.pages++;
    totals.set(key, t);
    console.log(
      `${name.padEnd(24)} ${String(dpi).padStart(3)} ${condition.padEnd(9)} SER ${(100 * score.symbolErrorRate).toFixed(1).padStart(5)}%  staves ${staves}/${cleanStaves}  skew ${((Math.atan(d.slope) * 180) / Math.PI).toFixed(2)}°  ${secs.toFixed(2)} s${result.ok ? '' : ' ' + result.error}`,
    );
    if (args.v && result.ok) {
      const want = barSymbolsOf(truth);
      const got = barSymbolsOf(result.tune);
      for (let i = 0; i < Math.max(want.length, got.length); i++) {
        const a = want[i]?.join(' ') ?? '';
        const b = got[i]?.join(' ') ?? '';
        if (a !== b) console.log(`  bar ${i}: want ${a}\n         got  ${b}`);
      }
    }
  }
}
for (const [key, t] of [...totals].sort()) {
  console.log(
    `${key}: SER ${((100 * t.err) / t.len).toFixed(2)}%  ${(t.secs / t.pages).toFixed(2)} s/page (${t.pages} pages)`,
  );
}
