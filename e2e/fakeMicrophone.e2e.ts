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

/** 16-bit mono PCM WAV of a sine tone. */
function sineWav(frequencyHz: number, seconds: number, sampleRate = 48_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate) * 0.6;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const dir = mkdtempSync(join(tmpdir(), 'chanterlab-mic-'));
const wav = join(dir, 'low-a-480.wav');
writeFileSync(wav, sineWav(480, 2));
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
