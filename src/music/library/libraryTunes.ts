/**
 * The built-in tune library of the Sheet Music screen (issue 6, item 8; spec §2.1 /sheet-music).
 * Every tune is a public-domain melody transcribed into BWW by this project, with the
 * embellishments pipers play on it; the .bww files beside this module are the project's own
 * arrangements (MIT, like the code) — never copies of other people's files (a test checks the
 * shared corpus for long shared runs).
 *
 * The texts are bundled with Vite's raw import so the library needs no network: the Sheet Music
 * screen is a lazy chunk, so this costs the start page nothing. Vitest runs through Vite, so the
 * same glob works in tests.
 */
export interface LibraryTune {
  /** File name without '.bww', used in URLs and as a React key. */
  id: string;
  title: string;
  /** March, Slow Air, Jig, Reel, Strathspey, Waltz, Hornpipe. */
  type: string;
  /** As BWW writes it: '2_4', '3_4', '4_4', '6_8'. */
  timeSignature: string;
  bww: string;
}

const sources = import.meta.glob<string>('./*.bww', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** What the list shows before a tune is parsed; a test holds it to each file's own header. */
const catalogue: readonly Omit<LibraryTune, 'bww'>[] = [
  { id: 'amazing-grace', title: 'Amazing Grace', type: 'Slow Air', timeSignature: '3_4' },
  { id: 'atholl-highlanders', title: 'The Atholl Highlanders', type: 'Jig', timeSignature: '6_8' },
  { id: 'auld-lang-syne', title: 'Auld Lang Syne', type: 'Slow Air', timeSignature: '4_4' },
  {
    id: 'barren-rocks-of-aden',
    title: 'The Barren Rocks of Aden',
    type: 'March',
    timeSignature: '2_4',
  },
  { id: 'bonnie-dundee', title: 'Bonnie Dundee', type: 'March', timeSignature: '6_8' },
  {
    id: 'brown-haired-maiden',
    title: 'The Brown Haired Maiden',
    type: 'March',
    timeSignature: '2_4',
  },
  { id: 'campbeltown-loch', title: 'Campbeltown Loch', type: 'Jig', timeSignature: '6_8' },
  { id: 'cock-o-the-north', title: "Cock o' the North", type: 'Jig', timeSignature: '6_8' },
  { id: 'erchless-castle', title: 'Erchless Castle', type: 'March', timeSignature: '2_4' },
  { id: 'forbes-march', title: "The Forbes' March", type: 'March', timeSignature: '2_4' },
  {
    id: 'green-hills-of-tyrol',
    title: 'The Green Hills of Tyrol',
    type: 'March',
    timeSignature: '3_4',
  },
  {
    id: 'high-road-to-linton',
    title: 'The High Road to Linton',
    type: 'Reel',
    timeSignature: '2_2',
  },
  { id: 'hundred-pipers', title: "Wi' a Hundred Pipers", type: 'Jig', timeSignature: '6_8' },
  { id: 'minstrel-boy', title: 'The Minstrel Boy', type: 'March', timeSignature: '4_4' },
  {
    id: 'mrs-macleod-of-raasay',
    title: 'Mrs MacLeod of Raasay',
    type: 'Reel',
    timeSignature: '2_2',
  },
  { id: 'reel-of-tulloch', title: 'The Reel of Tulloch', type: 'Reel', timeSignature: '2_2' },
  {
    id: 'sally-gardens',
    title: 'Down by the Sally Gardens',
    type: 'Slow Air',
    timeSignature: '4_4',
  },
  { id: 'scotland-the-brave', title: 'Scotland the Brave', type: 'March', timeSignature: '4_4' },
  { id: 'stalker-castle', title: 'Stalker Castle', type: 'March', timeSignature: '3_4' },
  { id: 'skye-boat-song', title: 'The Skye Boat Song', type: 'Slow Air', timeSignature: '6_8' },
  { id: 'water-is-wide', title: 'The Water Is Wide', type: 'Slow Air', timeSignature: '4_4' },
];

/** Titles sort as pipers look them up: 'The Barren Rocks of Aden' under B. */
const sortKey = (title: string): string => title.replace(/^The\s+/i, '');

/** The library, in title order. A catalogue entry without its file is left out (a test fails). */
export const libraryTunes: readonly LibraryTune[] = catalogue
  .flatMap((entry) => {
    const bww = sources[`./${entry.id}.bww`];
    return bww === undefined ? [] : [{ ...entry, bww }];
  })
  .sort((a, b) => sortKey(a.title).localeCompare(sortKey(b.title), 'en'));

/** Ids of the .bww files present, for the test that every file is catalogued. */
export const libraryFileIds: readonly string[] = Object.keys(sources).map((path) =>
  path.replace(/^\.\//, '').replace(/\.bww$/, ''),
);
