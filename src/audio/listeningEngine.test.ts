import { describe, expect, it } from 'vitest';
import { createAudioContextProvider } from './audioContext.ts';
import {
  createListeningEngine,
  type ListeningContext,
  type WorkletNodeOptions,
} from './listeningEngine.ts';
import type { ControlMessage, ReadingMessage } from './pitch/worklet/messages.ts';
import type { NodeLike, PortLike } from './webAudio.ts';
import { fakeClock } from './testing/fakeClock.ts';

interface FakeNode extends NodeLike {
  connectedTo: NodeLike[];
  disconnected: number;
}
const node = (): FakeNode => {
  const n: FakeNode = {
    connectedTo: [],
    disconnected: 0,
    connect: (d) => n.connectedTo.push(d),
    disconnect: () => void n.disconnected++,
  };
  return n;
};

function setup(getUserMedia?: () => Promise<FakeStream>) {
  const tracks = [{ stopped: 0, stop: () => void tracks[0]!.stopped++ }];
  const stream: FakeStream = { getTracks: () => tracks };
  const log: string[] = [];
  const source = node();
  const context: ListeningContext<FakeStream> & { source: FakeNode; state: string } = {
    state: 'suspended',
    destination: node(),
    audioWorklet: {
      addModule: (url: string) => {
        log.push(`addModule ${url}`);
        return Promise.resolve();
      },
    },
    resume: () => {
      context.state = 'running';
      log.push('resume');
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
    source,
    createMediaStreamSource: (s: FakeStream) => {
      expect(s).toBe(stream);
      return source;
    },
  };
  const port: PortLike<ControlMessage> & { posted: unknown[]; closed: boolean } = {
    onmessage: null,
    posted: [],
    closed: false,
    postMessage: (m) => port.posted.push(m),
    close: () => void (port.closed = true),
  };
  const worklet = Object.assign(node(), { port });
  let options: WorkletNodeOptions | null = null;
  const constraints: MediaStreamConstraints[] = [];
  const engine = createListeningEngine({
    audio: createAudioContextProvider(() => context),
    mediaDevices: {
      getUserMedia: (c) => {
        constraints.push(c);
        return getUserMedia ? getUserMedia() : Promise.resolve(stream);
      },
    },
    timers: fakeClock(),
    workletUrl: '/assets/processor.js',
    createWorkletNode: (_c, name, o) => {
      log.push(`node ${name}`);
      options = o;
      return worklet;
    },
    deviceId: 'mic-1',
  });
  const post = (m: Partial<ReadingMessage>) =>
    port.onmessage?.({
      data: {
        type: 'reading',
        note: null,
        hz: null,
        cents: null,
        clarity: 0,
        steady: false,
        time: 0,
        ...m,
      },
    } as MessageEvent);
  return { engine, context, tracks, worklet, port, log, post, constraints, options: () => options };
}
interface FakeStream {
  getTracks(): { stop(): void }[];
}

describe('listening engine', () => {
  it('prepare() loads the worklet before the click, without resuming; start() does not load it again', async () => {
    const t = setup();
    t.engine.prepare();
    t.engine.prepare();
    expect(t.log).toEqual(['addModule /assets/processor.js']);
    expect(t.context.state).toBe('suspended');
    await t.engine.start();
    expect(t.log).toEqual(['addModule /assets/processor.js', 'resume', 'node chanter-listener']);
  });

  it('R-1.USERS-01 wires mic → worklet → destination and reports what the worklet hears', async () => {
    const t = setup();
    const seen: string[] = [];
    t.engine.subscribe(() => seen.push(t.engine.getSnapshot().status));
    await t.engine.start();
    expect(t.log).toEqual(['resume', 'addModule /assets/processor.js', 'node chanter-listener']);
    expect(t.constraints[0]!.audio).toMatchObject({
      deviceId: { exact: 'mic-1' },
      echoCancellation: false,
    });
    expect(t.options()!.processorOptions.settings.gain).toBe(3);
    expect(t.context.source.connectedTo).toEqual([t.worklet]);
    expect(t.worklet.connectedTo).toEqual([t.context.destination]);
    expect(seen).toEqual(['starting', 'listening']);
    t.post({ note: 'LA', hz: 486, cents: 21.5, clarity: 0.95, steady: true });
    expect(t.engine.getSnapshot()).toMatchObject({
      note: 'LA',
      hz: 486,
      cents: 21.5,
      steady: true,
    });
  });

  it('does not wake the screen for silence after silence', async () => {
    const t = setup();
    await t.engine.start();
    let renders = 0;
    t.engine.subscribe(() => renders++);
    t.post({ note: null, clarity: 0.1 });
    t.post({ note: null, clarity: 0.05 });
    expect(renders).toBe(0);
    t.post({ note: 'B', hz: 540, cents: 0, clarity: 0.9 });
    t.post({ note: null, clarity: 0.1 });
    t.post({ note: null, clarity: 0.1 });
    expect(renders).toBe(2);
    expect(t.engine.getSnapshot().note).toBeNull();
  });

  it('issue 14.1: hands engines every reading with its audio-clock time, even those React skips', async () => {
    const t = setup();
    await t.engine.start();
    const readings: unknown[] = [];
    t.engine.onReading((r) => readings.push(r));
    let renders = 0;
    t.engine.subscribe(() => renders++);
    // A grace note: three readings within 25 ms, faster than a screen redraws.
    t.post({ note: 'LA', hz: 480, cents: 0, clarity: 0.9, time: 12.3 });
    t.post({ note: 'HG', hz: 840, cents: 1, clarity: 0.8, time: 12.5 });
    t.post({ note: 'D', hz: 640, cents: -2, clarity: 0.9, time: 12.525 });
    expect(readings).toEqual([
      { note: 'LA', hz: 480, cents: 0, clarity: 0.9, time: 12.3 },
      { note: 'HG', hz: 840, cents: 1, clarity: 0.8, time: 12.5 },
      { note: 'D', hz: 640, cents: -2, clarity: 0.9, time: 12.525 },
    ]);
    expect(renders).toBe(3);
    // Stopping mid-note ends the note at its last reading.
    t.engine.stop();
    expect(readings.at(-1)).toEqual({
      note: null,
      hz: null,
      cents: null,
      clarity: 0.9,
      time: 12.525,
    });
  });

  it('R-5.INPUTS-11 sends clamped gain changes to the worklet while listening', async () => {
    const t = setup();
    await t.engine.start();
    t.engine.setSettings({ ...t.options()!.processorOptions.settings, gain: 3.04 });
    expect(t.port.posted).toEqual([
      { type: 'settings', settings: expect.objectContaining({ gain: 3 }) },
    ]);
  });

  it("issue 14.5: 'Pipes' input reaches the worklet at start and live", async () => {
    const t = setup();
    t.engine.setPipes(true);
    await t.engine.start();
    expect(t.options()!.processorOptions.pipes).toBe(true);
    t.engine.setPipes(false);
    expect(t.port.posted).toEqual([{ type: 'pipes', pipes: false }]);
  });

  it('R-8.MIC-02 shows the §8 message when the piper denies access', async () => {
    const t = setup(() =>
      Promise.reject(Object.assign(new Error('x'), { name: 'NotAllowedError' })),
    );
    await t.engine.start();
    expect(t.engine.getSnapshot()).toMatchObject({
      status: 'error',
      error: {
        code: 'NotAllowedError',
        message: 'Microphone access was denied. Please allow access in your browser settings.',
      },
    });
  });

  it('dispose() stops the tracks, disconnects every node and closes the port', async () => {
    const t = setup();
    await t.engine.start();
    t.engine.dispose();
    expect(t.tracks[0]!.stopped).toBe(1);
    expect(t.context.source.disconnected).toBe(1);
    expect(t.worklet.disconnected).toBe(1);
    expect(t.port.closed).toBe(true);
    expect(t.engine.getSnapshot().status).toBe('idle');
  });

  it('stop() during start releases the microphone as soon as it arrives', async () => {
    const t = setup();
    const starting = t.engine.start();
    t.engine.stop();
    await starting;
    expect(t.tracks[0]!.stopped).toBe(1);
    expect(t.engine.getSnapshot().status).toBe('idle');
  });
});
