/**
 * Opening a BWW text for the Sheet Music screen (issue 6 item 8): the reader never throws, so
 * 'corrupt' means a file in which no music was found. The caller keeps whatever was open
 * before when this fails (nothing is lost), and shows the message.
 */
import type { BwwInput } from '../../../music/bww/decodeBww.ts';
import { parseBww, type BwwWarning } from '../../../music/bww/parseBww.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';

export interface OpenedFile {
  /** File name or library title, as shown. */
  readonly name: string;
  readonly source: 'library' | 'file';
  readonly tunes: readonly Tune[];
  readonly warnings: readonly BwwWarning[];
}

export type OpenResult =
  | { readonly ok: true; readonly file: OpenedFile }
  | { readonly ok: false; readonly message: string };

/** Real BWW files are a few kB to a few hundred kB; anything far larger is not one. */
export const MAX_BWW_BYTES = 2_000_000;

export function openBww(name: string, input: BwwInput, source: OpenedFile['source']): OpenResult {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_BWW_BYTES) {
    return {
      ok: false,
      message: `“${name}” is too large to be a Bagpipe Music Writer file (over 2 MB). Nothing was changed.`,
    };
  }
  const { tunes, warnings } = parseBww(input);
  const playable = tunes.filter((t) => notesOf(t).length > 0);
  if (playable.length === 0) {
    return {
      ok: false,
      message: `No music could be read from “${name}”: it does not look like a Bagpipe Music Writer (.bww) file. Nothing was changed.`,
    };
  }
  return { ok: true, file: { name, source, tunes: playable, warnings } };
}

/** A file name for a download: the title in lower case with dashes, or 'tune'. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'tune';
}
