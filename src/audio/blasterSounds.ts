/**
 * Blaster's sound effects (issue 7 part 4: 'sound effects through the shared audio engine').
 * No React; the context comes from a getter (the app passes sharedAudioContext().get), so tests
 * use a fake (DESIGN habit 2). Every effect is a short sweep below 330 Hz: the chanter's
 * lowest note is Low G at 426 Hz (spec §3), so a piper playing into the microphone does not
 * hear the game blast its own targets.
 */
import type { AudioContextLike, GainLike, OscillatorLike } from './webAudio.ts';

export type BlasterSound = 'hit' | 'miss' | 'grace' | 'levelUp' | 'over';

export interface BlasterSounds {
  play(sound: BlasterSound): void;
  setMuted(muted: boolean): void;
  /** Stops what is sounding and disconnects it; the shared context stays open. */
  dispose(): void;
}

type SweepContext = Pick<
  AudioContextLike,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain'
>;

interface Sweep {
  readonly type: OscillatorType;
  readonly from: number;
  readonly to: number;
  /** Start offset and length in seconds. */
  readonly at: number;
  readonly length: number;
  readonly gain: number;
}

/** Each effect as one or more pitch sweeps: all below the chanter's range. */
export const blasterSoundDesign: Readonly<Record<BlasterSound, readonly Sweep[]>> = {
  hit: [{ type: 'triangle', from: 320, to: 90, at: 0, length: 0.12, gain: 0.35 }],
  grace: [{ type: 'sine', from: 300, to: 260, at: 0, length: 0.05, gain: 0.15 }],
  miss: [{ type: 'sawtooth', from: 110, to: 45, at: 0, length: 0.35, gain: 0.18 }],
  levelUp: [
    { type: 'square', from: 196, to: 196, at: 0, length: 0.07, gain: 0.08 },
    { type: 'square', from: 262, to: 262, at: 0.08, length: 0.1, gain: 0.08 },
  ],
  over: [
    { type: 'triangle', from: 220, to: 220, at: 0, length: 0.2, gain: 0.3 },
    { type: 'triangle', from: 165, to: 165, at: 0.22, length: 0.2, gain: 0.3 },
    { type: 'triangle', from: 110, to: 82, at: 0.44, length: 0.5, gain: 0.3 },
  ],
};

export function createBlasterSounds(getContext: () => SweepContext): BlasterSounds {
  let muted = false;
  const live = new Set<{ osc: OscillatorLike; amp: GainLike }>();

  function release(voice: { osc: OscillatorLike; amp: GainLike }) {
    voice.osc.onended = null;
    voice.osc.disconnect();
    voice.amp.disconnect();
    live.delete(voice);
  }

  return {
    play(sound) {
      if (muted) return;
      const context = getContext();
      const now = context.currentTime;
      for (const s of blasterSoundDesign[sound]) {
        const start = now + s.at;
        const end = start + s.length;
        const osc = context.createOscillator();
        const amp = context.createGain();
        osc.type = s.type;
        osc.frequency.setValueAtTime(s.from, start);
        osc.frequency.linearRampToValueAtTime(s.to, end);
        // 5 ms attack and a fade to silence: no clicks.
        amp.gain.setValueAtTime(0, start);
        amp.gain.linearRampToValueAtTime(s.gain, start + 0.005);
        amp.gain.linearRampToValueAtTime(0, end);
        osc.connect(amp);
        amp.connect(context.destination);
        const voice = { osc, amp };
        osc.onended = () => release(voice);
        live.add(voice);
        osc.start(start);
        osc.stop(end + 0.01);
      }
    },
    setMuted(next) {
      muted = next;
    },
    dispose() {
      for (const voice of [...live]) {
        voice.osc.stop();
        release(voice);
      }
    },
  };
}
