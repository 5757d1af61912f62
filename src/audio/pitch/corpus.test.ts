/**
 * The detector on recorded bagpipe samples (../shared/corpus, read at run time and never
 * copied: corpus README). Skips with a message when the corpus is not beside the clone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER, centsBetween } from '../../music/chanter.ts';
import { corpusRoot } from '../../music/bww/testing/readCorpus.ts';
import { decodeWav, toMono } from '../wav/wav.ts';
import { chanterNote, buildTune, microphone, type CorpusSample } from './evaluation/testSet.ts';
import { score, type NoteFrame } from './evaluation/score.ts';
import { ChanterListener } from './listener.ts';
import { PitchDetector } from './pitchDetector.ts';

const dir = join(corpusRoot, 'audio/soundfont-bagpipe');
const present = existsSync(join(dir, 'pitch.json'));
if (!present) console.warn(`corpus.test.ts: skipped, no corpus at ${dir} (set CORPUS_DIR)`);

function loadCorpus(): CorpusSample[] {
  const meta = JSON.parse(readFileSync(join(dir, 'pitch.json'), 'utf8')) as {
    wav: string;
    measured_hz: number;
  }[];
  return meta.map((m) => {
    const wav = decodeWav(readFileSync(join(dir, m.wav)));
    return { name: m.wav, hz: m.measured_hz, sampleRate: wav.sampleRate, samples: toMono(wav) };
  });
}

describe.skipIf(!present)('corpus: recorded bagpipe samples', () => {
  const corpus = present ? loadCorpus() : [];

  it('R-1.USERS-01 measures the in-range recordings at their own 22.05 kHz rate within 5 cents', () => {
    const inRange = corpus.filter((s) => s.hz > 400 && s.hz < 1000);
    expect(inRange.length).toBeGreaterThanOrEqual(3);
    for (const sample of inRange) {
      const detector = new PitchDetector({ sampleRate: sample.sampleRate });
      const middle = Math.floor(sample.samples.length / 2);
      const estimate = detector.estimate(sample.samples.subarray(middle - 512, middle));
      expect(Math.abs(centsBetween(estimate.hz, sample.hz))).toBeLessThan(5);
      expect(estimate.clarity).toBeGreaterThan(0.8);
    }
  });

  it('names every standard chanter note played from a recording', () => {
    const detector = new PitchDetector({ sampleRate: 44100 });
    STANDARD_CHANTER.frequencies.forEach((hz) => {
      const note = chanterNote(corpus, hz, 0.1, 44100);
      const estimate = detector.estimate(note.subarray(note.length - 512));
      expect(Math.abs(centsBetween(estimate.hz, hz))).toBeLessThan(3);
    });
  });

  it('follows a legato tune with noise and drones leaking at −6 dB', () => {
    const tune = buildTune(corpus, {
      sampleRate: 48000,
      chanter: STANDARD_CHANTER,
      detunes: [-20, 20],
      leadIn: 1,
      minNote: 0.1,
      maxNote: 0.2,
      seed: 3,
    });
    const mic = microphone(tune, STANDARD_CHANTER, { snrDb: 20, droneDb: -6, seed: 5 });
    const listener = new ChanterListener({
      sampleRate: 48000,
      chanter: STANDARD_CHANTER,
      droneHz: 120,
    });
    const frames: NoteFrame[] = [];
    for (let at = 0; at < mic.length; at += 128) {
      listener.process(mic.subarray(at, at + 128), ({ time, state, estimate }) =>
        frames.push({ time, pitch: state.note?.pitch ?? null, hz: estimate.hz }),
      );
    }
    const result = score(frames, tune.segments, 512 / 48000);
    expect(result.wrongRate).toBeLessThan(0.005);
    expect(result.meanAbsCents).toBeLessThan(2);
    expect(result.missedOnsets).toBe(0);
  });
});
