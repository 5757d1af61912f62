// Dev (issue 20 item 1): crops one recognised bar of a bench page (seed, tune name, dpi) to
// /tmp/omr-crop.png, enlarged, to look at what the reader saw; without a bar index, lists the
// read bars with their symbols. OMR_CONDITION=photocopy|phone crops the bench's degraded page.
//   node --import tsx scripts/omr/cropBar.mts SEED NAME DPI [BAR] [SCALE]
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../../e2e/fixtures/server.ts';
import { readCorpus } from '../../src/music/bww/testing/readCorpus.ts';
import { recognisePage } from '../../src/music/omr/recognisePage.ts';
import { barSymbolsOf } from '../../bench/omr/omrSymbols.ts';
import { renderPages } from '../../bench/omr/renderPages.ts';
import { libraryTitles, selectTunes } from '../../bench/omr/selectTunes.ts';
import type { Condition } from '../../bench/omr/degradePage.ts';
import { benchPage } from '../../bench/omr/benchPage.ts';
import { loadPage } from './loadPage.ts';

const [seed, name, dpiArg, barArg, scaleArg] = process.argv.slice(2);
const dpi = Number(dpiArg);
const selection = selectTunes(readCorpus(), libraryTitles(join(repoRoot, 'src/music/library')), {
  count: 30,
  seed: Number(seed),
  maxLines: 10,
});
const tune = selection.tunes.find((t) => t.key.includes(name!))!;
const cacheDir = process.env.OMR_BENCH_CACHE ?? join(tmpdir(), 'chanterlab-omr-bench');
const pngs = await renderPages([{ key: tune.key, bww: tune.bww }], [dpi], cacheDir, () =>
  join(repoRoot, process.env.STATIC_DIR ?? 'dist'),
);
const path = pngs.get(`${tune.key}@${dpi}`)!;
console.log(path);
const condition = (process.env.OMR_CONDITION ?? 'clean') as Condition;
const { bytes } = await benchPage(path, tune.key, condition, dpi);
const loaded = await loadPage(new Uint8Array(bytes));
const result = recognisePage(loaded.data!.image);
if (!result.ok) throw new Error(result.error);
if (barArg === undefined) {
  const syms = barSymbolsOf(result.tune);
  result.bars.forEach((b, i) =>
    console.log(i, `p${b.part} l${b.line} b${b.bar}`, JSON.stringify(b.region), syms[i]?.join(' ')),
  );
} else {
  const b = result.bars[Number(barArg)]!;
  const m = 20;
  const left = Math.max(0, Math.round(b.region.x - m));
  const top = Math.max(0, Math.round(b.region.y - m));
  const width = Math.round(b.region.width + 2 * m);
  const height = Math.round(b.region.height + 2 * m);
  const scale = Number(scaleArg ?? 3);
  await sharp(bytes)
    .extract({ left, top, width, height })
    .resize({ width: width * scale, kernel: 'nearest' })
    .toFile('/tmp/omr-crop.png');
  console.log('crop', { left, top, width, height });
}
