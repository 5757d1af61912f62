/**
 * What the library files a parsed BWW tune under (issue 15 item 2): its time signature as
 * pipers name it and its tune type from the header word ('March', 'Jig' …) with the time
 * signature deciding which march.
 */
import type { TimeSignatureName, TuneType } from '../../../contracts/library/libraryTerms.ts';
import { TIME_SIGNATURES } from '../../../contracts/library/libraryTerms.ts';
import type { TimeSignature, Tune } from '../../../music/tune/tune.ts';

/** The first time signature written in the tune, as TIME_SIGNATURES names it. */
export function timeSignatureOf(tune: Tune): TimeSignatureName | null {
  for (const part of tune.parts) {
    for (const line of part.lines) {
      if (line.time) return timeName(line.time);
    }
  }
  return null;
}

export function timeName(time: TimeSignature): TimeSignatureName {
  if (time.symbol === 'common') return 'C';
  if (time.symbol === 'cut') return '2/2';
  const name = `${time.beats}/${time.beatType}`;
  return (TIME_SIGNATURES as readonly string[]).includes(name)
    ? (name as TimeSignatureName)
    : 'other';
}

const MARCH_BY_TIME: Partial<Record<TimeSignatureName, TuneType>> = {
  '2/4': '2/4 march',
  '6/8': '6/8 march',
  '3/4': '3/4 march',
  '4/4': '4/4 march',
  C: '4/4 march',
  '2/2': '4/4 march',
  '12/8': '6/8 march',
};

/**
 * 'March' + 2/4 → '2/4 march'; 'Slow Air' → 'slow air'; a word the library has no type for
 * (a waltz, a hymn) → 'other'. The catalogue's words: src/music/library/libraryTunes.ts.
 */
export function tuneTypeOf(word: string, time: TimeSignatureName | null): TuneType {
  const text = word.toLowerCase();
  if (text.includes('retreat')) return 'retreat';
  if (text.includes('strathspey')) return 'strathspey';
  if (text.includes('reel')) return 'reel';
  if (text.includes('jig')) return 'jig';
  if (text.includes('hornpipe')) return 'hornpipe';
  if (text.includes('piob') || text.includes('ceol mor')) return 'piobaireachd';
  if (text.includes('march')) {
    const written = /(\d+)\s*\/\s*(\d+)/.exec(text);
    const named = written ? (`${written[1]}/${written[2]}` as TimeSignatureName) : time;
    return (named && MARCH_BY_TIME[named]) || 'other';
  }
  if (text.includes('air')) return 'slow air';
  return 'other';
}
