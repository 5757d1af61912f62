// Dev: writes the unit test's constructed page to a PNG to look at it.
import sharp from 'sharp';
import { tunePage } from '../../src/music/omr/testing/tunePage.ts';
const page = tunePage(Number(process.argv[2] ?? 16));
await sharp(Buffer.from(page.data), {
  raw: { width: page.width, height: page.height, channels: 1 },
})
  .png()
  .toFile('/tmp/omr-test-page.png');
