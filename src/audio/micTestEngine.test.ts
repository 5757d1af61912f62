import { describe, expect, it, vi } from 'vitest';
import { MICROPHONE_MESSAGES } from './microphone.ts';
import { MIC_TEST_AUDIO, createMicTestEngine, type MicTestContext } from './micTestEngine.ts';
import { fakeParam } from './testing/fakeAudioContext.ts';

class FakeNode {
  connected: FakeNode[] = [];
  disconnected = 0;
  connect(d: FakeNode) {
    this.connected.push(d);
    return d;
  }
  disconnect() {
    this.disconnected++;
  }
}
class FakeGain extends FakeNode {
  gain = fakeParam(1);
}
class FakeFilter extends FakeNode {
  type: BiquadFilterType = 'lowpass';
  frequency = fakeParam(350);
  Q = fakeParam(1);
}
class FakeAnalyser extends FakeNode {
  fftSize = 2048;
  smoothingTimeConstant = 0.8;
  fill = 0.5;
  getFloatTimeDomainData(a: Float32Array) {
    a.fill(this.fill);
  }
}
class FakeStream {
  stopped = 0;
  getTracks() {
    return [{ stop: () => this.stopped++ }];
  }
}
class FakeContext implements MicTestContext<FakeStream> {
  state = 'suspended';
  closed = false;
  nodes: FakeNode[] = [];
  constructor(readonly sampleRate: number) {}
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
  private add<T extends FakeNode>(n: T): T {
    this.nodes.push(n);
    return n;
  }
  createMediaStreamSource() {
    return this.add(new FakeNode());
  }
  createGain() {
    return this.add(new FakeGain());
  }
  createBiquadFilter() {
    return this.add(new FakeFilter());
  }
  createAnalyser() {
    return this.add(new FakeAnalyser());
  }
}

const timers = { setTimeout: () => 0, clearTimeout: () => undefined };

/** The first getUserMedia (Find Microphones' permission request) always succeeds. */
function setup(
  getUserMedia: (c: MediaStreamConstraints) => Promise<FakeStream>,
  listInputs = () => Promise.resolve([{ deviceId: 'dev-1', label: 'USB Mic' }]),
) {
  const contexts: FakeContext[] = [];
  const stream = new FakeStream();
  const gum = vi.fn(getUserMedia);
  gum.mockImplementationOnce(() => Promise.resolve(new FakeStream()));
  const engine = createMicTestEngine({
    createContext: (rate) => {
      const c = new FakeContext(rate);
      contexts.push(c);
      return c;
    },
    mediaDevices: { getUserMedia: gum },
    listInputs,
    timers,
  });
  return { engine, contexts, stream, gum };
}

