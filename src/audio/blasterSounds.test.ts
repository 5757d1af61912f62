import { describe, expect, it, vi } from 'vitest';
import { blasterSoundDesign, createBlasterSounds, type BlasterSound } from './blasterSounds.ts';
import type { OscillatorLike } from './webAudio.ts';

function fakeContext() {
  const node = () => ({ connect: vi.fn(), disconnect: vi.fn() });
  const param = () => ({
    value: 0,
    setValueAtTime: vi.fn(),
    linearRampToValueAtTime: vi.fn(),
    cancelScheduledValues: vi.fn(),
  });
  const oscillators: Array<ReturnType<typeof makeOsc>> = [];
  function makeOsc() {
    return {
      ...node(),
      type: 'sine' as OscillatorType,
      frequency: param(),
      onended: null as OscillatorLike['onended'],
      setPeriodicWave: vi.fn(),
      start: vi.fn(),
      stop: vi.fn(),
    };
  }
  return {
    oscillators,
    currentTime: 5,
    destination: node(),
    createOscillator() {
      const o = makeOsc();
      oscillators.push(o);
      return o;
    },
    createGain: () => ({ ...node(), gain: param() }),
  };
}

describe('Blaster sound effects', () => {
  it('every effect stays below Low G (426 Hz) so the microphone does not hear it as a note', () => {
    for (const sweeps of Object.values(blasterSoundDesign)) {
      for (const s of sweeps) {
        expect(Math.max(s.from, s.to)).toBeLessThan(426 * 0.8);
        expect(s.length).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('plays each sweep on the given context at its current time, and releases it at the end', () => {
    const ctx = fakeContext();
    const sounds = createBlasterSounds(() => ctx);
    sounds.play('over');
    expect(ctx.oscillators).toHaveLength(3);
    expect(ctx.oscillators[0]!.start).toHaveBeenCalledWith(5);
    expect(ctx.oscillators[1]!.frequency.setValueAtTime).toHaveBeenCalledWith(165, 5.22);
    ctx.oscillators[0]!.onended?.call(undefined as never, new Event('ended'));
    expect(ctx.oscillators[0]!.disconnect).toHaveBeenCalled();
  });

  it('muted plays nothing; dispose stops and disconnects what sounds', () => {
    const ctx = fakeContext();
    const sounds = createBlasterSounds(() => ctx);
    sounds.setMuted(true);
    for (const s of Object.keys(blasterSoundDesign) as BlasterSound[]) sounds.play(s);
    expect(ctx.oscillators).toHaveLength(0);
    sounds.setMuted(false);
    sounds.play('hit');
    sounds.dispose();
    expect(ctx.oscillators[0]!.stop).toHaveBeenCalledTimes(2);
    expect(ctx.oscillators[0]!.disconnect).toHaveBeenCalled();
  });
});
