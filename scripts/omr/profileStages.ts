/**
 * Dev tool (issue 20, seconds per page): where a page's time goes, stage by stage — load,
 * binarise (with removeBackground), levelPage (deskew, traceStaves, rectifyPage), staff-line
 * removal, reading the staves — on the bench's pages of any seed and condition. Never tune on
 * the bench's own seed (20).
 *
 *   node --import tsx scripts/omr/profileStages.ts [--seed 7] [--tunes 8] [--dpi 300] [--conditions phone]
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../e2e/fixtures/server.ts';
import { readCorpus } from '../../src/music/bww/testing/readCorpus.ts';
import { scorePage } from '../../bench/omr/omrSymbols.ts';
import { recognisePage } from '../../src/music/omr/recognisePage.ts';
import { binarise } from '../../src/music/omr/binarise.ts';
import { levelPage } from '../../src/music/omr/levelPage.ts';
import { readStaff } from '../../src/music/omr/readStaff.ts';
import { removeStaffLines } from '../../src/music/omr/removeStaffLines.ts';
import { degradePage, type Condition } from '../../bench/omr/degradePage.ts';
import { renderPages } from '../../bench/omr/renderPages.ts';
import { libraryTitles, selectTunes } from '../../bench/omr/selectTunes.ts';
import { loadPage } from './loadPage.ts';

const { values: args } = parseArgs({
  options: {
    tunes: { type: 'string', default: '8' },
    dpi: { type: 'string', default: '300' },
    seed: { type: 'string', default: '7' },
    conditions: { type: 'string', default: 'phone' },
    score: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const dpis = args.dpi.split(',').map(Number);
const selection = selectTunes(readCorpus(), libraryTitles(join(repoRoot, 'src/music/library')), {
  count: Number(args.tunes),
  seed: Number(args.seed),
  maxLines: 10,
});
const cacheDir = process.env.OMR_BENCH_CACHE ?? join(tmpdir(), 'chanterlab-omr-bench');
const pngs = await renderPages(selection.tunes, dpis, cacheDir, () => join(repoRoot, 'dist'));
const totals: Record<string, number> = {};
const time = <T>(stage: string, f: () => T): T => {
  const t0 = performance.now();
  const out = f();
  totals[stage] = (totals[stage] ?? 0) + (performance.now() - t0) / 1000;
  return out;
};
let errors = 0;
let symbols = 0;
for (const dpi of dpis) {
  for (const condition of args.conditions.split(',') as Condition[]) {
    for (const tune of selection.tunes) {
      if (args.only && !tune.key.includes(args.only)) continue;
      const path = pngs.get(`${tune.key}@${dpi}`);
      if (!path || !existsSync(path)) continue;
      const page = await degradePage(
        readFileSync(path),
        condition,
        dpi,
        tune.key.length * 31 + dpi,
      );
      const t0 = performance.now();
      const image = (await loadPage(new Uint8Array(page.bytes))).data!.image;
      totals.load = (totals.load ?? 0) + (performance.now() - t0) / 1000;
      const ink = time('binarise', () => binarise(image));
      const levelled = time('levelPage', () => levelPage(ink));
      const clean = time('removeStaffLines', () =>
        removeStaffLines(levelled.page, levelled.staves),
      );
      time('readStaff', () =>
        levelled.staves.forEach((st) =>
          readStaff(clean, st, st.lines[0] - 6 * st.space, st.lines[4] + 6 * st.space),
        ),
      );
      const all = (performance.now() - t0) / 1000;
      let ser = '';
      if (args.score) {
        const result = recognisePage(image);
        const score = scorePage(tune.truth, result.ok ? result.tune : null);
        errors += score.symbolErrorRate * score.symbols;
        symbols += score.symbols;
        ser = ` SER ${(100 * score.symbolErrorRate).toFixed(2)} %`;
      }
      console.log(
        `${tune.key.slice(0, 30).padEnd(30)} ${dpi} ${condition} ${image.width}×${image.height} ${all.toFixed(2)} s${ser}`,
      );
    }
  }
}
if (args.score) console.log(`SER ${((100 * errors) / symbols).toFixed(2)} % of ${symbols} symbols`);
console.log(
  Object.entries(totals)
    .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
    .join(', '),
);
