/** The composer's note lengths (ticks of a semiquaver) in a piper's words. */
export const TICK_NAMES: Readonly<Record<number, string>> = {
  0.5: 'demisemiquaver',
  1: 'semiquaver',
  1.5: 'dotted semiquaver',
  2: 'quaver',
  3: 'dotted quaver',
  4: 'crotchet',
  6: 'dotted crotchet',
  8: 'minim',
  12: 'dotted minim',
  16: 'semibreve',
};
