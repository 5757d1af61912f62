/**
 * Dev tool for the recogniser (issue 20 item 1): recognises the PNG pages made by
 * renderLibraryPages.ts and compares them with their library BWW source — symbol error rate
 * (edit distance over notes-with-duration, grace notes, bar lines and time signatures ÷ true
 * length), bars exactly right, grace-note recall, seconds per page. Library tunes only.
 *
 *   node --import tsx scripts/omr/measure.ts PAGES_DIR [-v]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { parseBww } from '../../src/music/bww/parseBww.ts';
import { writeBww } from '../../src/music/bww/writeBww.ts';
import { recognisePage } from '../../src/music/omr/recognisePage.ts';
import { addNoise, blurPage, rotatePage } from '../../src/music/omr/testing/drawPage.ts';
import type { Pitch } from '../../src/music/notes.ts';
import { graceNotes } from '../../src/music/tune/embellishments.ts';
import type { Tune } from '../../src/music/tune/tune.ts';

const [dir, flag] = process.argv.slice(2).filter((a) => a !== '--degrade');
const degrade = process.argv.includes('--degrade');
if (!dir) throw new Error('usage: measure.ts PAGES_DIR [-v] [--degrade]');
const verbose = flag === '-v' || flag === '-vv';

function symbolsByBar(tune: Tune): string[][] {
  const bars: string[][] = [];
  let prev: Pitch | null = null;
  const first = tune.parts[0]?.lines[0]?.time;
  if (first) bars.push([`T${first.beats}/${first.beatType}`]);
  for (const part of tune.parts) {
    for (const line of part.lines) {
      for (const bar of line.bars) {
        const out: string[] = [];
        for (const item of bar.items) {
          if (item.kind === 'rest') out.push(`R${item.duration}${'.'.repeat(item.dots)}`);
          if (item.kind !== 'note') continue;
          for (const e of item.embellishments) {
            for (const g of graceNotes(e, { prev, note: item.pitch })) out.push(`g${g}`);
          }
          out.push(`${item.pitch}${item.duration}${'.'.repeat(item.dots)}`);
          prev = item.pitch;
        }
        out.push(bar.close === 'part' || bar.close === 'repeat' ? '‖' : '|');
        bars.push(out);
      }
    }
  }
  return bars;
}

function editDistance(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length]!;
}

const rows: string[] = [];
const totals = new Map<
  number,
  {
    err: number;
    len: number;
    bars: number;
    barsRight: number;
    graces: number;
    gracesFound: number;
    secs: number;
    pages: number;
  }
>();
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.png'))
  .sort()) {
  const m = /^(.*)-(\d+)\.png$/.exec(file);
  if (!m) continue;
  const [, name, dpi] = m;
  const truth = parseBww(readFileSync(join('src/music/library', `${name}.bww`))).tunes[0]!;
  const { data, info } = await sharp(join(dir, file))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const clean = {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
  // Photocopy-like: a 1° skew, a soft edge and specks (the unit tests' own degradations).
  const mode = process.env.DEGRADE ?? 'all';
  const image = !degrade
    ? clean
    : mode === 'rotate'
      ? rotatePage(clean, 1)
      : mode === 'noise'
        ? addNoise(clean, 0.002, 3)
        : mode === 'blur'
          ? blurPage(clean)
          : addNoise(blurPage(rotatePage(clean, 1)), 0.002, 3);
  const t0 = performance.now();
  const result = recognisePage(image);
  const secs = (performance.now() - t0) / 1000;
  const want = symbolsByBar(truth);
  const got = result.ok ? symbolsByBar(result.tune) : [];
  const flatWant = want.flat();
  const flatGot = got.flat();
  const err = editDistance(flatWant, flatGot);
  let barsRight = 0;
  for (let i = 0; i < want.length; i++) if (got[i]?.join(' ') === want[i]!.join(' ')) barsRight++;
  const gw = flatWant.filter((s) => s.startsWith('g'));
  const gg = flatGot.filter((s) => s.startsWith('g'));
  const graceFound =
    gw.length - editDistance(gw, gg) > 0 ? Math.max(0, gw.length - editDistance(gw, gg)) : 0;
  const t = totals.get(Number(dpi)) ?? {
    err: 0,
    len: 0,
    bars: 0,
    barsRight: 0,
    graces: 0,
    gracesFound: 0,
    secs: 0,
    pages: 0,
  };
  t.err += err;
  t.len += flatWant.length;
  t.bars += want.length;
  t.barsRight += barsRight;
  t.graces += gw.length;
  t.gracesFound += graceFound;
  t.secs += secs;
  t.pages++;
  totals.set(Number(dpi), t);
  const bwwWarnings = result.ok ? parseBww(writeBww([result.tune])).warnings.length : 0;
  rows.push(
    `${file.padEnd(34)} bww warnings ${bwwWarnings} SER ${((100 * err) / flatWant.length).toFixed(1).padStart(5)}%  bars ${barsRight}/${want.length}  ${secs.toFixed(2)} s${result.ok ? '' : ' ' + result.error}`,
  );
  if (verbose) {
    for (let i = 0; i < Math.max(want.length, got.length); i++) {
      const a = want[i]?.join(' ') ?? '';
      const b = got[i]?.join(' ') ?? '';
      if (a !== b) console.log(`  bar ${i}: want ${a}\n         got  ${b}`);
    }
    if (result.ok) console.log(result.warnings.slice(0, 5).join('\n'));
    if (result.ok && String(flag) === '-vv') console.log(writeBww([result.tune]));
  }
}
console.log(rows.join('\n'));
for (const [dpi, t] of [...totals].sort((a, b) => a[0] - b[0])) {
  console.log(
    `${dpi} dpi: SER ${((100 * t.err) / t.len).toFixed(2)}%  bars right ${((100 * t.barsRight) / t.bars).toFixed(1)}%  grace recall ${((100 * t.gracesFound) / t.graces).toFixed(1)}%  ${(t.secs / t.pages).toFixed(2)} s/page`,
  );
}
