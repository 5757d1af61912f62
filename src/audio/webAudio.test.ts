import { describe, expect, it } from 'vitest';
import { createBlasterSounds } from './blasterSounds.ts';
import type { MetronomeContextLike } from './metronomeEngine.ts';
import type { MicTestContext } from './micTestEngine.ts';
import type { ListeningContext } from './listeningEngine.ts';
import { createChanterVoice } from './synth/chanterVoice.ts';
import { createDrones } from './synth/drones.ts';
import { fakeAudioContext } from './testing/fakeAudioContext.ts';
import { createToneGenerator, type ToneContextLike } from './toneGenerator.ts';
import type { TunePlayerContext } from './tunePlayer.ts';
import type { AudioContextLike } from './webAudio.ts';

/**
 * Compile-time: the browser's AudioContext is every engine's context, with no cast (before
 * ADR 021 the drones needed `as unknown as DroneContext`). tsc checks these assignments.
 */
export function browserContextFits(context: AudioContext) {
  const all: AudioContextLike<MediaStream> = context;
  const slices: [
    ToneContextLike,
    MetronomeContextLike,
    TunePlayerContext,
    MicTestContext<MediaStream>,
    ListeningContext<MediaStream>,
  ] = [all, all, all, all, all];
  return slices;
}

describe('one set of Web Audio stand-ins (issue 14.1, ADR 021)', () => {
  it('issue 14.1: one fake context drives the tone generator, chanter voice, drones and sound effects', () => {
    const ctx = fakeAudioContext(2);
    const tone = createToneGenerator({ createContext: () => ctx });
    tone.play(480, 1);
    expect(ctx.oscillators[0]).toMatchObject({ type: 'sine', startedAt: 2, stoppedAt: 3 });

    const voice = createChanterVoice(ctx, ctx.destination);
    voice.start(2.5);
    expect(ctx.oscillators[1]!.wave).toBe(ctx.waves[0]);

    const drones = createDrones(ctx, ctx.destination, { lowA: 480, volume: 0.5 });
    drones.start(3);
    expect(ctx.oscillators[2]!.frequency.value).toBe(120);

    const sounds = createBlasterSounds(() => ctx);
    sounds.play('hit');
    expect(ctx.oscillators).toHaveLength(4);
    expect(ctx.oscillators[3]!.connected).toEqual([ctx.gains.at(-1)]);
    tone.dispose();
    sounds.dispose();
  });
});
