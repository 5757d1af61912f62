#!/usr/bin/env node
// Generates the share image of every screen (spec §2.1 'share image') into public/og/{screen}.png,
// 1200×630 as Open Graph and Twitter expect. Run after changing a title or description:
//   node --import tsx scripts/generate-share-images.mjs
// Uses Debian's Chromium through the e2e launcher (same flags); the images are committed, so neither the
// build nor the server needs a browser.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../e2e/fixtures/browser.ts';
import { routes } from '../src/contracts/routes.ts';
import { seoOf } from '../src/contracts/routeSeo.ts';

const out = new URL('../public/og/', import.meta.url);
mkdirSync(out, { recursive: true });

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function card(meta) {
  return `<!doctype html><html><head><style>
  body{margin:0;width:1200px;height:630px;font-family:'DejaVu Sans',system-ui,sans-serif;overflow:hidden;
    background:#14325c;color:#fff;position:relative}
  .tartan{position:absolute;inset:0;opacity:.22;background:
    repeating-linear-gradient(90deg,transparent 0 70px,#9b1c2c 70px 100px,transparent 100px 130px,#1f7a4d 130px 140px,transparent 140px 200px),
    repeating-linear-gradient(0deg,transparent 0 70px,#9b1c2c 70px 100px,transparent 100px 130px,#1f7a4d 130px 140px,transparent 140px 200px)}
  .panel{position:absolute;left:70px;top:80px;right:330px;bottom:80px;display:flex;flex-direction:column;justify-content:center}
  .brand{font-size:34px;letter-spacing:.08em;text-transform:uppercase;color:#f3c64b;font-weight:700}
  h1{font-size:84px;line-height:1.05;margin:.25em 0 .3em}
  p{font-size:30px;line-height:1.35;color:#e8ecf3;margin:0}
  svg{position:absolute;right:90px;top:60px}
  </style></head><body><div class="tartan"></div>
  <div class="panel"><div class="brand">Chanterlab</div><h1>${escape(meta.title)}</h1><p>${escape(seoOf(meta).description)}</p></div>
  <svg width="160" height="510" viewBox="0 0 120 450" aria-hidden="true">
    <rect x="42" y="0" width="36" height="60" rx="8" fill="#f6f4ef"/>
    <path d="M40 60 H80 L86 400 Q60 450 34 400 Z" fill="#1d232b" stroke="#f3c64b" stroke-width="3"/>
    ${[100, 140, 180, 230, 270, 310, 350].map((y) => `<circle cx="60" cy="${y}" r="9" fill="#f6f4ef"/>`).join('')}
  </svg></body></html>`;
}

const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
const done = new Set();
for (const meta of routes) {
  if (done.has(meta.screen)) continue;
  done.add(meta.screen);
  await page.setContent(card(meta));
  await page.screenshot({ path: new URL(`${meta.screen}.png`, out).pathname, type: 'png' });
}
await browser.close();
console.log(`wrote ${done.size} share images to public/og/`);
