#!/usr/bin/env node
// Generates the installable app's icons (issue 18 item 1) from the site's one logo,
// public/favicon.svg, into public/icons/: the 192 and 512 px PNGs Chromium's install check and
// Android want, a 512 px "maskable" icon whose logo sits inside the safe zone (the inner 80%
// circle, https://web.dev/articles/maskable-icon) on the logo's navy, and the 180 px
// apple-touch-icon iOS uses for "Add to Home Screen". Run after changing the logo:
//   node scripts/generate-app-icons.mjs
// The PNGs are committed, so the build needs no image tools.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url));
const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });

/** The logo's background (favicon.svg's rect, app.css --c-primary). */
const NAVY = '#14325c';

async function plain(size, name) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);
}

/** The logo at 70% of the side, centred on navy: inside the maskable safe zone. */
async function maskable(size, name) {
  const inner = Math.round(size * 0.7);
  const drawn = await sharp(logo, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: NAVY } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'maskable-512.png');
// iOS draws its own rounded corners and shows transparency as black: the maskable design.
await maskable(180, 'apple-touch-icon.png');
console.log('app icons written to public/icons/');
