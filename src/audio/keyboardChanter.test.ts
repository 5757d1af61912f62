import { describe, expect, it } from 'vitest';
import {
  KEYBOARD_CLARITY,
  STUCK_NOTE_MS,
  createKeyboardChanter,
  keyboardPitch,
  type KeyEventLike,
  type KeyTargetLike,
} from './keyboardChanter.ts';
import { fakeClock } from './testing/fakeClock.ts';

type Listener = (event: KeyEventLike) => void;

function fakeTarget() {
  const listeners = new Map<string, Set<Listener>>();
  const target = {
    addEventListener(type: string, listener: Listener) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener(type: string, listener: Listener) {
      listeners.get(type)?.delete(listener);
    },
    fire(type: string, event: Partial<KeyEventLike> = {}) {
      const full: KeyEventLike = {
        key: '',
        code: event.key ? `Key${event.key.toUpperCase()}` : '',
        ctrlKey: false,
        altKey: false,
        metaKey: false,
        target: { tagName: 'BODY' },
        ...event,
      };
      for (const l of listeners.get(type) ?? []) l(full);
    },
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
  // The fake hands the chanter plain objects with the KeyboardEvent fields it reads.
  return target as typeof target & KeyTargetLike;
}

function setup() {
  const target = fakeTarget();
  const clock = fakeClock();
  const chanter = createKeyboardChanter({ target, clock });
  return { target, clock, chanter };
}

const key = (k: string, extra: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target: null,
  ...extra,
});

