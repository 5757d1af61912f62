/**
 * A recording fake of the Web Audio parts the chanter voice and the tune player use, for unit
 * tests (DESIGN habit 2: engines take their context as a parameter). Every automation call is
 * kept so tests read the scheduled pitches and envelope as plain numbers.
 */
import type { NodeLike, ParamLike } from '../toneGenerator.ts';
import type { ChanterContextLike, ChanterOscillatorLike } from './chanterVoice.ts';

export type ParamEvent = readonly ['set' | 'ramp' | 'cancel', number, number];

export interface FakeParam extends ParamLike {
  readonly events: ParamEvent[];
  /** The value in force at time t from set/ramp events (ramps read as their end value). */
  valueAt(t: number): number | undefined;
}

export function fakeParam(): FakeParam {
  const events: ParamEvent[] = [];
  return {
    events,
    setValueAtTime: (v, t) => events.push(['set', v, t]),
    linearRampToValueAtTime: (v, t) => events.push(['ramp', v, t]),
    cancelScheduledValues: (t) => events.push(['cancel', 0, t]),
    valueAt(t) {
      let value: number | undefined;
      let at = -Infinity;
      for (const [kind, v, time] of events) {
        if (kind !== 'cancel' && time <= t && time >= at) {
          value = v;
          at = time;
        }
      }
      return value;
    },
  };
}

export interface FakeNode extends NodeLike {
  readonly connected: NodeLike[];
  disconnected: boolean;
}

function fakeNode(): FakeNode {
  const node: FakeNode = {
    connected: [],
    disconnected: false,
    connect: (d) => node.connected.push(d),
    disconnect() {
      node.connected.length = 0;
      node.disconnected = true;
    },
  };
  return node;
}

export interface FakeOscillator extends ChanterOscillatorLike, FakeNode {
  readonly frequency: FakeParam;
  wave: object | null;
  startedAt: number | null;
  stoppedAt: number | null;
  /** What the browser does when the stop time passes. */
  end(): void;
}

export interface FakeGain extends FakeNode {
  readonly gain: FakeParam;
}

export interface FakeChanterContext extends ChanterContextLike {
  currentTime: number;
  readonly destination: FakeNode;
  readonly oscillators: FakeOscillator[];
  readonly gains: FakeGain[];
  readonly waves: object[];
}

export function fakeChanterContext(currentTime = 0): FakeChanterContext {
  const ctx: FakeChanterContext = {
    currentTime,
    destination: fakeNode(),
    oscillators: [],
    gains: [],
    waves: [],
    createOscillator() {
      const osc: FakeOscillator = {
        ...fakeNode(),
        frequency: fakeParam(),
        onended: null,
        wave: null,
        startedAt: null,
        stoppedAt: null,
        setPeriodicWave(w) {
          osc.wave = w;
        },
        start(when = 0) {
          osc.startedAt = when;
        },
        stop(when = 0) {
          osc.stoppedAt = when;
        },
        end() {
          osc.onended?.call(undefined as never, new Event('ended'));
        },
      };
      // fakeNode's methods close over their own object: rebind them to this one.
      osc.connect = (d) => osc.connected.push(d);
      osc.disconnect = () => {
        osc.connected.length = 0;
        osc.disconnected = true;
      };
      ctx.oscillators.push(osc);
      return osc;
    },
    createGain() {
      const g: FakeGain = { ...fakeNode(), gain: fakeParam() };
      g.connect = (d) => g.connected.push(d);
      g.disconnect = () => {
        g.connected.length = 0;
        g.disconnected = true;
      };
      ctx.gains.push(g);
      return g;
    },
    createPeriodicWave(real, imag) {
      const wave = { real, imag };
      ctx.waves.push(wave);
      return wave;
    },
  };
  return ctx;
}
