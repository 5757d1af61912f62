/**
 * The built-in tunes as the library seeds them (issue 15 items 2 and 10): one small typed
 * input per tune, so the rights of each tune (composer, dates, oldest printed source, licence —
 * src/music/library/libraryRights.ts once it lands) can be laid over it in one place.
 *
 * The .bww files are read from disk, not through Vite's import.meta.glob (which neither tsx
 * nor the esbuild server bundle has): beside the sources in src/music/library, or in
 * dist-server/library-tunes where scripts/build-server.mjs copies them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Licence, TuneType } from '../../../contracts/library/libraryTerms.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
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

/**
 * What the README of src/music/library says beyond each file's header: composers with their
 * dates, the names a tune is also known by. Until libraryRights.ts lands (issue 15 item 10).
 */
const KNOWN: Readonly<
  Record<
    string,
    Partial<Pick<BuiltinTuneInput, 'aliases' | 'composer' | 'composerDates' | 'notes'>>
  >
> = {
  'barren-rocks-of-aden': { composer: 'James Mauchline / Alexander MacKellar' },
  'cock-o-the-north': { aliases: ['Cock of the North'] },
  'forbes-march': { composer: 'Alexander Walker', composerDates: '19th century' },
  'green-hills-of-tyrol': {
    composer: 'P/M John MacLeod',
    notes: 'Set for the pipes in 1854, after a melody from Rossini.',
  },
  'hundred-pipers': { aliases: ['A Hundred Pipers', 'Wi a Hundred Pipers an a'] },
  'mairis-wedding': { aliases: ['Lewis Bridal Song', 'Marie’s Wedding'] },
  'minstrel-boy': { aliases: ['The Moreen'] },
  'sally-gardens': { aliases: ['The Sally Gardens'] },
  'skye-boat-song': { notes: 'Air collected by Anne C. MacLeod.' },
};

const SOURCE = 'Chanterlab built-in library: transcribed for the Highland pipe (arrangement MIT)';

/** 'Trad.' in a file header is the library's 'Traditional'. */
function composerName(text: string): string {
  return !text || /^trad\.?$/i.test(text) || /^traditional$/i.test(text) ? 'Traditional' : text;
}

/** One file's seed input, from its header and KNOWN. */
export function builtinTuneFrom(id: string, bww: string): BuiltinTuneInput {
  const [tune] = parseBww(bww).tunes;
  const known = KNOWN[id] ?? {};
  const time = tune ? timeSignatureOf(tune) : null;
  return {
    id,
    title: (tune && tuneText(tune, 'title')) || id,
    aliases: known.aliases ?? [],
    type: tuneTypeOf(tune ? tuneText(tune, 'type') : '', time),
    timeSignature: time ?? 'other',
    composer: known.composer ?? composerName(tune ? tuneText(tune, 'composer') : ''),
    composerDates: known.composerDates ?? null,
    source: SOURCE,
    licence: 'public-domain',
    notes: known.notes ?? null,
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
