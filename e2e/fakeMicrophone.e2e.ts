/**
 * Proves the harness can play a real signal into the microphone (DESIGN.md: Chromium's fake
 * capture device). Later issues use this to test listening end to end; here a 480 Hz Low A
 * (spec §3) is played in and the page's own analyser must find it; then the listening
 * worklet hears it and stamps its readings on the audio clock (issue 14 item 1).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from './fixtures/harness.ts';
import { toneWav } from './fixtures/toneWav.ts';
import { DEFAULT_DETECTION_SETTINGS, STANDARD_CHANTER } from '../src/music/chanter.ts';

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

  it('issue 14.1: the listening worklet stamps readings on the AudioContext clock', async () => {
    // The built worklet (pitch/worklet/processorUrl.ts): one hashed asset.
    const assets = join(process.env.STATIC_DIR ?? 'dist', 'assets');
    const processor = readdirSync(assets).find((f) => /^processor-.*\.js$/.test(f));
    expect(processor).toBeTruthy();
    const page = await app.open('/');
    await page.getByRole('link', { name: 'Chanterlab' }).first().click();
    const heard = await page.evaluate(
      async ({ url, chanter, settings }) => {
        const context = new AudioContext();
        await context.resume();
        await context.audioWorklet.addModule(url);
        // Listening starts a second into the context's life: readings timed from the start
        // of listening (the old way) would be a second behind the audio clock.
        while (context.currentTime < 1) await new Promise((r) => setTimeout(r, 50));
        const stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
        });
        const node = new AudioWorkletNode(context, 'chanter-listener', {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          outputChannelCount: [1],
          channelCount: 1,
          channelCountMode: 'explicit',
          processorOptions: { chanter, settings, droneHz: null },
        });
        const startedAt = context.currentTime;
        const readings: { note: string | null; time: number; lag: number }[] = [];
        node.port.onmessage = (e: MessageEvent<{ note: string | null; time: number }>) =>
          readings.push({
            note: e.data.note,
            time: e.data.time,
            lag: context.currentTime - e.data.time,
          });
        context.createMediaStreamSource(stream).connect(node);
        node.connect(context.destination);
        while (readings.filter((r) => r.note === 'LA').length < 10) {
          await new Promise((r) => setTimeout(r, 50));
        }
        stream.getTracks().forEach((t) => t.stop());
        await context.close();
        return { startedAt, readings };
      },
      {
        url: `/assets/${processor}`,
        chanter: STANDARD_CHANTER,
        settings: DEFAULT_DETECTION_SETTINGS,
      },
    );
    const notes = heard.readings.filter((r) => r.note === 'LA');
    expect(notes.length).toBeGreaterThanOrEqual(10);
    for (const r of notes) {
      // On the audio clock: after listening began, and not after the message arrived.
      expect(r.time).toBeGreaterThan(heard.startedAt - 0.05);
      expect(r.lag).toBeGreaterThanOrEqual(0);
    }
    expect(page.consoleErrors).toEqual([]);
  });
});
