/**
 * What Import Song shows before anything is sent (issue 15 items 3, 4): the file's format, its
 * tunes for the preview, and the details to prefill the form with. A file in which no music is
 * found gives the plain message, and nothing else changes. MusicXML is read here with the
 * app's importer (item 4), so the piper sees the tune before anything is sent.
 */
import { timeSignatureName, tuneTypeOf } from '../../../contracts/library/tuneTypeOf.ts';
import type { TimeSignatureName, TuneType } from '../../../contracts/library/libraryTerms.ts';
import { importMusicXml } from '../../../music/musicxml/importMusicXml.ts';
import { firstTimeSignature } from '../../../music/tune/performance.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import { openBww } from '../../ui/tunes/openBww.ts';

export type TuneFileFormat = 'bww' | 'musicxml';

export interface TuneFile {
  readonly name: string;
  readonly format: TuneFileFormat;
  readonly text: string;
  /** The tunes read here for the preview. */
  readonly tunes: readonly Tune[];
}

export interface TuneDetails {
  readonly title: string;
  readonly composer: string;
  readonly type: TuneType;
  readonly timeSignature: TimeSignatureName;
}

/** MusicXML by its name or its first element; everything else is read as BWW. */
export function formatOf(name: string, text: string): TuneFileFormat {
  if (/\.(musicxml|xml)$/i.test(name)) return 'musicxml';
  return /^\s*(<\?xml|<!DOCTYPE score-partwise|<score-partwise)/.test(text) ? 'musicxml' : 'bww';
}

export type ReadResult =
  { readonly ok: true; readonly file: TuneFile } | { readonly ok: false; readonly message: string };

export function readTuneFile(name: string, text: string): ReadResult {
  const format = formatOf(name, text);
  if (format === 'musicxml') {
    const imported = importMusicXml(text);
    if (imported.error) {
      return {
        ok: false,
        message: `No music could be read from “${name}”: ${imported.error.message}. Nothing was changed.`,
      };
    }
    return { ok: true, file: { name, format, text, tunes: [imported.data.tune] } };
  }
  const opened = openBww(name, text, 'file');
  if (!opened.ok) return opened;
  return { ok: true, file: { name, format, text, tunes: opened.file.tunes } };
}

/** The form's first values from one tune of the file. */
export function detailsOf(tune: Tune, index: number): TuneDetails {
  const named = tuneName(tune, index);
  const time = firstTimeSignature(tune);
  const timeSignature = timeSignatureName(time.beats, time.beatType, time.symbol);
  return {
    title: named.title,
    composer: named.composer || 'Traditional',
    type: tuneTypeOf(named.type || null, timeSignature),
    timeSignature,
  };
}
