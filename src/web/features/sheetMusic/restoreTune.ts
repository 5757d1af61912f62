import type { LibraryTune } from '../../../music/library/libraryTunes.ts';
import type { RecentTune, SheetMusicRecent } from '../../storage/keys.ts';
import { openBww, type OpenedFile } from '../../ui/tunes/openBww.ts';

export interface RestoredTune {
  readonly file: OpenedFile;
  readonly ref: RecentTune;
  readonly tuneIndex: number;
}

function openRef(ref: RecentTune, library: readonly LibraryTune[]): OpenedFile | null {
  if (ref.kind === 'file') {
    const result = openBww(ref.name, ref.bww, 'file');
    return result.ok ? result.file : null;
  }
  const entry = library.find((t) => t.id === ref.id);
  if (!entry) return null;
  const result = openBww(entry.title, entry.bww, 'library');
  return result.ok ? result.file : null;
}

/**
 * The tune Sheet Music opens with (issue 6 item 8): the one remembered, else the first library
 * tune. A remembered library id that no longer exists, or a stored file that no longer holds
 * music, falls back quietly: the piper gets a tune, not an error about an old visit.
 */
export function restoreTune(
  recent: SheetMusicRecent,
  library: readonly LibraryTune[],
): RestoredTune | null {
  if (recent.tune) {
    let file: OpenedFile | null = null;
    try {
      file = openRef(recent.tune, library);
    } catch {
      // The reader never throws by contract; a stored value must not break the screen anyway.
    }
    if (file) {
      const tuneIndex = recent.tuneIndex < file.tunes.length ? recent.tuneIndex : 0;
      return { file, ref: recent.tune, tuneIndex };
    }
  }
  const first = library[0];
  if (!first) return null;
  const ref: RecentTune = { kind: 'library', id: first.id };
  const file = openRef(ref, library);
  return file ? { file, ref, tuneIndex: 0 } : null;
}
