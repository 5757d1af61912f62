import { describe, expect, it } from 'vitest';
import { DroneVoice } from './droneVoice.ts';

describe('DroneVoice', () => {
  it('sounds the bass two octaves below Low A and repeats every bass period', () => {
    const voice = new DroneVoice({ sampleRate: 48000, lowA: 480 });
    expect(voice.bassHz).toBe(120);
    const out = voice.render(new Float32Array(2000));
    // 48000 / 120 = 400 samples per period: the tenors add nothing that breaks it.
    for (let i = 0; i < 1600; i++) expect(out[i + 400]).toBeCloseTo(out[i]!, 3);
    expect(Math.max(...out.map(Math.abs))).toBeCloseTo(0.5, 1);
  });

  it('continues its phase across render calls', () => {
    const whole = new DroneVoice({ sampleRate: 44100, lowA: 470 }).render(new Float32Array(300));
    const voice = new DroneVoice({ sampleRate: 44100, lowA: 470 });
    const parts = [...voice.render(new Float32Array(128)), ...voice.render(new Float32Array(172))];
    parts.forEach((v, i) => expect(v).toBeCloseTo(whole[i]!, 6));
  });
});