describe('micTestEngine', () => {
  it('R-4.MICTEST-04 R-2.3.MICHELP-02 devices must be found before the test can start', async () => {
    const { engine, contexts, gum } = setup(() => Promise.resolve(new FakeStream()));
    await engine.start(null);
    expect(engine.getSnapshot().status).toBe('idle');
    expect(contexts).toHaveLength(0);
    expect(engine.getSnapshot().devices).toBeNull();
    const finding = engine.findMicrophones();
    expect(engine.getSnapshot().finding).toBe(true);
    await finding;
    expect(engine.getSnapshot()).toMatchObject({
      finding: false,
      devices: [{ deviceId: 'dev-1', label: 'USB Mic' }],
    });
    // The permission request is released at once.
    expect(gum).toHaveBeenCalledTimes(1);
    expect(((await gum.mock.results[0]!.value) as FakeStream).stopped).toBe(1);
  });

  it('R-8.MIC-03 Find Microphones with no inputs says none was found', async () => {
    const { engine } = setup(
      () => Promise.resolve(new FakeStream()),
      () => Promise.resolve([]),
    );
    await engine.findMicrophones();
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', devices: null });
    expect(engine.getSnapshot().error?.message).toBe(MICROPHONE_MESSAGES.notFound);
  });

  it('R-8.MIC-08 a generic failure while finding microphones has its own message', async () => {
    const { engine } = setup(
      () => Promise.resolve(new FakeStream()),
      () => Promise.reject(new Error('boom')),
    );
    await engine.findMicrophones();
    expect(engine.getSnapshot().error?.message).toBe(MICROPHONE_MESSAGES.enumerate);
  });

  it('R-4.MICTEST-01 start moves idle → running with a 48 kHz band-pass analyser chain', async () => {
    const stream = new FakeStream();
    const { engine, contexts, gum } = setup(() => Promise.resolve(stream));
    expect(engine.getSnapshot().status).toBe('idle');
    await engine.findMicrophones();
    const starting = engine.start('dev-1');
    expect(engine.getSnapshot().status).toBe('starting');
    await starting;
    expect(engine.getSnapshot()).toMatchObject({ status: 'running', error: null });
    const [context] = contexts;
    expect(context?.sampleRate).toBe(48_000);
    expect(context?.state).toBe('running');
    const [source, gain, filter, analyser] = context!.nodes as [
      FakeNode,
      FakeGain,
      FakeFilter,
      FakeAnalyser,
    ];
    expect(source.connected).toEqual([gain]);
    expect(gain.connected).toEqual([filter]);
    expect(filter.connected).toEqual([analyser]);
    expect(filter.type).toBe('bandpass');
    expect(filter.frequency.value).toBe(MIC_TEST_AUDIO.bandPassHz);
    expect(filter.Q.value).toBe(0.5);
    expect(analyser.fftSize).toBe(8192);
    expect(analyser.smoothingTimeConstant).toBe(0.8);
    const audio = gum.mock.calls[1]![0].audio as MediaTrackConstraints;
    expect(audio.deviceId).toEqual({ exact: 'dev-1' });
    expect(audio.echoCancellation).toBe(false);
  });

  it('exposes waveform samples and their RMS level while running', async () => {
    const { engine, contexts } = setup(() => Promise.resolve(new FakeStream()));
    expect(engine.waveform()).toBeNull();
    expect(engine.level()).toBe(0);
    await engine.findMicrophones();
    await engine.start(null);
    expect(engine.waveform()).toHaveLength(8192);
    expect(engine.level()).toBeCloseTo(0.5);
    (contexts[0]!.nodes[3] as FakeAnalyser).fill = 0;
    expect(engine.level()).toBe(0);
  });

  it('R-2.3.MICHELP-05 applies the clamped gain, live', async () => {
    const { engine, contexts } = setup(() => Promise.resolve(new FakeStream()));
    engine.setGain(3.04);
    await engine.findMicrophones();
    await engine.start(null);
    const gain = contexts[0]!.nodes[1] as FakeGain;
    expect(gain.gain.value).toBe(3);
    engine.setGain(0.1);
    expect(gain.gain.value).toBe(0.5);
  });

  it('R-4.MICTEST-02 R-4.MICTEST-03 stop goes idle and releases tracks, nodes and context', async () => {
    const stream = new FakeStream();
    const { engine, contexts } = setup(() => Promise.resolve(stream));
    await engine.findMicrophones();
    await engine.start(null);
    engine.stop();
    expect(engine.getSnapshot().status).toBe('idle');
    expect(stream.stopped).toBe(1);
    expect(contexts[0]!.closed).toBe(true);
    expect(contexts[0]!.nodes.every((n) => n.disconnected === 1)).toBe(true);
    expect(engine.waveform()).toBeNull();
  });

  it('R-8.MIC-02 a denied microphone gives the §8 message and code, and closes the context', async () => {
    const { engine, contexts } = setup(() =>
      Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })),
    );
    await engine.findMicrophones();
    await engine.start(null);
    expect(engine.getSnapshot()).toMatchObject({
      status: 'error',
      error: { kind: 'denied', message: MICROPHONE_MESSAGES.denied, code: 'NotAllowedError' },
    });
    expect(contexts[0]!.closed).toBe(true);
  });

  it('R-8.MIC-05 a chosen microphone that is gone gives the selected-unavailable message', async () => {
    const { engine } = setup(() => Promise.reject({ name: 'NotFoundError' }));
    await engine.findMicrophones();
    await engine.start('gone');
    expect(engine.getSnapshot().error?.message).toBe(MICROPHONE_MESSAGES.selectedUnavailable);
  });

  it('R-8.MIC-01 without getUserMedia says the browser is unsupported', async () => {
    const engine = createMicTestEngine({
      createContext: (r) => new FakeContext(r),
      mediaDevices: undefined,
      listInputs: () => Promise.resolve([]),
      timers,
    });
    await engine.findMicrophones();
    await engine.start(null);
    expect(engine.getSnapshot().error?.message).toBe(MICROPHONE_MESSAGES.unsupported);
  });

  it('a stop during set-up releases the late stream', async () => {
    let grant: (s: FakeStream) => void = () => undefined;
    const stream = new FakeStream();
    const { engine, contexts } = setup(() => new Promise((r) => (grant = r)));
    await engine.findMicrophones();
    const starting = engine.start(null);
    engine.stop();
    grant(stream);
    await starting;
    expect(stream.stopped).toBe(1);
    expect(contexts[0]!.closed).toBe(true);
    expect(engine.getSnapshot().status).toBe('idle');
  });

  it('dispose releases the audio and drops listeners', async () => {
    const stream = new FakeStream();
    const { engine, contexts } = setup(() => Promise.resolve(stream));
    const listener = vi.fn();
    engine.subscribe(listener);
    await engine.findMicrophones();
    await engine.start(null);
    engine.dispose();
    expect(stream.stopped).toBe(1);
    expect(contexts[0]!.closed).toBe(true);
    const calls = listener.mock.calls.length;
    await engine.findMicrophones();
    await engine.start(null);
    expect(listener.mock.calls.length).toBe(calls);
    engine.stop();
  });
});
