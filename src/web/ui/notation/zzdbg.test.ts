import { readFileSync, readdirSync } from 'node:fs';
import { it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { planScore, paintScore } from './drawScore.ts';
import { layoutTune } from './scoreLayout.ts';
import { jsdomVexFlow } from './testing/jsdomVexFlow.ts';
import { nullContext } from './testing/nullContext.ts';
const { vf } = jsdomVexFlow();
it('dbg', () => {
  for (const f of readdirSync('src/music/library').filter((f) => f.endsWith('.bww'))) {
    for (const width of [782, 333, 762]) {
      const lines = layoutTune(parseBww(readFileSync('src/music/library/' + f)).tunes[0]!).filter((l) => l.bars.some((b) => b.notes.length > 0));
      const plan = planScore(vf, width, lines);
      paintScore(vf, nullContext(), plan);
      for (const row of plan.rows) for (const bar of row) {
        if (!bar.notes.length) continue;
        const last = bar.notes[bar.notes.length - 1]!;
        const over = last.getAbsoluteX() + last.getGlyphWidth() - (bar.stave.getX() + bar.stave.getWidth());
        if (over > 0) console.log(f, width, 'row', bar.row, 'over', over.toFixed(1), bar.bar.close, JSON.stringify(bar.bar.ending ?? null));
      }
    }
  }
});
