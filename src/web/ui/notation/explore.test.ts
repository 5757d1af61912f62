import { it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { readCorpus } from '../../../music/bww/testing/readCorpus.ts';
import { paintScore, planScore } from './drawScore.ts';
import { nullContext } from './testing/nullContext.ts';
import { layoutTune } from './scoreLayout.ts';
import { jsdomVexFlow } from './testing/jsdomVexFlow.ts';
import { graceClearances } from './testing/graceClearance.ts';

it('explore', { timeout: 600_000 }, () => {
  const { vf, canvas } = jsdomVexFlow();
  const width = Number(process.env.W ?? 740);
  let n = 0, bad = 0, badStart = 0, tunes = 0, rows = 0, bars = 0;
  const worst: string[] = [];
  const t0 = performance.now();
  for (const f of readCorpus().slice(0, Number(process.env.N ?? 400)).filter((f) => !process.env.F || f.name.includes(process.env.F))) {
    parseBww(f.bytes).tunes.forEach((t, ti) => {
      tunes++;
      const plan = planScore(vf, width, layoutTune(t)); paintScore(vf, nullContext(), plan); const r = { plan, rows: plan.rows.length };
      rows += r.rows; bars += r.plan.rows.flat().length;
      for (const c of graceClearances(r.plan)) {
        n++;
        if (c.gap < 1) { if (c.afterBarStart) badStart++; else bad++; if (worst.length < 8) worst.push(`${f.name}#${ti} row ${c.row} bar ${c.bar} note ${c.note} gap ${c.gap.toFixed(1)}`); }
      }
    });
  }
  console.log({ tunes, rows, bars, barsPerRow: bars / rows, n, bad, badStart, ms: performance.now() - t0, misses: canvas.misses.size });
  console.log(worst.join('\n'));
});