describe('keyboard chanter', () => {
  it('R-5.KEYBOARD-03 maps g a b c d e f G A to Low G … High A', () => {
    const map = Object.fromEntries([...'gabcdefGA'].map((k) => [k, keyboardPitch(key(k))]));
    expect(map).toEqual({
      g: 'LG',
      a: 'LA',
      b: 'B',
      c: 'C',
      d: 'D',
      e: 'E',
      f: 'F',
      G: 'HG',
      A: 'HA',
    });
    expect(keyboardPitch(key('h'))).toBeNull();
    expect(keyboardPitch(key('E'))).toBeNull();
  });

  it('R-5.KEYBOARD-01 ignores keys with ctrl, alt or meta held', () => {
    expect(keyboardPitch(key('a', { ctrlKey: true }))).toBeNull();
    expect(keyboardPitch(key('a', { altKey: true }))).toBeNull();
    expect(keyboardPitch(key('a', { metaKey: true }))).toBeNull();
  });

  it('R-5.KEYBOARD-02 ignores keys typed into an input or a textarea', () => {
    expect(keyboardPitch(key('a', { target: { tagName: 'INPUT' } }))).toBeNull();
    expect(keyboardPitch(key('a', { target: { tagName: 'TEXTAREA' } }))).toBeNull();
    expect(keyboardPitch(key('a', { target: { tagName: 'BUTTON' } }))).toBe('LA');
  });

  it('R-4.KEYBOARD-01 goes from inactive to active on start, and hears nothing before', async () => {
    const { target, chanter } = setup();
    expect(chanter.active).toBe(false);
    target.fire('keydown', { key: 'e' });
    expect(chanter.getSnapshot().note).toBeNull();
    await chanter.start();
    expect(chanter.active).toBe(true);
    expect(chanter.getSnapshot().status).toBe('listening');
  });

  it('R-4.KEYBOARD-02 R-4.KEYBOARD-03 R-9.CONST-30 a mapped key down sets the note, tells listeners, clarity 0.9', async () => {
    const { target, chanter } = setup();
    await chanter.start();
    let calls = 0;
    chanter.subscribe(() => calls++);
    target.fire('keydown', { key: 'e' });
    expect(calls).toBe(1);
    expect(chanter.getSnapshot()).toMatchObject({
      note: 'E',
      hz: 720,
      cents: 0,
      clarity: KEYBOARD_CLARITY,
    });
    expect(KEYBOARD_CLARITY).toBe(0.9);
  });

  it('R-4.KEYBOARD-04 key up of the current note clears it; another key up does not', async () => {
    const { target, chanter } = setup();
    await chanter.start();
    target.fire('keydown', { key: 'g' });
    target.fire('keydown', { key: 'd' });
    target.fire('keyup', { key: 'g' });
    expect(chanter.getSnapshot().note).toBe('D');
    target.fire('keyup', { key: 'd' });
    expect(chanter.getSnapshot().note).toBeNull();
  });

  it('R-4.KEYBOARD-04 shift released first still clears High A (keys tracked by code)', async () => {
    const { target, chanter } = setup();
    await chanter.start();
    target.fire('keydown', { key: 'A', code: 'KeyA' });
    expect(chanter.getSnapshot().note).toBe('HA');
    target.fire('keyup', { key: 'a', code: 'KeyA' });
    expect(chanter.getSnapshot().note).toBeNull();
  });

  it('R-4.KEYBOARD-05 R-9.CONST-31 a note held over 2000 ms with no key down is cleared as stuck', async () => {
    const { target, clock, chanter } = setup();
    await chanter.start();
    expect(STUCK_NOTE_MS).toBe(2000);
    target.fire('keydown', { key: 'c' });
    target.fire('blur'); // the key-up goes to another window and is lost
    clock.advance(1900);
    expect(chanter.getSnapshot().note).toBe('C');
    clock.advance(400);
    expect(chanter.getSnapshot().note).toBeNull();
    expect(clock.pending).toBe(0);
  });

  it('R-4.KEYBOARD-05 a note whose key is still down is not stuck', async () => {
    const { target, clock, chanter } = setup();
    await chanter.start();
    target.fire('keydown', { key: 'c' });
    clock.advance(5000);
    expect(chanter.getSnapshot().note).toBe('C');
  });

  it('issue 14.1: every key change is a reading stamped on the audio clock it is given', async () => {
    const target = fakeTarget();
    const clock = fakeClock();
    let audioNow = 42;
    const chanter = createKeyboardChanter({ target, clock, audioTime: () => audioNow });
    const readings: unknown[] = [];
    chanter.onReading((r) => readings.push(r));
    await chanter.start();
    target.fire('keydown', { key: 'G' }); // a High G grace note…
    audioNow = 42.03;
    target.fire('keydown', { key: 'd' }); // …onto D, 30 ms later
    audioNow = 42.5;
    target.fire('keyup', { key: 'd' });
    expect(readings).toEqual([
      { note: null, hz: null, cents: null, clarity: 0, time: 42 },
      { note: 'HG', hz: 840, cents: 0, clarity: 0.9, time: 42 },
      { note: 'D', hz: 640, cents: 0, clarity: 0.9, time: 42.03 },
      { note: null, hz: null, cents: null, clarity: 0, time: 42.5 },
    ]);
    chanter.dispose();
  });

  it('issue 17.3: a held key repeats its reading every 20 ms like the worklet, and stops on release', async () => {
    const target = fakeTarget();
    const clock = fakeClock();
    const chanter = createKeyboardChanter({
      target,
      clock,
      audioTime: () => clock.now() / 1000,
    });
    const times: string[] = [];
    chanter.onReading((r) => times.push(`${r.note} ${Math.round(r.time * 1000)}`));
    await chanter.start();
    let renders = 0;
    chanter.subscribe(() => renders++);
    target.fire('keydown', { key: 'd' });
    clock.advance(45);
    target.fire('keyup', { key: 'd' });
    clock.advance(100);
    expect(times).toEqual(['null 0', 'D 0', 'D 20', 'D 40', 'null 45']);
    // Repeats are for engines only: React hears the key change, not every repeat.
    expect(renders).toBe(2);
    chanter.dispose();
  });

  it('dispose() removes every key listener, timer and subscriber', async () => {
    const { target, clock, chanter } = setup();
    await chanter.start();
    let calls = 0;
    chanter.subscribe(() => calls++);
    target.fire('keydown', { key: 'b' });
    chanter.dispose();
    expect(target.count()).toBe(0);
    expect(clock.pending).toBe(0);
    expect(chanter.active).toBe(false);
    const before = calls;
    target.fire('keydown', { key: 'a' });
    expect(calls).toBe(before);
    expect(chanter.getSnapshot().note).toBeNull();
  });
});
