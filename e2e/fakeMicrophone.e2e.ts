/**
 * Proves the harness can play a real signal into the microphone (DESIGN.md: Chromium's fake
 * capture device). Later issues use this to test listening end to end; here a 480 Hz Low A
 * (spec §3) is played in and the page's own analyser must find it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from './fixtures/harness.ts';
import { toneWav } from './fixtures/toneWav.ts';

const dir = mkdtempSync(join(tmpdir(), 'chanterlab-mic-'));
const wav = join(dir, 'low-a-480.wav');
writeFileSync(wav, toneWav(480, 2, { peak: 0.6 }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fake microphone', () => {
  const app = useApp({ browser: { fakeMicWav: wav } });

  it('plays a WAV file into getUserMedia: the page hears 480 Hz', async () => {
    const page = await app.open('/');
    // A real click gives the page user activation, so its AudioContext may run.
    await page.getByRole('link', { name: 'Chanterlab' }).first().click();
    const peakHz = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      const context = new AudioContext();
      await context.resume();
      const analyser = context.createAnalyser();
      analyser.fftSize = 8192;
      context.createMediaStreamSource(stream).connect(analyser);
      await new Promise((r) => setTimeout(r, 1500));
      const bins = new Float32Array(analyser.frequencyBinCount);
      analyser.getFloatFrequencyData(bins);
      let best = 0;
      for (let i = 1; i < bins.length; i++) if (bins[i]! > bins[best]!) best = i;
      stream.getTracks().forEach((t) => t.stop());
      await context.close();
      return (best * context.sampleRate) / analyser.fftSize;
    });
    expect(Math.abs(peakHz - 480)).toBeLessThan(12);
    expect(page.consoleErrors).toEqual([]);
  });
});
