import type { RecentTune, SheetMusicRecent } from '../../storage/keys.ts';

/**
 * A local file's text is remembered only up to this size: real tunes are a few kB, and a very
 * large value would crowd the 5 MB of local storage (spec §9). A larger file simply is not
 * remembered; Sheet Music then reopens on the first library tune.
 */
export const MAX_REMEMBERED_BWW_CHARS = 200_000;

/** The record to store for the tune now open (issue 6 item 8). */
export function rememberTune(tune: RecentTune, tuneIndex: number): SheetMusicRecent {
  if (tune.kind === 'file' && tune.bww.length > MAX_REMEMBERED_BWW_CHARS) {
    return { tune: null, tuneIndex: 0 };
  }
  return { tune, tuneIndex };
}
