/**
 * The built-in tunes as the library seeds them (issue 15 items 2 and 10): one small typed
 * input per tune, with the rights of each tune (composer, death year, oldest printed source,
 * verdict — src/music/library/libraryRights.ts) laid over what its file says.
 *
 * The .bww files are read from disk, not through Vite's import.meta.glob (which neither tsx
 * nor the esbuild server bundle has): beside the sources in src/music/library, or in
 * dist-server/library-tunes where scripts/build-server.mjs copies them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Licence, TuneType } from '../../../contracts/library/libraryTerms.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { rightsOf, type LibraryRights } from '../../../music/library/libraryRights.ts';
import { tuneText } from '../../../music/tune/tune.ts';
import { timeSignatureOf, tuneTypeOf } from './tuneFacts.ts';

export interface BuiltinTuneInput {
  /** The file name without '.bww'; the seed key (library_settings.builtin_id). */
  readonly id: string;
  readonly title: string;
  readonly aliases: readonly string[];
  readonly type: TuneType;
  /** '2/4', '6/8', 'C' … (TIME_SIGNATURES). */
  readonly timeSignature: string;
  readonly composer: string;
  readonly composerDates: string | null;
  readonly source: string | null;
  readonly licence: Licence;
  readonly notes: string | null;
  readonly bww: string;
}

/** The built server's copy first, then the sources (tsx, tests). */
const CANDIDATE_DIRS = [
  new URL('./library-tunes/', import.meta.url),
  new URL('../../../music/library/', import.meta.url),
];

export function builtinTuneDir(): string {
  for (const url of CANDIDATE_DIRS) {
    const dir = fileURLToPath(url);
    if (existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.bww'))) return dir;
  }
  throw new Error('The built-in tunes (*.bww) were not found beside the server');
}

/** The names a tune is also known by (beyond its file's title). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  'cock-o-the-north': ['Cock of the North'],
  'hundred-pipers': ['A Hundred Pipers', 'Wi a Hundred Pipers an a'],
  'minstrel-boy': ['The Moreen'],
  'sally-gardens': ['The Sally Gardens', 'Maids of the Mourne Shore'],
  'reel-of-tulloch': ['Reel o Tulloch', 'Thulachan'],
};

const SOURCE = 'Chanterlab built-in library: transcribed for the Highland pipe (arrangement MIT)';

/** 'Ross, Collection of Pipe Music (1869)': the oldest printing, as the setting's source says it. */
function printed(rights: LibraryRights): string {
  const { title, by, year, circa } = rights.source;
  const when = year === null ? '' : ` (${circa ? 'c. ' : ''}${year})`;
  return `${SOURCE}. Melody: ${title}, ${by}${when}`;
}

/** 'Trad.' in a file header is the library's 'Traditional'. */
function composerName(text: string): string {
  return !text || /^trad\.?$/i.test(text) || /^traditional$/i.test(text) ? 'Traditional' : text;
}

/** One file's seed input, from its header and its rights record. */
export function builtinTuneFrom(id: string, bww: string): BuiltinTuneInput {
  const [tune] = parseBww(bww).tunes;
  const rights = rightsOf(id);
  const time = tune ? timeSignatureOf(tune) : null;
  return {
    id,
    title: (tune && tuneText(tune, 'title')) || id,
    aliases: ALIASES[id] ?? [],
    type: tuneTypeOf(tune ? tuneText(tune, 'type') : '', time),
    timeSignature: time ?? 'other',
    composer: rights?.composer ?? composerName(tune ? tuneText(tune, 'composer') : ''),
    composerDates: rights?.composerDied ? `died ${rights.composerDied}` : null,
    source: rights ? printed(rights).slice(0, 300) : SOURCE,
    licence: 'public-domain',
    notes: rights ? `Rights: ${rights.verdict}. ${rights.notes}`.slice(0, 4_000) : null,
    bww,
  };
}

/** Every built-in tune, in file-name order. */
export function readBuiltinTunes(dir: string = builtinTuneDir()): BuiltinTuneInput[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.bww'))
    .sort()
    .map((name) => builtinTuneFrom(name.slice(0, -4), readFileSync(`${dir}/${name}`, 'utf8')));
}
