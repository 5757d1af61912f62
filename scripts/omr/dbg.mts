// Dev (issue 20 item 1): prints what readStaff found on one staff of a page and an ASCII view of
// the cleaned ink (# = ink after staff-line removal, - = removed staff line).
//   node --import tsx scripts/omr/dbg.mts PAGE.png STAFF X0 X1
import sharp from 'sharp';
import { binarise } from '../../src/music/omr/binarise.ts';
import { deskew } from '../../src/music/omr/deskew.ts';
import { findStaves } from '../../src/music/omr/findStaves.ts';
import { removeStaffLines } from '../../src/music/omr/removeStaffLines.ts';
import { readStaff } from '../../src/music/omr/readStaff.ts';
const [file, si, xa, xb] = process.argv.slice(2);
const { data, info } = await sharp(file).grayscale().raw().toBuffer({ resolveWithObject: true });
const img = { width: info.width, height: info.height, data: new Uint8Array(data) };
const d = deskew(binarise(img));
const staves = findStaves(d.image);
console.log('slope', d.slope, 'staves', staves.length, staves[0]);
const clean = removeStaffLines(d.image, staves);
const st = staves[Number(si)]!;
const r = readStaff(clean, st, st.lines[0] - st.space * 6, st.lines[4] + st.space * 5);
console.log('musicLeft', r.musicLeft);
for (const n of r.notes.filter((n) => n.stem.x0 >= Number(xa) && n.stem.x0 <= Number(xb)))
  console.log(
    n.grace ? 'grace' : 'melody',
    n.pitch,
    n.step.toFixed(2),
    JSON.stringify(n.stem),
    'beams',
    n.beams,
    'dots',
    n.dots,
  );
for (const b of r.barLines) console.log('bar', b);
const y0 = Math.round(st.lines[0] - st.space * 5),
  y1 = Math.round(st.lines[4] + st.space * 3);
for (let y = y0; y <= y1; y++) {
  let row = '';
  for (let x = Number(xa); x <= Number(xb); x++)
    row += clean.data[y * clean.width + x] ? '#' : d.image.data[y * clean.width + x] ? '-' : '.';
  console.log(String(y).padStart(4), row);
}
