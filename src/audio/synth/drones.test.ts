import { describe, expect, it } from 'vitest';
import { DroneVoice } from '../drones/droneVoice.ts';
import {
  DRONE_FADE_IN,
  DRONE_FADE_OUT,
  createDrones,
  droneWaveCoefficients,
  type DroneContext,
} from './drones.ts';
import type { NodeLike, ParamLike } from '../webAudio.ts';

type Event = [string, number, number];

function param(log: Event[]): ParamLike {
  return {
    value: 0,
    setValueAtTime(v, t) {
      this.value = v;
      log.push(['set', v, t]);
    },
    linearRampToValueAtTime(v, t) {
      this.value = v;
      log.push(['ramp', v, t]);
    },
    cancelScheduledValues(t) {
      log.push(['cancel', 0, t]);
    },
  };
}

function fakeContext() {
  const gainLog: Event[] = [];
  const oscillators: {
    started: number[];
    stopped: number[];
    frequency: ParamLike;
    wave: unknown;
    connected: boolean;
    onended: (() => void) | null;
  }[] = [];
  const waves: { real: Float32Array; imag: Float32Array }[] = [];
  const node = (): NodeLike => ({ connect: () => undefined, disconnect: () => undefined });
  const ctx: DroneContext & { currentTime: number } = {
    currentTime: 10,
    sampleRate: 48000,
    createPeriodicWave(real, imag) {
      const w = { real, imag };
      waves.push(w);
      return w;
    },
    createGain: () => ({ ...node(), gain: param(gainLog) }),
    createOscillator() {
      const o = {
        type: 'custom' as OscillatorType,
        started: [] as number[],
        stopped: [] as number[],
        frequency: param([]),
        wave: null as unknown,
        connected: false,
        onended: null as (() => void) | null,
        connect() {
          o.connected = true;
        },
        disconnect() {
          o.connected = false;
        },
        setPeriodicWave(w: unknown) {
          o.wave = w;
        },
        start(t = 0) {
          o.started.push(t);
        },
        stop(t = 0) {
          o.stopped.push(t);
        },
      };
      oscillators.push(o);
      return o;
    },
  };
  return { ctx, gainLog, oscillators, waves, destination: node() };
}

describe('createDrones', () => {
  it('sounds the bass two octaves below Low A with a gentle fade in and out', () => {
    const { ctx, gainLog, oscillators, destination } = fakeContext();
    const drones = createDrones(ctx, destination, { lowA: 480, volume: 1 });
    expect(drones.bassHz).toBe(120);
    expect(drones.playing).toBe(false);
    drones.start();
    expect(drones.playing).toBe(true);
    expect(oscillators).toHaveLength(1);
    expect(oscillators[0]!.frequency.value).toBe(120);
    expect(oscillators[0]!.started).toEqual([10]);
    expect(gainLog[0]).toEqual(['set', 0, 10]);
    expect(gainLog[1]).toEqual(['ramp', 0.5, 10 + DRONE_FADE_IN]);
    drones.start(); // already playing: nothing new
    expect(oscillators).toHaveLength(1);

    ctx.currentTime = 12;
    drones.stop();
    expect(drones.playing).toBe(false);
    expect(gainLog.at(-1)).toEqual(['ramp', 0, 12 + DRONE_FADE_OUT]);
    expect(oscillators[0]!.stopped[0]).toBeGreaterThan(12 + DRONE_FADE_OUT);
    oscillators[0]!.onended?.();
    expect(oscillators[0]!.connected).toBe(false);
  });

  it('restarts with a fresh oscillator (a Web Audio source starts only once)', () => {
    const { ctx, oscillators, waves, destination } = fakeContext();
    const drones = createDrones(ctx, destination, { lowA: 470, volume: 0.5 });
    drones.start(11);
    expect(oscillators[0]!.started).toEqual([11]);
    drones.stop();
    drones.start();
    expect(oscillators).toHaveLength(2);
    expect(waves).toHaveLength(1); // the wave is built once and reused
    expect(oscillators[1]!.wave).toBe(oscillators[0]!.wave);
  });

  it('changes volume smoothly and clamps it to 0…1', () => {
    const { ctx, gainLog, destination } = fakeContext();
    const drones = createDrones(ctx, destination, { lowA: 480, volume: 0.2 });
    drones.setVolume(0.8); // stopped: remembered for the next start
    drones.start();
    expect(gainLog[1]![1]).toBeCloseTo(0.4);
    drones.setVolume(3);
    expect(gainLog.at(-1)![1]).toBe(0.5);
    drones.setVolume(-1);
    expect(gainLog.at(-1)![1]).toBe(0);
  });
});

describe('droneWaveCoefficients', () => {
  it('reproduces DroneVoice’s waveform, so the canceller’s model holds for Web Audio drones', () => {
    const sampleRate = 48000;
    const lowA = 480;
    const { real, imag } = droneWaveCoefficients(lowA / 4, sampleRate);
    const period = sampleRate / (lowA / 4); // 400 samples
    const fromWave = new Float32Array(period);
    for (let n = 0; n < period; n++) {
      let v = 0;
      for (let k = 1; k < real.length; k++) {
        const x = (2 * Math.PI * k * n) / period;
        v += real[k]! * Math.cos(x) + imag[k]! * Math.sin(x);
      }
      fromWave[n] = v;
    }
    const voice = new DroneVoice({ sampleRate, lowA }).render(new Float32Array(period));
    // Same shape up to scale (the browser normalises PeriodicWaves): correlation ≈ 1.
    let xy = 0;
    let xx = 0;
    let yy = 0;
    for (let n = 0; n < period; n++) {
      xy += fromWave[n]! * voice[n]!;
      xx += fromWave[n]! ** 2;
      yy += voice[n]! ** 2;
    }
    expect(xy / Math.sqrt(xx * yy)).toBeGreaterThan(0.999);
    // Only multiples of the bass: nothing at index 0 (DC) and bass partials up to 6 kHz.
    expect(real[0]).toBe(0);
    expect(imag[0]).toBe(0);
    expect(real.length - 1).toBe(Math.floor(6000 / 120));
  });
});
