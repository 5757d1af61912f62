/**
 * The recording fakes of the Web Audio stand-ins (src/audio/webAudio.ts) for unit tests
 * (DESIGN habit 2: engines take their context as a parameter; ADR 021: one set of fakes).
 * Every automation call is kept, so tests read the scheduled pitches and envelopes as plain
 * numbers; `currentTime` is a plain field the test moves.
 */
import type {
  AnalyserLike,
  AudioBufferLike,
  AudioContextLike,
  BiquadFilterLike,
  BufferSourceLike,
  GainLike,
  NodeLike,
  OscillatorLike,
  ParamLike,
  PeriodicWaveLike,
  StreamLike,
} from '../webAudio.ts';

export type ParamEvent = readonly ['set' | 'ramp' | 'cancel', number, number];

export interface FakeParam extends ParamLike {
  readonly events: ParamEvent[];
  /** The value in force at time t from set/ramp events (ramps read as their end value). */
  valueAt(t: number): number | undefined;
}

export function fakeParam(value = 0): FakeParam {
  const events: ParamEvent[] = [];
  return {
    value,
    events,
    setValueAtTime: (v, t) => events.push(['set', v, t]),
    linearRampToValueAtTime: (v, t) => events.push(['ramp', v, t]),
    cancelScheduledValues: (t) => events.push(['cancel', 0, t]),
    valueAt(t) {
      let found: number | undefined;
      let at = -Infinity;
      for (const [kind, v, time] of events) {
        if (kind !== 'cancel' && time <= t && time >= at) {
          found = v;
          at = time;
        }
      }
      return found;
    },
  };
}

export interface FakeNode extends NodeLike {
  readonly connected: NodeLike[];
  disconnected: boolean;
}

/** A node; `extra` is merged in first so the node's own methods act on the merged object. */
export function fakeNode<T extends object>(extra: T = {} as T): T & FakeNode {
  const node = Object.assign(extra, {
    connected: [] as NodeLike[],
    disconnected: false,
    connect: (d: NodeLike) => node.connected.push(d),
    disconnect() {
      node.connected.length = 0;
      node.disconnected = true;
    },
  });
  return node;
}

interface FakeScheduled {
  startedAt: number | null;
  stoppedAt: number | null;
  /** What the browser does when the stop time passes. */
  end(): void;
}

function scheduled<T extends object>(extra: T) {
  const node = fakeNode(
    Object.assign(extra, {
      onended: null as ((this: never, ev: Event) => unknown) | null,
      startedAt: null as number | null,
      stoppedAt: null as number | null,
      start(when = 0) {
        node.startedAt = when;
      },
      stop(when = 0) {
        node.stoppedAt = when;
      },
      end() {
        node.onended?.call(undefined as never, new Event('ended'));
      },
    }),
  );
  return node;
}

export interface FakeOscillator extends OscillatorLike, FakeNode, FakeScheduled {
  readonly frequency: FakeParam;
  wave: PeriodicWaveLike | null;
}

export interface FakeGain extends GainLike, FakeNode {
  readonly gain: FakeParam;
}

export interface FakeBufferSource extends BufferSourceLike, FakeNode, FakeScheduled {}

export interface FakeFilter extends BiquadFilterLike, FakeNode {
  readonly frequency: FakeParam;
  readonly Q: FakeParam;
}

export interface FakeAnalyser extends AnalyserLike, FakeNode {
  /** What getFloatTimeDomainData copies out (zeros by default). */
  samples: Float32Array;
}

export interface FakeAudioContext extends AudioContextLike {
  currentTime: number;
  state: string;
  readonly destination: FakeNode;
  readonly oscillators: FakeOscillator[];
  readonly gains: FakeGain[];
  readonly bufferSources: FakeBufferSource[];
  readonly filters: FakeFilter[];
  readonly analysers: FakeAnalyser[];
  readonly waves: { real: Float32Array; imag: Float32Array }[];
  readonly streamSources: { stream: StreamLike; node: FakeNode }[];
  /** Modules added to the audio worklet, in order. */
  readonly modules: string[];
}

export function fakeAudioContext(currentTime = 0, sampleRate = 48_000): FakeAudioContext {
  const ctx: FakeAudioContext = {
    currentTime,
    sampleRate,
    state: 'suspended',
    destination: fakeNode(),
    oscillators: [],
    gains: [],
    bufferSources: [],
    filters: [],
    analysers: [],
    waves: [],
    streamSources: [],
    modules: [],
    audioWorklet: {
      addModule(url) {
        ctx.modules.push(url);
        return Promise.resolve();
      },
    },
    resume() {
      ctx.state = 'running';
      return Promise.resolve();
    },
    close() {
      ctx.state = 'closed';
      return Promise.resolve();
    },
    createOscillator() {
      const osc: FakeOscillator = scheduled({
        type: 'sine' as OscillatorType,
        frequency: fakeParam(440),
        wave: null as PeriodicWaveLike | null,
        setPeriodicWave(w: PeriodicWaveLike) {
          osc.wave = w;
        },
      });
      ctx.oscillators.push(osc);
      return osc;
    },
    createGain() {
      const g: FakeGain = fakeNode({ gain: fakeParam(1) });
      ctx.gains.push(g);
      return g;
    },
    createBufferSource() {
      const b: FakeBufferSource = scheduled({ buffer: null as AudioBufferLike | null });
      ctx.bufferSources.push(b);
      return b;
    },
    createBiquadFilter() {
      const f: FakeFilter = fakeNode({
        type: 'lowpass' as BiquadFilterType,
        frequency: fakeParam(350),
        Q: fakeParam(1),
      });
      ctx.filters.push(f);
      return f;
    },
    createAnalyser() {
      const a: FakeAnalyser = fakeNode({
        fftSize: 2048,
        smoothingTimeConstant: 0.8,
        samples: new Float32Array(0),
        getFloatTimeDomainData(array: Float32Array<ArrayBuffer>) {
          array.set(a.samples.subarray(0, array.length));
        },
      });
      ctx.analysers.push(a);
      return a;
    },
    createMediaStreamSource(stream) {
      const node = fakeNode();
      ctx.streamSources.push({ stream, node });
      return node;
    },
    createPeriodicWave(real, imag) {
      const wave = { real, imag };
      ctx.waves.push(wave);
      return wave;
    },
    decodeAudioData: (data) => Promise.resolve({ duration: data.byteLength / 4 / sampleRate }),
  };
  return ctx;
}
