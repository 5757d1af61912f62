/**
 * The one units module (DESIGN habit 4, 'Where the code drifted': `Seconds` was declared three
 * times). Named number types so a signature says what a number means; they are plain numbers
 * at run time, so they cost nothing and convert freely. It lives in music/ because music/ is
 * imported by everything (audio/, contracts/, web/, server/) and itself needs seconds (game
 * rules) and hertz (notes); see docs/decisions/021-note-events.md.
 */

/** A frequency in hertz. */
export type Hz = number;

/** A pitch interval in cents (1200 per octave). */
export type Cents = number;

/**
 * A time or duration in seconds. On the audio clock (an AudioContext's currentTime) unless
 * the declaration says which clock.
 */
export type Seconds = number;

/** Beats per minute. */
export type Bpm = number;

/** A duration in milliseconds: timers (setTimeout) and performance.now() count in these. */
export type Milliseconds = number;
