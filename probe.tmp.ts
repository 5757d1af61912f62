import { readFileSync, writeFileSync } from 'node:fs';
import { renderPages } from './bench/omr/renderPages.ts';
import { degradePage } from './bench/omr/degradePage.ts';
const bww = readFileSync('src/music/library/scotland-the-brave.bww', 'latin1');
const t = performance.now();
const paths = await renderPages([{ key: 'stb', bww }], [150], '/tmp/omr-io-cache', () => '/work/wt-omr-io/dist');
console.log(paths, performance.now() - t);
const png = readFileSync(paths.get('stb@150')!);
for (const c of ['photocopy', 'phone'] as const) {
  const t2 = performance.now();
  const d = await degradePage(png, c, 150, 7);
  console.log(c, performance.now() - t2);
  writeFileSync(`/tmp/omr-io-${c}.${d.format === 'png' ? 'png' : 'jpg'}`, d.bytes);
}
