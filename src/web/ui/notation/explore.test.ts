import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { drawScore } from './drawScore.ts';
import { layoutTune } from './scoreLayout.ts';
import { jsdomVexFlow } from './testing/jsdomVexFlow.ts';

it('explore', () => {
  const { vf, canvas } = jsdomVexFlow();
  const f = '/work/shared/corpus/bww/pipeband-music/4-4_marches/9 set 7 51st Highland Div-Scotland the Brave.bww';
  const { tunes } = parseBww(new Uint8Array(readFileSync(f)));
  const t0 = performance.now();
  const host = document.createElement('div');
  const r = drawScore(vf, host, 740, layoutTune(tunes[0]!));
  console.log(r.rows, performance.now() - t0, canvas.misses.size, [...canvas.misses].slice(0, 5));
});
