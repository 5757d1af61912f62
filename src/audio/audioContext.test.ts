import { describe, expect, it } from 'vitest';
import { createAudioContextProvider } from './audioContext.ts';

function fakeContext() {
  const c = {
    state: 'suspended',
    resumed: 0,
    closed: 0,
    resume() {
      c.resumed++;
      c.state = 'running';
      return Promise.resolve();
    },
    close() {
      c.closed++;
      c.state = 'closed';
      return Promise.resolve();
    },
  };
  return c;
}

describe('audio context provider', () => {
  it('creates one context lazily, on first use, and resumes it there (inside the gesture)', async () => {
    const made: ReturnType<typeof fakeContext>[] = [];
    const audio = createAudioContextProvider(() => {
      const c = fakeContext();
      made.push(c);
      return c;
    });
    expect(made).toHaveLength(0);
    const first = audio.get();
    expect(first.resumed).toBe(1);
    expect(await audio.running()).toBe(first);
    expect(made).toHaveLength(1);
    expect(first.state).toBe('running');
  });

  it('dispose() closes it; the next use makes a fresh one', () => {
    const audio = createAudioContextProvider(fakeContext);
    const first = audio.get();
    audio.dispose();
    expect(first.closed).toBe(1);
    expect(audio.get()).not.toBe(first);
  });

  it('prewarm() creates the context without resuming it; get() in the click resumes it', () => {
    const audio = createAudioContextProvider(fakeContext);
    const warm = audio.prewarm();
    expect(warm.resumed).toBe(0);
    expect(warm.state).toBe('suspended');
    expect(audio.prewarm()).toBe(warm);
    expect(audio.get()).toBe(warm);
    expect(warm.resumed).toBe(1);
  });

  it('issue 14.1: current() reads the context without making one', () => {
    const audio = createAudioContextProvider(fakeContext);
    expect(audio.current()).toBeNull();
    const made = audio.get();
    expect(audio.current()).toBe(made);
    audio.dispose();
    expect(audio.current()).toBeNull();
  });
});
