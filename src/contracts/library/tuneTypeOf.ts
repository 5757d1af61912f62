import type { TimeSignatureName, TuneType } from './libraryTerms.ts';

/** '6/8' from a tune's first time signature; 'C' and cut time as pipers write them. */
export function timeSignatureName(
  beats: number,
  beatType: number,
  symbol: string | null = null,
): TimeSignatureName {
  if (symbol === 'common') return 'C';
  if (symbol === 'cut') return '2/2';
  const name = `${beats}/${beatType}`;
  const known = ['2/4', '3/4', '4/4', '6/8', '9/8', '12/8', '3/8', '2/2'];
  return (known.includes(name) ? name : 'other') as TimeSignatureName;
}

/**
 * The library's tune type from a file's type text ('March', 'Slow Air', 'Retreat March') and
 * time signature (issue 15 item 2): a march is filed by its time; an unknown word is 'other'.
 */
export function tuneTypeOf(typeText: string | null, time: TimeSignatureName): TuneType {
  const text = (typeText ?? '').toLowerCase();
  if (text.includes('retreat')) return 'retreat';
  if (text.includes('strathspey')) return 'strathspey';
  if (text.includes('reel')) return 'reel';
  if (text.includes('jig')) return 'jig';
  if (text.includes('hornpipe')) return 'hornpipe';
  if (text.includes('slow air') || text === 'air' || text.includes('lament')) return 'slow air';
  if (text.includes('piobaireachd') || text.includes('pibroch')) return 'piobaireachd';
  if (text.includes('march')) {
    if (time === '6/8') return '6/8 march';
    if (time === '3/4') return '3/4 march';
    if (time === '4/4' || time === 'C') return '4/4 march';
    return '2/4 march';
  }
  return 'other';
}
