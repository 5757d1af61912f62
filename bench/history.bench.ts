/**
 * `npm run bench:history` (issue 18 'Measured'): five years of daily practice (10,000
 * sessions, bench/historyData.ts) in IndexedDB —
 * 1. /progress drawn (the status line counts the sessions and the minutes-per-week chart has
 *    its canvas) within 500 ms of the empty page's own time in the same run: the baseline is
 *    /progress with no history, loaded the same way, so the figure is what reading and drawing
 *    10,000 records costs on top of loading the page;
 * 2. a signed-in browser with all 10,000 unsynced syncs them to the server (PGlite) within 10 s:
 *    from the page load to 'All synced', through the app's own client (20 uploads of 500, then
 *    the download pages from the cursor).
 * Chromium headless (/usr/bin/chromium, e2e/fixtures/browser.ts), the built app (dist/: run
 * `npx vite build` first), a fresh server on a temporary PGlite data directory. Prints a table,
 * ratios and one JSON line; never fails on a slow machine (DESIGN habit 11).
 *
 * BENCH_SHOTS=DIR also saves /progress with the 10,000 sessions at 1280 and 375 px.
 * BENCH_REPEATS=N (default 3): the median of N page loads each.
 */
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import type { PracticeRecord } from '../src/contracts/progress/practiceRecord.ts';
import { closePage, launchBrowser, newPage } from '../e2e/fixtures/browser.ts';
import { magicLinkSignIn } from '../e2e/fixtures/magicLinkSignIn.ts';
import { startServer } from '../e2e/fixtures/server.ts';
import { batchesOf } from '../src/web/lib/practiceSync.ts';
import { fiveYears } from './historyData.ts';

const COUNT = 10_000;
const DRAW_BUDGET_MS = 500;
const SYNC_BUDGET_MS = 10_000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const SHOTS = process.env.BENCH_SHOTS;
const ADMIN_TOKEN = 'bench-history-admin-token-0123456789abcdef';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Writes unsynced records into the app's IndexedDB as the app would (indexedDbHistory.ts). */
async function seed(page: Page, records: readonly PracticeRecord[]) {
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('chanterlab-practice', 1);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('sessions', { keyPath: 'id' });
          open.result.createObjectStore('unsynced');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['sessions', 'unsynced'], 'readwrite');
          const store = tx.objectStore('sessions');
          const unsynced = tx.objectStore('unsynced');
          for (const record of rows) {
            store.put({ id: record.id, record });
            unsynced.put(record.id, record.id);
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    records,
  );
}

type Drawn = 'empty' | 'full' | 'synced';

/**
 * ms from navigation start until the page is `drawn`, read in the page on an animation frame
 * (a function, not a string: the app's Content-Security-Policy forbids eval).
 */
