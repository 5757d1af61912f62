/**
 * The timers and clock every engine of the audio layer takes as parameters (DESIGN habit 3),
 * declared once ('Where the code drifted': four identical timer interfaces). `window`'s
 * setTimeout/clearTimeout and performance.now() satisfy them; src/audio/testing/fakeClock.ts
 * is the fake.
 */
import type { Milliseconds } from '../music/units.ts';

export interface Timers {
  setTimeout(callback: () => void, ms: Milliseconds): unknown;
  clearTimeout(handle: unknown): void;
}

/** Timers with the time they run on (performance.now(), not the audio clock). */
export interface Clock extends Timers {
  now(): Milliseconds;
}
