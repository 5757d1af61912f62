import { describe, expect, it } from 'vitest';
import {
  MicrophoneAccessError,
  microphoneConstraints,
  microphoneErrorOf,
  openMicrophone,
  isPermissionError,
} from './microphone.ts';
import { fakeClock } from './testing/fakeClock.ts';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('microphone errors (spec §8)', () => {
  it('R-8.MIC-01 unsupported browser', () => {
    expect(microphoneErrorOf(named('MicrophoneUnsupportedError')).message).toBe(
      'Your browser does not support microphone access (getUserMedia). Please use a modern browser.',
    );
  });
  it('R-8.MIC-02 denied access (NotAllowedError, SecurityError)', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError']) {
      const e = microphoneErrorOf(named(name));
      expect(e.message).toBe(
        'Microphone access was denied. Please allow access in your browser settings.',
      );
      expect(e.code).toBe(name);
      expect(isPermissionError(e)).toBe(true);
    }
  });
  it('R-8.MIC-03 no microphone found (NotFoundError)', () => {
    expect(microphoneErrorOf(named('NotFoundError')).message).toBe(
      'No microphone found. Please connect a microphone and try again.',
    );
  });
  it('R-8.MIC-04 microphone in use (NotReadableError)', () => {
    expect(microphoneErrorOf(named('NotReadableError')).message).toBe(
      'Microphone is already in use by another application.',
    );
  });
  it('R-8.MIC-05 chosen microphone unavailable (OverconstrainedError, or NotFound with a choice)', () => {
    const text = 'The selected microphone is not available.';
    expect(microphoneErrorOf(named('OverconstrainedError')).message).toBe(text);
    expect(microphoneErrorOf(named('NotFoundError'), { deviceChosen: true }).message).toBe(text);
  });
  it('R-8.MIC-06 set-up timeout', () => {
    expect(microphoneErrorOf(named('MicrophoneTimeoutError')).message).toBe(
      'Microphone setup timed out. Please try again or check your browser permissions.',
    );
  });
  it('R-8.MIC-07 anything else', () => {
    expect(microphoneErrorOf(named('AbortError')).message).toBe(
      'Failed to access microphone. Please check permissions.',
    );
    expect(microphoneErrorOf('weird').code).toBeNull();
    expect(isPermissionError(microphoneErrorOf(named('AbortError')))).toBe(false);
  });
});

describe('openMicrophone', () => {
  it('asks for a raw signal: echo cancellation, noise suppression and auto gain off', () => {
    expect(microphoneConstraints('abc')).toEqual({
      audio: {
        deviceId: { exact: 'abc' },
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
      video: false,
    });
    expect(microphoneConstraints(null).audio).not.toHaveProperty('deviceId');
  });

  it('R-8.MIC-01 rejects with the unsupported message when getUserMedia is missing', async () => {
    const clock = fakeClock();
    await expect(openMicrophone({ mediaDevices: undefined, timers: clock })).rejects.toThrow(
      /does not support microphone access/,
    );
  });

  it('R-8.MIC-02 maps a browser rejection', async () => {
    const clock = fakeClock();
    const error = await openMicrophone({
      mediaDevices: { getUserMedia: () => Promise.reject(named('NotAllowedError')) },
      timers: clock,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MicrophoneAccessError);
    expect((error as MicrophoneAccessError).detail.kind).toBe('denied');
    expect(clock.pending).toBe(0);
  });

  it('R-8.MIC-06 times out, and stops a stream granted too late', async () => {
    const clock = fakeClock();
    let grant: (s: { getTracks(): { stop(): void }[] }) => void = () => {};
    let stopped = 0;
    const opening = openMicrophone({
      mediaDevices: {
        getUserMedia: () => new Promise<{ getTracks(): { stop(): void }[] }>((r) => (grant = r)),
      },
      timers: clock,
      timeoutMs: 1000,
    });
    clock.advance(1000);
    await expect(opening).rejects.toThrow(/timed out/);
    grant({ getTracks: () => [{ stop: () => stopped++ }] });
    await Promise.resolve();
    expect(stopped).toBe(1);
  });
});