async function timeUntil(page: Page, drawn: Drawn): Promise<number> {
  const handle = await page.waitForFunction(
    ([kind, count]) => {
      const status = document.querySelector('.progress-status')?.textContent ?? '';
      const ok =
        kind === 'empty'
          ? status.includes('No practice recorded yet')
          : kind === 'full'
            ? status.includes(`${count} sessions recorded`) &&
              !!document.querySelector('.progress-chart canvas')
            : status.includes('All synced');
      return ok ? performance.now() : false;
    },
    [drawn, COUNT.toLocaleString('en-GB')] as const,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

const records = fiveYears(COUNT);
const server = await startServer({
  env: { ADMIN_TOKEN, WRITE_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn' },
});
const browser = await launchBrowser();
const load0 = loadavg()[0]!;
try {
  const empty: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const a = await newPage(browser);
    await a.goto(server.url + '/progress', { waitUntil: 'commit' });
    empty.push(await timeUntil(a, 'empty'));
    await closePage(a);

    const b = await newPage(browser);
    await b.goto(server.url + '/privacy');
    await seed(b, records);
    await b.goto(server.url + '/progress', { waitUntil: 'commit' });
    full.push(await timeUntil(b, 'full'));
    if (SHOTS && i === 0) {
      await mkdir(SHOTS, { recursive: true });
      await b.waitForTimeout(300); // uPlot's second frame after its resize observer
      for (const width of [1280, 375]) {
        await b.setViewportSize({ width, height: 900 });
        await b.waitForTimeout(300);
        await b.screenshot({ path: `${SHOTS}/progress-10k-${width}.png`, fullPage: true });
      }
    }
    await closePage(b);
  }

  // Sync: a signed-in device with every session unsynced.
  const c = await newPage(browser);
  await magicLinkSignIn(c, server.url, ADMIN_TOKEN, 'bench.history@example.org', '/privacy');
  await seed(c, records);
  await c.goto(server.url + '/progress', { waitUntil: 'commit' });
  const syncMs = await timeUntil(c, 'synced');
  const stored = await c.evaluate(async () => {
    let since: string | undefined;
    let n = 0;
    for (;;) {
      const answer = await fetch(`/api/practice-history${since ? `?since=${since}` : ''}`);
      const page = (
        (await answer.json()) as {
          data: { records: unknown[]; cursor: string; more: boolean };
        }
      ).data;
      n += page.records.length;
      since = page.cursor;
      if (!page.more) return n;
    }
  });
  // The server's share: the same 10,000 as another device's new sessions, sent from Node in
  // the client's batches (no browser, no IndexedDB), then read back page by page.
  const cookie = (await c.context().cookies()).map((k) => `${k.name}=${k.value}`).join('; ');
  await closePage(c);
  const others = fiveYears(COUNT, Date.now(), 99);
  const t0 = performance.now();
  for (const batch of batchesOf(others)) {
    const sent = await fetch(`${server.url}/api/practice-history`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ records: batch }),
    });
    if (sent.status !== 200) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
  }
  const uploadMs = performance.now() - t0;
  let since: string | undefined;
  for (;;) {
    const got = await fetch(`${server.url}/api/practice-history${since ? `?since=${since}` : ''}`, {
      headers: { cookie },
    });
    const page = ((await got.json()) as { data: { cursor: string; more: boolean } }).data;
    since = page.cursor;
    if (!page.more) break;
  }
  const downloadMs = performance.now() - t0 - uploadMs;

  const emptyMs = median(empty);
  const fullMs = median(full);
  const extra = fullMs - emptyMs;
  const rows = [
    ['/progress empty (baseline)', `${emptyMs.toFixed(0)} ms`, ''],
    [
      `/progress with ${COUNT.toLocaleString('en-GB')} sessions`,
      `${fullMs.toFixed(0)} ms`,
      `${(fullMs / emptyMs).toFixed(2)}× baseline`,
    ],
    [
      '  reading + drawing the history',
      `${extra.toFixed(0)} ms`,
      `budget ${DRAW_BUDGET_MS} ms: ${extra <= DRAW_BUDGET_MS ? 'within' : 'OVER'}`,
    ],
    [
      `  server only: ${COUNT.toLocaleString('en-GB')} uploaded from Node`,
      `${uploadMs.toFixed(0)} ms`,
      `${Math.round(COUNT / (uploadMs / 1000))} sessions/s`,
    ],
    [
      `  server only: ${(2 * COUNT).toLocaleString('en-GB')} read back from Node`,
      `${downloadMs.toFixed(0)} ms`,
      '',
    ],
    [
      `sync ${COUNT.toLocaleString('en-GB')} sessions (load → 'All synced')`,
      `${syncMs.toFixed(0)} ms`,
      `budget ${SYNC_BUDGET_MS} ms: ${syncMs <= SYNC_BUDGET_MS ? 'within' : 'OVER'}; server holds ${stored}`,
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0]!.length));
  console.log(
    `\nbench:history — ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}, median of ${REPEATS}`,
  );
  for (const [name, value, note] of rows)
    console.log(`${name!.padEnd(width)}  ${value!.padStart(9)}  ${note}`);
  console.log(
    JSON.stringify({
      bench: 'history',
      sessions: COUNT,
      emptyMs: Math.round(emptyMs),
      fullMs: Math.round(fullMs),
      drawMs: Math.round(extra),
      ratio: Number((fullMs / emptyMs).toFixed(2)),
      syncMs: Math.round(syncMs),
      serverUploadMs: Math.round(uploadMs),
      serverDownloadMs: Math.round(downloadMs),
      stored,
      cpus: cpus().length,
      load: [Number(load0.toFixed(2)), Number(loadavg()[0]!.toFixed(2))],
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
