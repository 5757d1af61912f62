/**
 * Which groups of library tunes each form learns from (issue 19 item 1): its own type and time
 * signature first, then related tunes, then every tune ('*'), so a form the library has few or
 * no tunes of (retreats, strathspeys, hornpipes) still composes from the nearest ones. Rhythm
 * learns only from tunes of the same type and time signature: a retreat's beat is not a march's.
 */
import type { ComposerForm } from './composerForms.ts';

export const MELODY_GROUPS: Readonly<Record<ComposerForm, readonly string[]>> = {
  '2/4 march': ['march 2/4', 'march', '*'],
  '6/8 march': ['march 6/8', 'march', '*'],
  '3/4 march': ['march 3/4', 'march', '*'],
  '4/4 march': ['march 4/4', 'march', '*'],
  retreat: ['retreat', 'march 3/4', '*'],
  strathspey: ['strathspey', 'march 4/4', '*'],
  reel: ['reel', '*'],
  jig: ['jig', '*'],
  hornpipe: ['hornpipe', 'march 2/4', '*'],
  'slow air': ['slow air 3/4', 'slow air', '*'],
};

export const RHYTHM_GROUPS: Readonly<Record<ComposerForm, readonly string[]>> = {
  '2/4 march': ['march 2/4'],
  '6/8 march': ['march 6/8'],
  '3/4 march': ['march 3/4'],
  '4/4 march': ['march 4/4'],
  retreat: ['retreat 3/4'],
  strathspey: ['strathspey 4/4'],
  reel: ['reel 2/2'],
  jig: ['jig 6/8'],
  hornpipe: ['hornpipe 2/4'],
  'slow air': ['slow air 3/4'],
};
