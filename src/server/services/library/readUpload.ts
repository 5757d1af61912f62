/**
 * Reads an uploaded file into tunes (issue 15 item 3) — the one door every format comes
 * through, so the upload check, the upload and an owner's edit read files the same way.
 * MusicXML goes through the app's importer (issue 15 item 4, src/music/musicxml/); its
 * warnings name the measure.
 */
import { libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { importMusicXml } from '../../../music/musicxml/importMusicXml.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import { badRequest } from '../errors.ts';

export type UploadFormat = 'bww' | 'musicxml';

export interface ReadUpload {
  /** The tunes with music in them, in file order. */
  readonly tunes: readonly Tune[];
  /** 'line 3, column 7: …', at most MAX_WARNINGS. */
  readonly warnings: readonly string[];
}

export const MAX_WARNINGS = 50;

const hasMusic = (tune: Tune) =>
  tune.parts.some((part) =>
    part.lines.some((line) => line.bars.some((bar) => bar.items.some((i) => i.kind === 'note'))),
  );

export function readUpload(format: UploadFormat, text: string): ReadUpload {
  if (format === 'musicxml') {
    const imported = importMusicXml(text);
    if (imported.error) {
      throw badRequest(
        `text: ${libraryMessages.unreadable} (${imported.error.message})`,
        'unreadable',
      );
    }
    const { tune, warnings } = imported.data;
    if (!hasMusic(tune)) throw badRequest(`text: ${libraryMessages.unreadable}`, 'unreadable');
    return {
      tunes: [tune],
      warnings: warnings
        .slice(0, MAX_WARNINGS)
        .map((w) => (w.measure ? `measure ${w.measure}: ${w.message}` : w.message)),
    };
  }
  const parsed = parseBww(text);
  const tunes = parsed.tunes.filter(hasMusic);
  if (tunes.length === 0) throw badRequest(`text: ${libraryMessages.unreadable}`, 'unreadable');
  return {
    tunes,
    warnings: parsed.warnings
      .slice(0, MAX_WARNINGS)
      .map((w) => `line ${w.line}, column ${w.column}: ${w.message}`),
  };
}
