/**
 * The tuner end to end (issue 4 'Done when'): Chromium's fake microphone plays a synthetic
 * chanter-like tone (harmonic-rich, 486 Hz = Low A 21.5 cents sharp of the standard 480 Hz)
 * into the built app; the AudioWorklet (a built asset, loaded under the real CSP) must name
 * the note and read its cents within ±5. The keyboard chanter drives the same screen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoConsoleErrors, useApp } from './fixtures/harness.ts';
import { toneWav } from './fixtures/toneWav.ts';
import { DroneVoice } from '../src/audio/drones/droneVoice.ts';
import { encodeWav } from '../src/audio/wav/wav.ts';
import { axeViolations } from './fixtures/axeViolations.ts';
import { longByCpu, traceMainThread } from './fixtures/mainThreadTasks.ts';

const PLAYED_HZ = 486;
/** A reed-like tone: eight partials, slowly falling, like a chanter. */
const CHANTER_PARTIALS = [1, 0.8, 0.7, 0.5, 0.45, 0.3, 0.25, 0.2];
const PLAYED_CENTS = 1200 * Math.log2(PLAYED_HZ / 480);

const dir = mkdtempSync(join(tmpdir(), 'chanterlab-tuner-'));
// A whole number of periods (486 Hz × 2 s) so the looping file has no seam.
const wav = join(dir, 'low-a-486.wav');
writeFileSync(wav, toneWav(PLAYED_HZ, 2, { partials: CHANTER_PARTIALS, peak: 0.8 }));
// The app's own drone sound (bass + two tenors) for a chanter whose Low A is 484 Hz, i.e.
// the bass 14.4 cents sharp of a standard chanter's 120 Hz. 121 Hz × 2 s: a seamless loop.
const DRONE_LOW_A = 484;
const DRONE_CENTS = 1200 * Math.log2(DRONE_LOW_A / 480);
const droneWav = join(dir, 'drones-484.wav');
writeFileSync(
  droneWav,
  encodeWav(
    [new DroneVoice({ sampleRate: 48_000, lowA: DRONE_LOW_A }).render(new Float32Array(96_000))],
    48_000,
  ),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tuner', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it(`R-1.USERS-01 R-1.PRODUCT-02 issue 21.3: makes no AudioContext until a press, then hears a played Low A and reads its cents within ±5 (played ${PLAYED_CENTS.toFixed(1)})`, async () => {
    const page = await app.open();
    // Issue 21.3: the first AudioContext blocks the main thread, so loading the page (and the
    // page idling) must not create one; the first press does.
    await page.addInitScript(() => {
      const Native = window.AudioContext;
      const w = window as unknown as { audioContextsMade: number };
      w.audioContextsMade = 0;
      window.AudioContext = class extends Native {
        constructor(options?: AudioContextOptions) {
          super(options);
          w.audioContextsMade += 1;
        }
      };
    });
    await page.goto(app.url('/tuner'));
    await page.getByRole('heading', { name: 'Tuner' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Idle callbacks run in the order they were asked for: the app's would run before this.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const made = () =>
      page.evaluate(() => (window as unknown as { audioContextsMade: number }).audioContextsMade);
    expect(await made(), 'issue 21.3: AudioContexts made before any press').toBe(0);
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('tuner-note').textContent(), { timeout: 10_000 })
      .toBe('Low A');
    expect(await made(), 'one AudioContext, made by the press').toBe(1);
    // Long tasks (> 50 ms) on the main thread while listening: analysis runs in the worklet.
    // Observed from the first note on: starting (creating the AudioContext, opening the
    // device) is a one-off the browser does on the main thread. By the thread's CPU time, not
    // the wall clock, which on a busy machine measures the load (issue 13.16).
    const trace = await traceMainThread(app.browser, page);
    const meter = page.getByRole('meter', { name: 'Tuning' });
    // Let the median settle, then take several readings.
    await page.waitForTimeout(500);
    const readings: number[] = [];
    for (let i = 0; i < 5; i++) {
      readings.push(Number(await meter.getAttribute('aria-valuenow')));
      await page.waitForTimeout(100);
    }
    for (const cents of readings) expect(Math.abs(cents - PLAYED_CENTS)).toBeLessThanOrEqual(5);
    await expect.poll(() => page.locator('.tuner-steady').getAttribute('data-steady')).toBe('true');
    expect(await page.locator('.tuner-hz').textContent()).toMatch(/^48[5-7]\.\d Hz$/);
    const tasks = await trace.stop();
    expect(tasks.length, 'main-thread tasks traced').toBeGreaterThan(0);
    expect(longByCpu(tasks), 'long tasks while listening').toEqual([]);

    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Stop listening' }).click();
    await expect.poll(() => page.getByTestId('tuner-cents').textContent()).toBe('Not listening');
    expectNoConsoleErrors(page);
  });

  it('with the app’s drones on (canceller running; the fake microphone does not hear the speaker) still reads within ±5 cents', async () => {
    const page = await app.open('/tuner');
    await page.getByRole('button', { name: 'Play drones' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Play drones' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('tuner-note').textContent(), { timeout: 10_000 })
      .toBe('Low A');
    await page.waitForTimeout(500);
    const cents = Number(
      await page.getByRole('meter', { name: 'Tuning' }).getAttribute('aria-valuenow'),
    );
    expect(Math.abs(cents - PLAYED_CENTS)).toBeLessThanOrEqual(5);
    await page.getByRole('button', { name: 'Play drones' }).click();
    expectNoConsoleErrors(page);
  });

  it('issue 22.8: on a 375 × 667 phone the needle, the note and its cents show together, without scrolling', async () => {
    const page = await app.open('/tuner', { width: 375, height: 667 });
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('tuner-note').textContent(), { timeout: 10_000 })
      .toBe('Low A');
    await expect.poll(() => page.getByTestId('tuner-cents').textContent()).toMatch(/cents/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const parts = {
      needle: page.getByRole('meter', { name: 'Tuning' }),
      note: page.getByTestId('tuner-note'),
      cents: page.getByTestId('tuner-cents'),
    };
    for (const [name, locator] of Object.entries(parts)) {
      const box = await locator.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} left`).toBeGreaterThanOrEqual(0);
      expect(box!.y, `${name} top`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} right`).toBeLessThanOrEqual(375);
      expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(667);
    }
    await page.getByRole('button', { name: 'Stop listening' }).click();
    expectNoConsoleErrors(page);
  });

  it('R-1.USERS-02 R-5.KEYBOARD-03 R-4.KEYBOARD-04 the keyboard chanter drives the tuner', async () => {
    const page = await app.open('/tuner');
    await page.getByRole('button', { name: 'Keyboard chanter' }).click();
    await page.keyboard.down('e');
    await expect.poll(() => page.getByTestId('tuner-note').textContent()).toBe('E');
    expect(await page.locator('.tuner-hz').textContent()).toBe('720.0 Hz');
    await page.keyboard.up('e');
    await expect.poll(() => page.getByTestId('tuner-note').textContent()).toBe('—');
    await page.keyboard.down('Shift');
    await page.keyboard.down('A');
    await expect.poll(() => page.getByTestId('tuner-note').textContent()).toBe('High A');
    await page.keyboard.up('A');
    await page.keyboard.up('Shift');
    expectNoConsoleErrors(page);
  });
});

describe('tuner drone mode', () => {
  const app = useApp({ browser: { fakeMicWav: droneWav } });

  it(`tunes the drones against the chanter's Low A (bass played ${DRONE_CENTS.toFixed(1)} cents sharp)`, async () => {
    const page = await app.open('/tuner');
    await page.getByLabel('Tune against').selectOption('drones');
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect
      .poll(() => page.getByTestId('tuner-note').textContent(), { timeout: 10_000 })
      .toBe('Bass drone');
    await page.waitForTimeout(500);
    const cents = Number(
      await page.getByRole('meter', { name: 'Tuning' }).getAttribute('aria-valuenow'),
    );
    expect(Math.abs(cents - DRONE_CENTS)).toBeLessThanOrEqual(5);
    expect(await page.locator('.tuner-target').textContent()).toBe('Target 120.0 Hz');
    expectNoConsoleErrors(page);
  });
});
