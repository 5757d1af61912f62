/**
 * The keyboard as a simulated chanter (spec §4 and §5 'Keyboard chanter', §9 constants).
 * No React and no globals: the key event target and the clock are passed in (DESIGN habit 2,
 * 3), so tests drive it with a fake target and fake time.
 */
import type { Chanter } from '../music/chanter.ts';
import { STANDARD_CHANTER } from '../music/chanter.ts';
import { pitches, type Pitch } from '../music/notes.ts';
import type { Seconds } from '../music/units.ts';
import type { Clock } from './timers.ts';
import { IDLE_READING, createEmitter, type NoteReading, type NoteSource } from './noteSource.ts';
import type { TimedReading } from './noteEvents/noteEvent.ts';

/** R-5.KEYBOARD-03: lower-case g…f for Low G…F, capitals G and A for High G and High A. */
export const KEYBOARD_MAP: Readonly<Record<string, Pitch>> = {
  g: 'LG',
  a: 'LA',
  b: 'B',
  c: 'C',
  d: 'D',
  e: 'E',
  f: 'F',
  G: 'HG',
  A: 'HA',
};

/** R-9.CONST-30. */
export const KEYBOARD_CLARITY = 0.9;
/** R-9.CONST-31 / R-4.KEYBOARD-05. */
export const STUCK_NOTE_MS = 2000;
/** How often a held note is checked for being stuck; well under the timeout. */
const STUCK_CHECK_MS = 250;
/**
 * A held key repeats its reading this often, as the worklet does while a note holds
 * (pitch/worklet/messages.ts READING_INTERVAL, 20 ms): a Battle answer's trace needs two or
 * more readings of the note (src/music/battle/noteTrace.ts; issue 17 item 3), and the
 * keyboard chanter must pass the same check as the microphone.
 */
export const KEYBOARD_READING_INTERVAL_MS = 20;

/** The parts of a KeyboardEvent the chanter reads. */
export interface KeyEventLike {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly repeat?: boolean;
  readonly target: unknown;
}

/** A window or document: where key events arrive (a fake in tests). */
export interface KeyTargetLike {
  addEventListener(type: 'keydown' | 'keyup', listener: (event: KeyboardEvent) => void): void;
  addEventListener(type: 'blur', listener: () => void): void;
  removeEventListener(type: 'keydown' | 'keyup', listener: (event: KeyboardEvent) => void): void;
  removeEventListener(type: 'blur', listener: () => void): void;
}

// Was declared here before ADR 021; kept so branches that import it from here still build.
export type { Clock } from './timers.ts';

export interface KeyboardChanterOptions {
  target: KeyTargetLike;
  /** Times the stuck-key check (milliseconds, like performance.now()). */
  clock: Clock;
  /**
   * The audio clock that readings are stamped with for note events (issue 14 item 1), in
   * seconds; by default `clock.now() / 1000`.
   */
  audioTime?: () => Seconds;
  /** Frequencies reported for each note; the keyboard chanter sounds standard. */
  chanter?: Chanter;
}

/** R-5.KEYBOARD-01/-02: modifier chords and typing in a field are not chanter notes. */
export function keyboardPitch(event: KeyEventLike): Pitch | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTextField(event.target)) return null;
  return KEYBOARD_MAP[event.key] ?? null;
}

function isTextField(target: unknown): boolean {
  const tag = (target as { tagName?: unknown } | null)?.tagName;
  return typeof tag === 'string' && /^(input|textarea)$/i.test(tag);
}

/** Shift changes `key` ('a' → 'A') between down and up, but not `code`: track keys by code. */
const keyId = (e: KeyEventLike) => e.code || e.key;

export interface KeyboardChanter extends NoteSource {
  /** True between start() and stop() (R-4.KEYBOARD-01). */
  readonly active: boolean;
}

export function createKeyboardChanter({
  target,
  clock,
  chanter = STANDARD_CHANTER,
  audioTime = () => clock.now() / 1000,
}: KeyboardChanterOptions): KeyboardChanter {
  const emitter = createEmitter();
  const readings = createEmitter<TimedReading>();
  let active = false;
  let snapshot: NoteReading = IDLE_READING;
  /** Keys down now (by code); a lost key-up (focus moved away) is forgotten on blur. */
  const pressed = new Set<string>();
  let noteKey: string | null = null;
  let noteSince = 0;
  let check: unknown = null;
  let repeat: unknown = null;
  let held: Omit<TimedReading, 'time'> | null = null;

  function repeatReading() {
    repeat = null;
    if (!held) return;
    readings.emit({ ...held, time: audioTime() });
    repeat = clock.setTimeout(repeatReading, KEYBOARD_READING_INTERVAL_MS);
  }

  const set = (next: NoteReading) => {
    snapshot = next;
    emitter.emit();
  };

  function setNote(pitch: Pitch | null) {
    const hz = pitch ? (chanter.frequencies[pitches.indexOf(pitch)] ?? null) : null;
    const reading = {
      note: pitch,
      hz,
      cents: pitch ? 0 : null,
      clarity: pitch ? KEYBOARD_CLARITY : 0,
    };
    // The same shape as the microphone's readings, so note events do not care which it was.
    readings.emit({ ...reading, time: audioTime() });
    if (repeat !== null) clock.clearTimeout(repeat);
    repeat = null;
    held = pitch ? reading : null;
    if (held) repeat = clock.setTimeout(repeatReading, KEYBOARD_READING_INTERVAL_MS);
    set({ ...IDLE_READING, ...reading, status: 'listening', steady: pitch !== null });
  }

  function clearNote() {
    noteKey = null;
    if (check !== null) clock.clearTimeout(check);
    check = null;
    if (snapshot.note !== null) setNote(null);
  }

  /** R-4.KEYBOARD-05: over 2 s with no key down means the key-up was lost. */
  function checkStuck() {
    check = null;
    if (noteKey === null) return;
    if (pressed.size === 0 && clock.now() - noteSince > STUCK_NOTE_MS) {
      clearNote();
      return;
    }
    check = clock.setTimeout(checkStuck, STUCK_CHECK_MS);
  }

  const onKeyDown = (event: KeyEventLike) => {
    const pitch = keyboardPitch(event);
    if (!pitch) return;
    pressed.add(keyId(event));
    if (event.repeat && snapshot.note === pitch) return;
    noteKey = keyId(event);
    noteSince = clock.now();
    if (check === null) check = clock.setTimeout(checkStuck, STUCK_CHECK_MS);
    setNote(pitch); // R-4.KEYBOARD-02/-03
  };

  const onKeyUp = (event: KeyEventLike) => {
    const id = keyId(event);
    pressed.delete(id);
    if (id === noteKey) clearNote(); // R-4.KEYBOARD-04
  };

  const onBlur = () => pressed.clear();

  function stop() {
    if (!active) return;
    active = false;
    target.removeEventListener('keydown', onKeyDown);
    target.removeEventListener('keyup', onKeyUp);
    target.removeEventListener('blur', onBlur);
    pressed.clear();
    clearNote();
    set(IDLE_READING);
  }

  return {
    get active() {
      return active;
    },
    start() {
      if (!active) {
        active = true;
        target.addEventListener('keydown', onKeyDown);
        target.addEventListener('keyup', onKeyUp);
        target.addEventListener('blur', onBlur);
        setNote(null);
      }
      return Promise.resolve();
    },
    stop,
    getSnapshot: () => snapshot,
    subscribe: emitter.subscribe,
    onReading: readings.subscribe,
    dispose() {
      stop();
      emitter.clear();
      readings.clear();
    },
  };
}
