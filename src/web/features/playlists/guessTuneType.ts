/**
 * The library's tune type for an own BWW file (issue 15 item 7: items show their type), from
 * the words in the file's type field and its time signature. 'other' when the file says
 * nothing a piper would file the tune under; the piper can change it before adding.
 */
import type { TuneType } from '../../../contracts/library/libraryTerms.ts';

export function guessTuneType(typeText: string, time: string | null): TuneType {
  const words = typeText.toLowerCase();
  if (/strathspey/.test(words)) return 'strathspey';
  if (/reel/.test(words)) return 'reel';
  if (/jig/.test(words)) return 'jig';
  if (/hornpipe/.test(words)) return 'hornpipe';
  if (/retreat/.test(words)) return 'retreat';
  if (/\bair\b|slow/.test(words)) return 'slow air';
  if (/piobaireachd|pibroch|salute|lament/.test(words)) return 'piobaireachd';
  if (/march/.test(words)) {
    if (time === '2/4') return '2/4 march';
    if (time === '6/8') return '6/8 march';
    if (time === '3/4') return '3/4 march';
    if (time === '4/4' || time === 'C') return '4/4 march';
  }
  return 'other';
}
